import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
// @ts-expect-error -- an ES module of the scripts, without type declarations
import { startStaticServer } from '../../scripts/lib/static-server.mjs';
import { checkServed } from './checks';
import { resolveRemote } from './deploy-layout';
import { publish } from './publish';
import { fakeBuild, tempDir } from './testing/fake-build';

describe('checking a candidate where browsers will fetch it (--check-url)', () => {
  let server: Server;
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
    server = (await startStaticServer({ root: path.join(root, 'mf-points'), port: 0, cors: true })) as Server;
    origin = `http://localhost:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise((resolve) => server.close(resolve)));

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
