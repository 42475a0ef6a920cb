// `npm run edge:config`: writes the production edge's configuration of each environment again
// (edge/dist/<env>/nginx.conf), as `npm run build` does: after a release, since the shell's
// policy, its preloads and `/release-manifest.json` follow the environment's manifest.
//
//   npm run edge:config                                   every environment of edge/environments.json
//   npm run edge:config -- --env production --deploy-root /srv/loyalty/deploy
import path from 'node:path';
import { parseArgs } from 'node:util';
import { writeProductionEdgeConfigs } from './production.mjs';

const { values: options } = parseArgs({
  options: {
    'deploy-root': { type: 'string', default: process.env.DEPLOY_ROOT || 'deploy' },
    env: { type: 'string', multiple: true },
  },
});

const outcomes = await writeProductionEdgeConfigs({
  deployRoot: path.resolve(options['deploy-root']),
  envs: options.env,
});
for (const { env, written, revision, why } of outcomes) {
  console.log(written ? `${env}: ${written} (release manifest revision ${revision})` : `${env}: not written, ${why}`);
}
