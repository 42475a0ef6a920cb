import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { readAudit } from './audit-log';
import { canary, pin, promote, rollback, status, type EnvOptions } from './commands';
import { CheckFailedError, manifestPath, resolveRemote } from './deploy-layout';
import { RevisionConflictError, readManifest, updateManifest } from './manifest-store';
import { PublishRefusedError, publish } from './publish';
import { fakeBuild, fakeShellManifest, tempDir } from './testing/fake-build';

const points = resolveRemote('mf-points');
const BASE = 'https://cdn.example/mf-points';

async function deployRoot() {
  const root = await tempDir('root');
  const shellManifest = await fakeShellManifest();
  const options: EnvOptions = { root, env: 'production', actor: 'ada', shellManifest };
  return { root, options };
}

async function published(root: string, version: string, build?: Parameters<typeof fakeBuild>[1]) {
  return publish({ root, remote: points, actor: 'ada', from: await fakeBuild(version, build) });
}

describe('publish', () => {
  it('copies the build to <root>/<remote>/<version>/ with the SHA-384 integrity of its entry', async () => {
    const { root } = await deployRoot();
    const record = await published(root, '1.0.0');
    const dir = path.join(root, 'mf-points', '1.0.0');
    expect(await readFile(path.join(dir, 'remoteEntry.js'), 'utf8')).toBe('/* mf_points 1.0.0 */');
    expect(record.integrity).toMatch(/^sha384-[A-Za-z0-9+/]{64}$/);
    expect(JSON.parse(await readFile(path.join(dir, 'release.json'), 'utf8'))).toMatchObject({
      version: '1.0.0',
      integrity: record.integrity,
      publishedBy: 'ada',
    });
    expect((await readAudit(root)).map((entry) => entry.action)).toEqual(['publish']);
  });

  it('refuses to overwrite a published version, and leaves it untouched', async () => {
    const { root } = await deployRoot();
    await published(root, '1.0.0');
    await expect(published(root, '1.0.0', { entry: '/* other bytes */' })).rejects.toBeInstanceOf(PublishRefusedError);
    expect(await readFile(path.join(root, 'mf-points', '1.0.0', 'remoteEntry.js'), 'utf8')).toBe(
      '/* mf_points 1.0.0 */',
    );
  });

  it('refuses a build whose version.json and mf-manifest.json disagree', async () => {
    const { root } = await deployRoot();
    const from = await fakeBuild('1.0.0', { metaData: { buildInfo: { buildVersion: '2.0.0' } } });
    await expect(publish({ root, remote: points, actor: 'ada', from })).rejects.toThrow(/disagree|says/);
  });
});

describe('rollout', () => {
  it('pins, runs a canary, promotes and rolls back, recording each step', async () => {
    const { root, options } = await deployRoot();
    await published(root, '1.0.0');
    await published(root, '1.1.0');

    await pin(options, points, '1.0.0', BASE);
    await canary(options, points, '1.1.0', 50, BASE);
    let manifest = await readManifest(root, 'production');
    expect(manifest.remotes.mf_points).toMatchObject({
      stable: { version: '1.0.0', entry: `${BASE}/1.0.0/remoteEntry.js` },
      canary: { version: '1.1.0', percent: 50, entry: `${BASE}/1.1.0/remoteEntry.js` },
    });
    expect(manifest.remotes.mf_points?.canary?.integrity).toMatch(/^sha384-/);

    await promote(options, points);
    manifest = await readManifest(root, 'production');
    expect(manifest.remotes.mf_points?.stable.version).toBe('1.1.0');
    expect(manifest.remotes.mf_points?.canary).toBeUndefined();

    await rollback(options, points);
    manifest = await readManifest(root, 'production');
    expect(manifest.remotes.mf_points?.stable.version).toBe('1.0.0');
    expect(manifest.revision).toBe(4);
    expect(await status(root, 'production')).toMatchObject({
      revision: 4,
      remotes: { mf_points: { stable: '1.0.0' } },
    });

    const audit = (await readAudit(root)).filter((entry) => entry.env === 'production');
    expect(audit.map(({ action, actor, revision }) => ({ action, actor, revision }))).toEqual([
      { action: 'pin', actor: 'ada', revision: 1 },
      { action: 'canary', actor: 'ada', revision: 2 },
      { action: 'promote', actor: 'ada', revision: 3 },
      { action: 'rollback', actor: 'ada', revision: 4 },
    ]);
    expect(audit[2]).toMatchObject({
      from: { stable: '1.0.0', canary: '1.1.0', percent: 50 },
      to: { stable: '1.1.0' },
    });
  });

  it('keeps one manifest per environment', async () => {
    const { root, options } = await deployRoot();
    await published(root, '1.0.0');
    await pin({ ...options, env: 'staging' }, points, '1.0.0', BASE);
    expect((await readManifest(root, 'staging')).remotes.mf_points?.stable.version).toBe('1.0.0');
    expect((await readManifest(root, 'production')).revision).toBe(0);
  });
});

