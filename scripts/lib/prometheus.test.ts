import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
// @ts-expect-error -- ES modules of the scripts, without type declarations
import * as testEdge from '../edge/edge-for-tests.mjs';
import { prometheusDataDir, startPrometheus, type StartedPrometheus } from './prometheus.mjs';

const { freePort } = testEdge as { freePort(): Promise<number> };

const HOST = '127.0.0.1';
let started: StartedPrometheus | undefined;
let folders: string[] = [];

afterEach(async () => {
  if (started) {
    started.stop();
    await started.exited;
  }
  started = undefined;
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  folders = [];
});

/** A Prometheus scraping itself (as its job's one target) every second. */
async function prometheus(dataDir?: string) {
  const port = await freePort();
  started = await startPrometheus({ host: HOST, port, targets: [`${HOST}:${port}`], scrapeInterval: '1s', dataDir });
  return started;
}

async function stop(running: StartedPrometheus) {
  running.stop();
  await running.exited;
  started = undefined;
}

/** The samples of `up` its job has at `at` (seconds), looking back a minute. */
async function upAt(url: string, at: number): Promise<number> {
  const query = new URL('/api/v1/query', url);
  query.searchParams.set('query', 'count_over_time(up{job="loyalty-telemetry"}[1m])');
  query.searchParams.set('time', String(at));
  const answer = (await (await fetch(query)).json()) as { data: { result: Array<{ value: [number, string] }> } };
  return Number(answer.data.result[0]?.value[1] ?? 0);
}

async function until(check: () => Promise<boolean>) {
  const deadline = Date.now() + 30_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('not within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

test('with a data folder, the samples of one run are there in the next, and the folder stays', async () => {
  const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'loyalty-prometheus-kept-')), 'prometheus', 'data');
  folders.push(path.dirname(path.dirname(dataDir)));
  const first = await prometheus(dataDir);
  expect(first.dataDir).toBe(dataDir);
  let scrapedBy = 0;
  await until(async () => {
    scrapedBy = Date.now() / 1000;
    return (await upAt(first.url, scrapedBy)) >= 2;
  });
  const before = await upAt(first.url, scrapedBy);
  await stop(first);
  expect(existsSync(first.dir)).toBe(false);
  expect(readdirSync(dataDir)).toContain('wal');

  const second = await prometheus(dataDir);
  // What the first run scraped is read back (a new run has nothing before it started; a scrape in
  // flight at the first reading may add one).
  expect(await upAt(second.url, scrapedBy)).toBeGreaterThanOrEqual(before);
});

test('without one, the data goes with its temporary folder at stop', async () => {
  const running = await prometheus();
  expect(running.dataDir.startsWith(running.dir)).toBe(true);
  expect(existsSync(running.dataDir)).toBe(true);
  await stop(running);
  expect(existsSync(running.dir)).toBe(false);
});

test("a deploy root's data folder is <root>/prometheus/data", () => {
  expect(prometheusDataDir('/srv/deploy')).toBe(path.join('/srv/deploy', 'prometheus', 'data'));
});
