// Production builds of the shell and the registry's remotes in one webpack process (a multi-compiler
// shares one worker pool, which is much faster than four processes on a two-core machine). With
// the shell built, also the production edge's nginx configuration of each environment that has a
// release manifest in the deploy root (DEPLOY_ROOT, default ./deploy): edge/dist/<env>/nginx.conf.
import { createRequire } from 'node:module';
import path from 'node:path';
import webpack from 'webpack';
import { writeProductionEdgeConfigs } from '../edge/production.mjs';

const require = createRequire(import.meta.url);
const { appPackages } = require('../lib/apps.cjs');
const apps = process.argv[2] ? process.argv[2].split(',') : appPackages;
if (process.env.BUILD_OUTPUT_DIR && apps.length !== 1) {
  console.error(
    `BUILD_OUTPUT_DIR applies to a build of one app: name it, e.g. \`node scripts/run/build.mjs ${appPackages.at(-1)}\`.`,
  );
  process.exit(2);
}
const configs = apps.map((app) => require(`../../${app}/webpack.config.cjs`)({}, { mode: 'production' }));

const started = Date.now();
webpack(configs, (error, stats) => {
  if (error) {
    console.error(error);
    process.exit(1);
  }
  const output = stats.toString({ colors: process.stdout.isTTY, preset: 'errors-warnings' });
  if (output.trim()) console.log(output);
  if (stats.hasErrors()) process.exit(1);
  console.log(`Built ${apps.join(', ')} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (apps.includes('shell') && !process.env.BUILD_OUTPUT_DIR) {
    writeProductionEdgeConfigs({ deployRoot: path.resolve(process.env.DEPLOY_ROOT || 'deploy') }).then(
      (outcomes) => {
        for (const { env, written, revision, why } of outcomes) {
          console.log(
            written
              ? `Edge of ${env}: ${written} (release manifest revision ${revision})`
              : `Edge of ${env}: not written, ${why}`,
          );
        }
      },
      (failure) => {
        console.error(`The production edge's configuration could not be written: ${failure.message}`);
        process.exit(1);
      },
    );
  }
});
