/**
 * Label values come from the release manifests, never from a report: the attacks that took every
 * version slot of a remote and flooded Prometheus with made-up series, tried again, bounded.
 */
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo, Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildReceiver } from './receiver';
import localTls from '../../scripts/lib/local-tls.cjs';
import { ReleaseCatalog, type ManifestView } from './release-catalog';
import { MAX_EVENTS_PER_BATCH } from '@loyalty/shared/telemetry';
import {
  postTo,
  metricsTextOf,
  SAMPLE_MANIFESTS,
  SHELL_VERSION,
  sampleReceiver,
  reportBatch,
} from './testing/sample-reports';

/** Versions as the schema lets them be written, none of them released: what a forger would name. */
const VERSIONS_AS_WRITTEN = Array.from({ length: MAX_EVENTS_PER_BATCH }, (_, index) => `9.${index}.${index % 7}`);

let app: FastifyInstance;
afterEach(() => app?.close());

const post = (body: unknown) => postTo(app, body);
const metricsText = () => metricsTextOf(app);
/** Series labelled with a release (the receiver's own counters, by reason, are bounded by their reasons). */
const seriesCount = (text: string) =>
  text.split('\n').filter((line) => line.startsWith('loyalty_') && line.includes('remote="')).length;
const versionsOf = (text: string, remote: string) =>
  new Set([...text.matchAll(new RegExp(`remote="${remote}",version="([^"]+)"`, 'g'))].map(([, version]) => version));
const errorEvent = (version: string, channel = 'canary', remote = 'mf_points') => ({
  type: 'error',
  remote,
  version,
  channel,
  kind: 'boundary',
});
/** A page that threw: its landing and its error (an error counts on a page its pass reported). */
const failedPage = (version: string, channel = 'canary', remote = 'mf_points') => [
  { type: 'page', remote, version, channel, navigation: 'load' },
  errorEvent(version, channel, remote),
];

test('one report naming made-up versions takes no version slot: the next canary is still counted as itself', async () => {
  ({ app } = await buildReceiver(sampleReceiver()));
  const forged = await post(
    reportBatch(
      'production',
      VERSIONS_AS_WRITTEN.slice(0, 24).map((version) => errorEvent(version)),
    ),
  );
  expect(forged.statusCode).toBe(422);
  expect(forged.json()).toEqual({ error: 'The report names no release served in "production".' });
  expect((await post(reportBatch('production', failedPage('1.1.0')))).statusCode).toBe(204);
  const text = await metricsText();
  // The versions the manifest serves (their series wait at zero), and no other.
  expect(versionsOf(text, 'mf_points')).toEqual(new Set(['1.0.0', '1.1.0']));
  expect(text).toMatch(
    /loyalty_errors_total\{remote="mf_points",version="1\.1\.0",channel="canary",environment="production",kind="boundary"\} 1/,
  );
  expect(text).toMatch(/loyalty_telemetry_events_refused_total\{reason="unlisted",environment="production"\} 24/);
  expect(text).not.toMatch(/version="other"/);
});

test('a channel, environment or remote the manifests do not serve is not counted either', async () => {
  ({ app } = await buildReceiver(sampleReceiver()));
  const refused = [
    { environment: 'production', event: failedPage('1.0.0', 'canary') }, // stable's version as a canary
    { environment: 'production', event: failedPage('1.1.0', 'stable') }, // the canary as stable
    { environment: 'staging', event: failedPage('1.1.0') }, // no manifest for staging
    { environment: 'production', event: failedPage('1.1.0', 'canary', 'mf_profile') }, // no canary there
    { environment: 'production', event: failedPage('9.9.9', 'stable', 'shell') }, // not the shell's version
  ];
  for (const { environment, event } of refused) {
    expect((await post(reportBatch(environment, event))).statusCode).toBe(422);
  }
  const accepted = [
    ...failedPage('1.1.0', 'override'),
    ...failedPage('1.0.0', 'override'),
    ...failedPage(SHELL_VERSION, 'stable', 'shell'),
  ];
  expect((await post(reportBatch('production', accepted))).statusCode).toBe(204);
  const text = await metricsText();
  expect(text).toMatch(/loyalty_telemetry_events_refused_total\{reason="unlisted",environment="production"\} 8/);
  // Staging's events are dropped too, under no label of the client's own: no manifest serves staging.
  expect(text).toMatch(/loyalty_telemetry_events_refused_total\{reason="unlisted",environment="unknown"\} 2/);
  expect(text).not.toMatch(/environment="staging"/);
});

