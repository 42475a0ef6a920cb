/**
 * The canary's cohort is the receiver's choice (decision 060): each pass's answer sets the page's
 * network's cohort, and a pass names a canary only for a network whose cohort the canary's share
 * covers, whatever the page claims. So a client reaches a canary from that share of its networks
 * alone, and a page loads what its reports will be counted for.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { COHORT_COOKIE, chooseRelease, type RemoteChannels } from '@loyalty/shared/config';
import { buildReceiver, PASS_ROUTE } from './receiver';
import { ReleaseCatalog, type ManifestView } from './release-catalog';
import { PassSigner } from './reporter-pass';
import { CANARY, SAMPLE_PASSES, STABLE, sampleReceiver, setCookieOf } from './testing/sample-reports';

let app: FastifyInstance | undefined;
afterEach(() => app?.close());

/** A manifest of mf-points with its canary at `percent`, in a file the receiver reads. */
async function manifestFile(percent: number) {
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'network-cohort-')), 'production.json');
  const write = (share: number) =>
    writeFile(
      file,
      JSON.stringify({
        environment: 'production',
        remotes: {
          mf_points: { stable: { version: STABLE.version }, canary: { version: CANARY.version, percent: share } },
        },
      } satisfies ManifestView),
    );
  await write(percent);
  return { file, write };
}

async function receiverReading(file: string, passes: PassSigner = SAMPLE_PASSES) {
  // No gap between readings: the test changes the file and asks at once.
  const releases = new ReleaseCatalog({ sources: [file], shellVersions: [], minRefreshGapMs: 0 });
  await releases.refresh();
  ({ app } = await buildReceiver({ ...sampleReceiver(), releases, passes }));
  return releases;
}

/** A page at `address` asking for its pass, naming stable and the canary; `cookie` as it sends it. */
const askForPass = (address: string, cookie?: string) =>
  app!.inject({
    method: 'POST',
    url: PASS_ROUTE,
    remoteAddress: '127.0.0.1',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': address,
      ...(cookie ? { cookie } : {}),
    },
    payload: JSON.stringify({ format: 2, environment: 'production', releases: [STABLE, CANARY] }),
  });

const cohortOf = async (address: string) => setCookieOf(await askForPass(address), COHORT_COOKIE);
const valueOf = (cookie: string | null) => cookie!.split(';')[0]!.slice(`${COHORT_COOKIE}=`.length);
/** Whether the pass the receiver gave names the canary as well as stable. */
const namesCanary = async (address: string, cookie?: string) => {
  const answer = await askForPass(address, cookie);
  expect(answer.statusCode).toBe(201);
  return (answer.json() as { releases: number }).releases === 2;
};

const channels = (percent: number): RemoteChannels => ({
  stable: { version: STABLE.version, entry: 'https://cdn/1.0.0/remoteEntry.js' },
  canary: { version: CANARY.version, entry: 'https://cdn/1.1.0/remoteEntry.js', percent },
});

test("a pass's answer sets the network's cohort: readable by the page, the same across one home's /64s", async () => {
  await receiverReading((await manifestFile(25)).file);
  const cookie = await cohortOf('2001:db8:66:4201::1');
  expect(cookie).toMatch(/^loyalty_cohort=[\w-]{16}; Max-Age=2592000; Path=\/; Secure; SameSite=Strict$/);
  // The page reads it: no HttpOnly.
  expect(cookie).not.toMatch(/HttpOnly/);
  expect(await cohortOf('2001:db8:66:42ff::9')).toBe(cookie);
  expect(await cohortOf('2001:db8:66:4300::1')).not.toBe(cookie);
  expect(await cohortOf('198.51.100.7')).not.toBe(await cohortOf('198.51.100.8'));
  // Under another portal's key, another cohort: no one can work it out without the receivers' key.
  expect(new PassSigner('another portal').cohortOf('198.51.100.7')).not.toBe(valueOf(await cohortOf('198.51.100.7')));
});

test('a pass names the canary exactly where the page, reading its cohort, loads it', async () => {
  await receiverReading((await manifestFile(25)).file);
  let admitted = 0;
  for (let index = 0; index < 120; index += 1) {
    const address = `198.51.100.${index}`;
    const cohort = valueOf(await cohortOf(address));
    const loads = chooseRelease('mf_points', channels(25), cohort).channel === 'canary';
    expect(await namesCanary(address)).toBe(loads);
    if (loads) admitted += 1;
  }
  // About a quarter of networks: the share, not every client that asks.
  expect(admitted).toBeGreaterThan(12);
  expect(admitted).toBeLessThan(50);
});

test('a page cannot choose its cohort: the cookie it sends changes nothing', async () => {
  await receiverReading((await manifestFile(25)).file);
  const outside: string[] = [];
  const inside: string[] = [];
  for (let index = 0; outside.length === 0 || inside.length === 0; index += 1) {
    const address = `203.0.113.${index}`;
    ((await namesCanary(address)) ? inside : outside).push(address);
  }
  const insideCookie = (await cohortOf(inside[0]!))!.split(';')[0]!;
  expect(await namesCanary(outside[0]!, insideCookie)).toBe(false);
  // And it is told its own cohort again.
  expect(valueOf(setCookieOf(await askForPass(outside[0]!, insideCookie), COHORT_COOKIE))).toBe(
    valueOf(await cohortOf(outside[0]!)),
  );
});

test('a widened canary counts its new networks from their first pass: the receiver reads the share again', async () => {
  const manifest = await manifestFile(5);
  const releases = await receiverReading(manifest.file);
  // A network the 50 % step brings in, and not the 5 % one.
  let address = '';
  for (let index = 0; !address; index += 1) {
    const candidate = `192.0.2.${index}`;
    const bucketed = chooseRelease('mf_points', channels(50), valueOf(await cohortOf(candidate))).channel;
    const before = chooseRelease('mf_points', channels(5), valueOf(await cohortOf(candidate))).channel;
    if (bucketed === 'canary' && before === 'stable') address = candidate;
  }
  expect(await namesCanary(address)).toBe(false);
  await manifest.write(50);
  expect(await namesCanary(address)).toBe(true);
  // Narrowed to none: once the receiver reads the manifests again (it does every few seconds), the
  // network's passes leave it out.
  await manifest.write(0);
  await releases.refresh();
  expect(await namesCanary(address)).toBe(false);
});
