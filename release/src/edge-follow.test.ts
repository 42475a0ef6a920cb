import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import localTls from '../../scripts/lib/local-tls.cjs';
import { EDGE_VARIABLE, waitForEdge } from './edge-follow';
import { settingsPath } from './environment-settings';
import { tempDir } from './testing/fake-build';
import { fakeEdge, type FakeEdge } from './testing/fake-edge';

async function rootWithSettings(settings: unknown) {
  const root = await tempDir('edge');
  await mkdir(path.dirname(settingsPath(root, 'production')), { recursive: true });
  await writeFile(settingsPath(root, 'production'), JSON.stringify(settings));
  return root;
}

let edge: FakeEdge;
beforeEach(async () => {
  edge = await fakeEdge(3);
});
afterEach(() => {
  delete process.env[EDGE_VARIABLE];
  edge.server.close();
});

test('waits until the edge named in the settings serves the revision written', async () => {
  const root = await rootWithSettings({ edge: { origin: `${edge.url}/` } });
  const taken = setTimeout(() => (edge.revision = 4), 300);
  const outcome = await waitForEdge(root, 'production', 4, { everyMs: 50 });
  clearTimeout(taken);
  expect(outcome).toMatchObject({ status: 'served', origin: edge.url });
  expect(edge.asks).toBeGreaterThan(1);
});

test('a later revision holds the one written: served', async () => {
  process.env[EDGE_VARIABLE] = edge.url;
  edge.revision = 9;
  expect(await waitForEdge(await tempDir('edge'), 'production', 4)).toMatchObject({ status: 'served' });
});

test('an edge that never serves it is said, with what it serves, once the wait is over', async () => {
  process.env[EDGE_VARIABLE] = edge.url;
  const outcome = await waitForEdge(await tempDir('edge'), 'production', 4, { timeoutMs: 400, everyMs: 50 });
  expect(outcome).toEqual({
    status: 'not-served',
    message: `Revision 4 is written, but the edge ${edge.url} did not serve it within 0.4 s (it serves revision 3): members get it once the edge takes it up.`,
  });
});

test('an edge that cannot be reached is said too', async () => {
  process.env[EDGE_VARIABLE] = edge.url;
  edge.server.close();
  const outcome = await waitForEdge(await tempDir('edge'), 'production', 4, { timeoutMs: 300, everyMs: 50 });
  expect(outcome).toMatchObject({ status: 'not-served', message: expect.stringMatching(/ECONNREFUSED/) });
});

test('a wait stopped (a walk is stopped by Ctrl+C) ends at once and says so', async () => {
  process.env[EDGE_VARIABLE] = edge.url;
  const stop = new AbortController();
  setTimeout(() => stop.abort(), 200);
  const outcome = await waitForEdge(await tempDir('edge'), 'production', 4, { everyMs: 50, signal: stop.signal });
  expect(outcome).toEqual({
    status: 'not-served',
    message: `Revision 4 is written; the wait for the edge ${edge.url} was stopped: members get it once the edge takes it up.`,
  });
});

test('no edge named: no wait, nothing asked', async () => {
  expect(await waitForEdge(await tempDir('edge'), 'production', 4)).toEqual({ status: 'not-configured' });
  expect(await waitForEdge(await rootWithSettings({ notify: {} }), 'production', 4)).toEqual({
    status: 'not-configured',
  });
  expect(edge.asks).toBe(0);
});

test('settings that do not name an http(s) edge are said, not thrown', async () => {
  const root = await rootWithSettings({ edge: { origin: 'file:///etc/passwd' } });
  expect(await waitForEdge(root, 'production', 4)).toMatchObject({
    status: 'not-served',
    message: expect.stringMatching(/The edge of production is not known: .* must be an http\(s\) URL/),
  });
  expect(edge.asks).toBe(0);
});

describe("the local preview's edge over TLS", () => {
  /** An edge serving revision 4 over TLS with the preview's certificate, on `host`. */
  async function previewEdge(host: string): Promise<FakeEdge> {
    const files = await localTls.ensureLocalCertificate();
    const tls = { cert: await readFile(files.certificate, 'utf8'), key: await readFile(files.key, 'utf8') };
    return fakeEdge(4, { tls, host });
  }
  let preview: FakeEdge | undefined;
  afterEach(() => preview?.server.close());

  test('is followed with the local authority trusted for it alone, without NODE_EXTRA_CA_CERTS', async () => {
    // Node reads the variable once, at its start: this process was not told to trust the authority
    // (a machine may name its own bundle there; never the project's local one).
    expect(process.env.NODE_EXTRA_CA_CERTS ?? '').not.toContain('local-tls');
    preview = await previewEdge('127.0.0.1');
    process.env[EDGE_VARIABLE] = preview.url;
    const outcome = await waitForEdge(await tempDir('edge'), 'production', 4, { timeoutMs: 2_000 });
    expect(outcome).toMatchObject({ status: 'served', origin: preview.url });
    // Nothing else learned to trust it: Node's own fetch still refuses the certificate.
    await expect(fetch(`${preview.url}/release-manifest.json`)).rejects.toMatchObject({
      cause: { code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' },
    });
  });

  test('another host is not trusted with it: its certificate is not verified', async () => {
    // 127.0.0.2 is this machine too, but not one of the preview's hosts (localHosts).
    preview = await previewEdge('127.0.0.2');
    process.env[EDGE_VARIABLE] = preview.url;
    const outcome = await waitForEdge(await tempDir('edge'), 'production', 4, { timeoutMs: 300, everyMs: 50 });
    // Trusted, the chain would pass and the name fail ("does not match certificate's altnames").
    expect(outcome).toMatchObject({
      status: 'not-served',
      message: expect.stringMatching(/\(unable to verify the first certificate\)/),
    });
  });
});
