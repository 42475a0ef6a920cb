import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FederationManifest } from '../built-remote';

export const tempDir = (prefix: string) => mkdtemp(path.join(os.tmpdir(), `release-${prefix}-`));

/** A folder shaped like `mf-points/dist` after `npm run build`, small enough for unit tests. */
export async function fakeBuild(
  version: string,
  overrides: Partial<FederationManifest> & { entry?: string; pkg?: string } = {},
): Promise<string> {
  const dir = await tempDir('build');
  const { entry = `/* mf_points ${version} */`, pkg = 'mf-points', ...manifest } = overrides;
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'remoteEntry.js'), entry);
  await writeFile(path.join(dir, '__federation_expose_routes.0123456789.js'), '/* routes */');
  await writeFile(path.join(dir, 'version.json'), JSON.stringify({ name: pkg, version }));
  await writeFile(
    path.join(dir, 'mf-manifest.json'),
    JSON.stringify({
      name: pkg.replace(/-/g, '_'),
      metaData: { buildInfo: { buildVersion: version } },
      shared: [{ name: 'react', version: '19.2.0', requiredVersion: '^19.0.0', singleton: true }],
      exposes: [{ name: 'routes', path: './routes' }],
      ...manifest,
    }),
  );
  return dir;
}

/** The shell's federation manifest as the checks read it. */
export async function fakeShellManifest(reactVersion = '19.2.0', reactRange = '^19.0.0'): Promise<string> {
  const dir = await tempDir('shell');
  const file = path.join(dir, 'mf-manifest.json');
  await writeFile(
    file,
    JSON.stringify({
      name: 'shell',
      shared: [{ name: 'react', version: reactVersion, requiredVersion: reactRange, singleton: true }],
      exposes: [],
    }),
  );
  return file;
}
