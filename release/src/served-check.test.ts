import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { startTestEdge } from '../../scripts/edge/edge-for-tests.mjs';
import { checkServed } from './checks';
import { resolveRemote } from './deploy-layout';
import { publish } from './publish';
import { fakeBuild, tempDir } from './testing/fake-build';

interface TestEdge {
  origins: Record<string, string>;
  stop(): Promise<void>;
}

describe('checking a candidate where browsers will fetch it (--check-url)', () => {
  let edge: TestEdge;
  let origin: string;
  let integrity: string;

  beforeAll(async () => {
    const root = await tempDir('served');
    ({ integrity } = await publish({
      root,
      remote: resolveRemote('mf-points'),
      actor: 'ada',
      from: await fakeBuild('1.0.0'),
    }));
    // Served as a remote's origin is in production: its versions, by the portal's edge, whose
    // workers may read what any user may (the fake build's folder is private, as mkdtemp makes it).
    execFileSync('chmod', ['-R', 'go+rX', root]);
    edge = (await startTestEdge([
      { name: 'mf_points', roots: [path.join(root, 'mf-points')], pages: false, cors: true },
    ])) as TestEdge;
    origin = edge.origins.mf_points!;
  }, 60_000);

  afterAll(() => edge?.stop());

  it('passes when the manifest loads and the served entry has the published integrity', async () => {
    await expect(checkServed(`${origin}/1.0.0/remoteEntry.js`, integrity)).resolves.toBeUndefined();
  });

  it('fails when the served entry differs from what was published', async () => {
    await expect(checkServed(`${origin}/1.0.0/remoteEntry.js`, 'sha384-other')).rejects.toThrow(/does not match/);
  });

  it('fails when nothing is served there', async () => {
    await expect(checkServed(`${origin}/9.9.9/remoteEntry.js`, integrity)).rejects.toThrow(/answered 404/);
  });
});