test('25 requests of made-up releases create no series: the metrics stay the size the manifests allow', async () => {
  ({ app } = await buildReceiver(sampleReceiver()));
  // Every release the manifests serve, reported once: the most series there can be.
  const served = SAMPLE_MANIFESTS.flatMap(({ environment, remotes }) =>
    Object.entries(remotes).flatMap(([remote, channels]) => [
      { environment, event: failedPage(channels.stable.version, 'stable', remote) },
      ...(channels.canary ? [{ environment, event: failedPage(channels.canary.version, 'canary', remote) }] : []),
    ]),
  );
  for (const { environment, event } of served) await post(reportBatch(environment, event));
  const ceiling = seriesCount(await metricsText());

  for (let request = 0; request < 25; request += 1) {
    const events = VERSIONS_AS_WRITTEN.slice(0, MAX_EVENTS_PER_BATCH).map((version, index) =>
      errorEvent(version, ['stable', 'canary', 'override'][index % 3], ['mf_points', 'mf_auth', 'shell'][request % 3]),
    );
    for (const environment of ['production', 'local', 'staging', 'e2e']) {
      await post(reportBatch(environment, events));
    }
  }
  expect(seriesCount(await metricsText())).toBe(ceiling);
});

test("a release that leaves the manifest takes its series with it, read from the manifest's file", async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'release-labels-'));
  const file = path.join(dir, 'production.json');
  const manifest = (canary?: string): ManifestView => ({
    environment: 'production',
    remotes: {
      mf_points: { stable: { version: '1.0.0' }, ...(canary ? { canary: { version: canary, percent: 10 } } : {}) },
    },
  });
  await writeFile(file, JSON.stringify(manifest('1.1.0')));
  const releases = new ReleaseCatalog({ sources: [file], shellVersions: [], minRefreshGapMs: 0 });
  await releases.refresh();
  ({ app } = await buildReceiver({ ...sampleReceiver(), releases }));
  expect((await post(reportBatch('production', failedPage('1.1.0')))).statusCode).toBe(204);
  expect(versionsOf(await metricsText(), 'mf_points')).toEqual(new Set(['1.0.0', '1.1.0']));

  // Rolled back: 1.1.0 is gone from the manifest, and from the metrics once the receiver reads it.
  await writeFile(file, JSON.stringify(manifest()));
  await releases.refresh();
  expect(versionsOf(await metricsText(), 'mf_points')).toEqual(new Set(['1.0.0']));
  expect((await post(reportBatch('production', failedPage('1.1.0')))).statusCode).toBe(422);

  // A new canary is counted from its first report: the receiver reads the manifest again on meeting it.
  await writeFile(file, JSON.stringify(manifest('1.2.0')));
  expect((await post(reportBatch('production', failedPage('1.2.0')))).statusCode).toBe(204);
});

describe("the preview's edge over TLS", () => {
  let edge: Server | undefined;
  afterEach(() => edge?.close());

  /** The preview's edge serving `manifest` with the project's local certificate. */
  async function previewEdge(manifest: ManifestView, host: string): Promise<string> {
    const files = await localTls.ensureLocalCertificate();
    const tls = { cert: await readFile(files.certificate, 'utf8'), key: await readFile(files.key, 'utf8') };
    edge = createTlsServer(tls, (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(manifest));
    });
    await new Promise<void>((resolve) => edge!.listen(0, host, resolve));
    return `https://${host}:${(edge.address() as AddressInfo).port}/release-manifest.json`;
  }
  const served: ManifestView = { environment: 'local', remotes: { mf_points: { stable: { version: 'local' } } } };
  /** A receiver whose manifest is read from `source` as its own start reads it (telemetry/src/main.ts). */
  async function receiverReading(source: string) {
    const releases = new ReleaseCatalog({
      sources: [source],
      shellVersions: [],
      fetch: localTls.fetchTrustingLocalEdge,
    });
    await releases.refresh();
    ({ app } = await buildReceiver({ ...sampleReceiver(), releases }));
  }

  test('is read with the local authority trusted for it alone, whatever NODE_EXTRA_CA_CERTS says', async () => {
    // As the receiver's own start reads it (telemetry/src/main.ts): a machine may name its own
    // bundle in NODE_EXTRA_CA_CERTS, and this process was not told to trust the project's authority.
    expect(process.env.NODE_EXTRA_CA_CERTS ?? '').not.toContain('local-tls');
    const source = await previewEdge(served, '127.0.0.1');
    await receiverReading(source);
    expect((await post(reportBatch('local', failedPage('local', 'stable')))).statusCode).toBe(204);
    // Nothing else learned to trust it: Node's own fetch still refuses the certificate.
    await expect(fetch(source)).rejects.toMatchObject({ cause: { code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' } });
  });

  test('another host is not trusted with it: its manifest is not read', async () => {
    // 127.0.0.2 is this machine too, but not one of the preview's hosts (localHosts).
    const source = await previewEdge(served, '127.0.0.2');
    await receiverReading(source);
    expect((await post(reportBatch('local', failedPage('local', 'stable')))).statusCode).toBe(422);
  });
});