describe('checks before a version goes live', () => {
  async function expectRefused(build: Parameters<typeof fakeBuild>[1], reason: RegExp) {
    const { root, options } = await deployRoot();
    await published(root, '1.0.0');
    await pin(options, points, '1.0.0', BASE);
    const before = await readFile(manifestPath(root, 'production'), 'utf8');
    await published(root, '1.1.0', build);
    const attempt = canary(options, points, '1.1.0', 10, BASE);
    await expect(attempt).rejects.toBeInstanceOf(CheckFailedError);
    await expect(attempt).rejects.toThrow(reason);
    expect(await readFile(manifestPath(root, 'production'), 'utf8')).toBe(before);
  }

  it('refuses a build that does not expose ./routes', () =>
    expectRefused({ exposes: [{ name: 'app', path: './app' }] }, /does not expose \.\/routes/));

  it('refuses shared versions the shell singletons cannot serve', () =>
    expectRefused(
      { shared: [{ name: 'react', version: '18.3.1', requiredVersion: '^18.0.0', singleton: true }] },
      /react 18\.3\.1, the shell requires \^19\.0\.0/,
    ));

  it('refuses a federation manifest of another remote', () =>
    expectRefused({ name: 'mf_profile' }, /expected "mf_points"/));

  it('refuses an entry changed after publishing', async () => {
    const { root, options } = await deployRoot();
    await published(root, '1.0.0');
    await writeFile(path.join(root, 'mf-points', '1.0.0', 'remoteEntry.js'), 'alert("tampered")');
    await expect(pin(options, points, '1.0.0', BASE)).rejects.toThrow(/changed after publishing/);
    expect((await readManifest(root, 'production')).revision).toBe(0);
  });

  it('refuses a version that was never published', async () => {
    const { options } = await deployRoot();
    await expect(pin(options, points, '9.9.9', BASE)).rejects.toThrow(/not published/);
  });
});

describe('revisions', () => {
  it('refuses to write over a revision other than the one asked for', async () => {
    const { root, options } = await deployRoot();
    await published(root, '1.0.0');
    await published(root, '1.1.0');
    await pin(options, points, '1.0.0', BASE);
    await expect(canary({ ...options, expectedRevision: 0 }, points, '1.1.0', 5, BASE)).rejects.toBeInstanceOf(
      RevisionConflictError,
    );
    expect((await readManifest(root, 'production')).revision).toBe(1);
  });

  it('never loses a change when commands run at the same time', async () => {
    const { root, options } = await deployRoot();
    const names = Array.from({ length: 4 }, (_, index) => `remote_${index}`);
    await Promise.all(
      names.map((name) =>
        updateManifest(options, async (current) => {
          // A slow check: every writer reads the same revision before any of them writes.
          await new Promise((resolve) => setTimeout(resolve, 20));
          return {
            next: {
              ...current,
              remotes: { ...current.remotes, [name]: { stable: { version: '1', entry: `x/${name}` } } },
            },
            audit: { action: 'test', remote: name, from: null, to: '1' },
          };
        }),
      ),
    );
    const manifest = await readManifest(root, 'production');
    expect(Object.keys(manifest.remotes).sort()).toEqual(names);
    expect(manifest.revision).toBe(names.length);
  });
});
