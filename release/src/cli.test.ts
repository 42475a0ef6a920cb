import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_ANALYSIS_FILE } from './analysis-config';
import { readAudit } from './audit-log';
import { REPO_ROOT } from './deploy-layout';
import { readManifest } from './manifest-store';
import { fakeBuild, fakeShellManifest, tempDir } from './testing/fake-build';
import { releaseCli } from './testing/killed-walk';
import { startReceiver, walkDeployRoot } from './testing/walk-world';

/** Runs the CLI as release managers do, in its own process. */
function cli(root: string, ...args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx'),
      [path.join(__dirname, 'cli.ts'), ...args, '--root', root],
      {
        env: { ...process.env, RELEASE_ACTOR: 'grace' },
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ code, output }));
  });
}

jest.setTimeout(60_000);

describe('the release CLI', () => {
  it('lets two release managers change the same environment at once without losing either change', async () => {
    const root = await tempDir('cli');
    const shell = await fakeShellManifest();
    await cli(root, 'publish', 'mf-points', '--from', await fakeBuild('1.0.0'));
    await cli(root, 'publish', 'mf-profile', '--from', await fakeBuild('2.0.0', { pkg: 'mf-profile' }));

    const [points, profile] = await Promise.all([
      cli(root, 'pin', 'mf-points', '1.0.0', '--shell-manifest', shell),
      cli(root, 'pin', 'mf-profile', '2.0.0', '--shell-manifest', shell),
    ]);
    expect(points.code).toBe(0);
    expect(profile.code).toBe(0);
    const manifest = await readManifest(root, 'production');
    expect(manifest.revision).toBe(2);
    expect(Object.keys(manifest.remotes).sort()).toEqual(['mf_points', 'mf_profile']);
    expect((await readAudit(root)).filter((entry) => entry.action === 'pin').map((entry) => entry.actor)).toEqual([
      'grace',
      'grace',
    ]);
  });

  it('exits non-zero and says why when a check fails, a version exists or a command is wrong', async () => {
    const root = await tempDir('cli');
    const build = await fakeBuild('1.0.0', { exposes: [] });
    expect((await cli(root, 'publish', 'mf-points', '--from', build)).code).toBe(0);

    const again = await cli(root, 'publish', 'mf-points', '--from', build);
    expect(again).toMatchObject({ code: 1, output: expect.stringMatching(/already published/) });

    const pin = await cli(root, 'pin', 'mf-points', '1.0.0', '--shell-manifest', await fakeShellManifest());
    expect(pin).toMatchObject({ code: 1, output: expect.stringMatching(/does not expose \.\/routes/) });
    expect((await readManifest(root, 'production')).revision).toBe(0);

    expect((await cli(root, 'launch', 'mf-points')).code).toBe(2);
  });

  it('exits 3 when a walk holds: a canary nobody reports on stays at its step, and the audit log says so', async () => {
    const receiver = await startReceiver();
    try {
      const options = await walkDeployRoot();
      const analysis = path.join(options.root, 'analysis.json');
      const shipped = JSON.parse(await readFile(DEFAULT_ANALYSIS_FILE, 'utf8')) as Record<string, unknown>;
      await writeFile(analysis, JSON.stringify({ ...shipped, checkEvery: '250ms', holdAfter: '1s' }));
      const walk = releaseCli(options, [
        ...['canary', 'mf-points', '1.1.0', '--steps', '25,100', '--interval', '1s'],
        ...['--analysis', analysis, '--metrics-url', `${receiver.url}/metrics`],
      ]);
      expect(await walk.ended).toBe(3);
      expect(walk.output()).toMatch(/Held at 25 %: too little data/);
      const manifest = await readManifest(options.root, 'production');
      expect(manifest.remotes.mf_points!.canary).toMatchObject({ version: '1.1.0', percent: 25 });
      expect((await readAudit(options.root)).at(-1)).toMatchObject({ action: 'hold' });
    } finally {
      await receiver.close();
    }
  });
});
