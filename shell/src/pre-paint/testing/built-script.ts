import { execFileSync } from 'node:child_process';
import path from 'node:path';

const PLUGIN = path.join(__dirname, '..', '..', '..', '..', 'webpack', 'pre-paint', 'pre-paint-scripts-plugin.cjs');

/**
 * The script the shell's build makes of `src/pre-paint/<name>.ts`, as the browser gets it (the
 * tests run what is served, not its sources). Built in a Node process of its own: esbuild refuses
 * to run inside jsdom's globals.
 */
export function builtPrePaintScript(name: 'theme-init' | 'start-up-requests' | 'locale-data'): string {
  const entry = path.join(__dirname, '..', `${name}.ts`);
  const program = `require(${JSON.stringify(PLUGIN)}).buildPrePaintScript(${JSON.stringify(entry)})
    .then(({ code }) => process.stdout.write(code), (error) => { console.error(error); process.exit(1); })`;
  return execFileSync(process.execPath, ['-e', program], { encoding: 'utf8' });
}
