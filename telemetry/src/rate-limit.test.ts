/**
 * The receiver's per-client limits: report batches per reporter pass (members behind one address
 * each have their own), passes per address (a client cannot mint reporters without bound), and a
 * client cannot pick its own address, nor collect reporter cookies past its address's share.
 */
import type { FastifyInstance } from 'fastify';
import {
  buildReceiver,
  DEFAULT_REPORTER_MINTS_PER_ADDRESS,
  EDGE_REFUSAL_ROUTE,
  PASS_ROUTE,
  REPORTER_MINT_ROUTE,
  REPORTS_ROUTE,
} from './receiver';
import { MINTED_AT_ONCE, ReporterLedger } from './reporter-ledger';
import { PASS_TTL_MS, REPORTER_COOKIE } from './reporter-pass';
import { CANARY, STABLE, pageLoadBatch, sampleReceiver, setCookieOf } from './testing/sample-reports';

/** The reporter cookie an answer sets (a pass's answer sets the network's cohort beside it). */
const reporterCookieOf = (answer: { headers: Record<string, unknown> }) => setCookieOf(answer, REPORTER_COOKIE);

let app: FastifyInstance;
beforeEach(async () => {
  ({ app } = await buildReceiver({
    ...sampleReceiver(),
    rateLimit: { max: 5, windowMs: 60_000 },
    passLimit: { max: 5, windowMs: 60_000 },
    // Two thirds of it at once: 3.
    reporterMintsPerAddress: 5,
  }));
});
afterEach(() => app.close());

/** A request naming `client` in X-Forwarded-For, from `from`: by default the edge (loopback), which is believed. */
const send = (url: string, body: unknown, client: string, from = '127.0.0.1') =>
  app.inject({
    method: 'POST',
    url,
    remoteAddress: from,
    headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
    payload: JSON.stringify(body),
  });
const askForPass = (client: string, from?: string) =>
  send(PASS_ROUTE, { format: 2, environment: 'local', releases: [STABLE, CANARY] }, client, from);

test('a reporter past its rate gets 429 while other reporters behind the same address carry on', async () => {
  const batch = pageLoadBatch();
  const flood = [];
  for (let index = 0; index < 8; index += 1) flood.push((await send(REPORTS_ROUTE, batch, '203.0.113.7')).statusCode);
  expect(flood.slice(0, 5)).toEqual([204, 204, 204, 204, 204]);
  expect(flood.slice(5)).toEqual([429, 429, 429]);
  const refused = await send(REPORTS_ROUTE, batch, '203.0.113.7');
  expect(refused.json()).toEqual({ error: 'Too many reports: slow down.' });

  // Another member at the same hotel: a pass of their own, a budget of their own.
  expect((await send(REPORTS_ROUTE, pageLoadBatch(), '203.0.113.7')).statusCode).toBe(204);
  const metrics = await app.inject({ method: 'GET', url: '/metrics' });
  expect(metrics.body).toMatch(/loyalty_telemetry_rejected_total\{reason="rate"\} 4/);
});

test('passes are issued for served releases, a few a minute per address', async () => {
  const first = await askForPass('203.0.113.7');
  expect(first.statusCode).toBe(201);
  expect(first.json()).toMatchObject({ pass: expect.stringMatching(/^[\w-]+\.[\w-]+$/), releases: 2 });
  for (let index = 1; index < 5; index += 1) expect((await askForPass('203.0.113.7')).statusCode).toBe(201);
  expect((await askForPass('203.0.113.7')).statusCode).toBe(429);
  expect((await askForPass('198.51.100.20')).statusCode).toBe(201);
  const unserved = await send(
    PASS_ROUTE,
    { format: 2, environment: 'local', releases: [{ ...CANARY, version: '9.9.9' }] },
    '198.51.100.21',
  );
  expect(unserved.statusCode).toBe(422);
});

test("a browser's reporter cookie carries its passes past its address's budget; a forged one does not", async () => {
  const first = await askForPass('203.0.113.8');
  const cookie = reporterCookieOf(first)!.split(';')[0]!;
  expect(cookie).toMatch(/^loyalty_reporter=[\w-]{16}\.\d{10}\.[\w-]{22}\.[\w-]{43}$/);
  expect(reporterCookieOf(first)).toMatch(/HttpOnly; SameSite=Strict/);
  const withCookie = (value: string) =>
    app.inject({
      method: 'POST',
      url: PASS_ROUTE,
      remoteAddress: '127.0.0.1',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.8', cookie: value },
      payload: JSON.stringify({ format: 2, environment: 'local', releases: [STABLE] }),
    });
  // The address's budget (5 here) spent by others behind it: the reporter's own pages still get passes.
  for (let index = 1; index < 5; index += 1) expect((await askForPass('203.0.113.8')).statusCode).toBe(201);
  expect((await askForPass('203.0.113.8')).statusCode).toBe(429);
  const kept = await withCookie(cookie);
  expect(kept.statusCode).toBe(201);
  expect(reporterCookieOf(kept)).toBeNull();
  // A made-up value of the same shape is the address's: refused with it, and no cookie minted.
  const forged = `${cookie.slice(0, -4)}AAAA`;
  expect((await withCookie(forged)).statusCode).toBe(429);
});

test("a reporter cookie is its client's alone: from another address it is that address's, which mints its own", async () => {
  const first = await askForPass('203.0.113.10');
  const cookie = reporterCookieOf(first)!.split(';')[0]!;
  /** A pass request with `cookie` for `client`, named by the edge or, from `from`, by itself. */
  const withCookie = (client: string, from = '127.0.0.1') =>
    app.inject({
      method: 'POST',
      url: PASS_ROUTE,
      remoteAddress: from,
      headers: { 'content-type': 'application/json', 'x-forwarded-for': client, cookie },
      payload: JSON.stringify({ format: 2, environment: 'local', releases: [STABLE] }),
    });
  // Another address's budget (5 here) spent: the cookie carries no pass there, and mints none.
  for (let index = 0; index < 5; index += 1) expect((await askForPass('198.51.100.10')).statusCode).toBe(201);
  expect((await withCookie('198.51.100.10')).statusCode).toBe(429);
  // At an address with budget left it gets a pass as that address's, with a cookie of its own.
  const moved = await withCookie('198.51.100.11');
  expect(moved.statusCode).toBe(201);
  expect(reporterCookieOf(moved)).not.toBeNull();
  // Naming its old address itself, from the new one, does not make it the old address's.
  const named = await withCookie('203.0.113.10', '198.51.100.12');
  expect(reporterCookieOf(named)).not.toBeNull();
  // At the address it was minted to, it is still its reporter's.
  const home = await withCookie('203.0.113.10');
  expect(home.statusCode).toBe(201);
  expect(reporterCookieOf(home)).toBeNull();
  const metrics = (await app.inject({ method: 'GET', url: '/metrics' })).body;
  expect(metrics).toMatch(/loyalty_telemetry_reporter_requests_total\{cookie="receiver"\} 1\n/);
});

test('a client cannot escape the pass limit by naming another address itself', async () => {
  // Not from the edge: X-Forwarded-For is the client's own word and is not believed.
  const statuses = [];
  for (let index = 0; index < 7; index += 1)
    statuses.push((await askForPass(`10.0.0.${index}`, '192.0.2.50')).statusCode);
  expect(statuses.filter((status) => status === 429)).toHaveLength(2);
});

test('a page leaving before its pass came back has its events counted with the pass request', async () => {
  const events = pageLoadBatch(STABLE).events;
  const response = await send(
    PASS_ROUTE,
    { format: 2, environment: 'local', releases: [STABLE], events },
    '203.0.113.9',
  );
  expect(response.statusCode).toBe(201);
  const metrics = (await app.inject({ method: 'GET', url: '/metrics' })).body;
  expect(metrics).toMatch(
    /loyalty_page_loads_total\{remote="mf_points",version="1\.0\.0",channel="stable",environment="local",navigation="load"\} 1/,
  );
});

test("the edge's refusals are counted as the receiver's own, and only the edge can tell of them", async () => {
  /** The bodiless notice the edge sends for a client it refused (nginx-config.mjs), from `from`. */
  const notice = (headers: Record<string, string>, from = '127.0.0.1') =>
    app.inject({ method: 'POST', url: EDGE_REFUSAL_ROUTE, remoteAddress: from, headers });
  const refused = await notice({ 'x-forwarded-for': '203.0.113.7' });
  expect(refused.statusCode).toBe(429);
  expect(refused.json()).toEqual({ error: 'Too many reports from this address: slow down.' });
  expect((await notice({ 'x-forwarded-for': '203.0.113.7' })).statusCode).toBe(429);
  expect((await notice({ 'x-forwarded-for': '198.51.100.20' })).statusCode).toBe(429);

  // Not through the edge: a client on its own, or one naming whom it likes from elsewhere.
  expect((await notice({})).statusCode).toBe(404);
  expect((await notice({ 'x-forwarded-for': '192.0.2.1' }, '192.0.2.99')).statusCode).toBe(404);

  const metrics = (await app.inject({ method: 'GET', url: '/metrics' })).body;
  expect(metrics).toMatch(/loyalty_telemetry_rejected_total\{reason="edge"\} 3/);
  // Each client refused once per window, as a walk weighs them against those reporting.
  expect(metrics).toMatch(/loyalty_telemetry_addresses_total\{what="refused",environment="unknown"\} 2/);
});

test('an address is minted its share of reporter cookies, for pages and passes together, and no more', async () => {
  /** The edge asking for a page's cookie for `client` (its `auth_request`), from `from`. */
  const pageCookie = (client: string, from = '127.0.0.1') =>
    app.inject({
      method: 'GET',
      url: REPORTER_MINT_ROUTE,
      remoteAddress: from,
      headers: { 'x-forwarded-for': client },
    });

  const page = await pageCookie('203.0.113.30');
  expect(page.statusCode).toBe(204);
  expect(reporterCookieOf(page)).toMatch(
    /^loyalty_reporter=[\w-]{16}\.\d{10}\.[\w-]{22}\.[\w-]{43}; Max-Age=1800; Path=\/; HttpOnly; SameSite=Strict$/,
  );
  expect(page.headers['cache-control']).toBe('no-store');
  // Two more (3 at once here), one of them by a pass: then pages and passes go without one.
  expect(reporterCookieOf(await pageCookie('203.0.113.30'))).not.toBeNull();
  expect(reporterCookieOf(await askForPass('203.0.113.30'))).not.toBeNull();
  const over = await pageCookie('203.0.113.30');
  expect(over.statusCode).toBe(204);
  expect(reporterCookieOf(over)).toBeNull();
  const pass = await askForPass('203.0.113.30');
  expect(pass.statusCode).toBe(201);
  expect(reporterCookieOf(pass)).toBeNull();
  // Another address has a share of its own.
  expect(reporterCookieOf(await pageCookie('198.51.100.30'))).not.toBeNull();
  // Only the edge asks: a client on its own, or one naming whom it likes from elsewhere, is refused.
  expect(
    (await app.inject({ method: 'GET', url: REPORTER_MINT_ROUTE, remoteAddress: '203.0.113.31' })).statusCode,
  ).toBe(404);
  expect((await pageCookie('192.0.2.1', '192.0.2.99')).statusCode).toBe(404);

  const metrics = (await app.inject({ method: 'GET', url: '/metrics' })).body;
  expect(metrics).toMatch(/loyalty_telemetry_reporter_cookies_total\{by="page",outcome="minted"\} 3/);
  expect(metrics).toMatch(/loyalty_telemetry_reporter_cookies_total\{by="pass",outcome="minted"\} 1/);
  expect(metrics).toMatch(/loyalty_telemetry_reporter_cookies_total\{by="page",outcome="over-budget"\} 1/);
  expect(metrics).toMatch(/loyalty_telemetry_reporter_cookies_total\{by="pass",outcome="over-budget"\} 1/);
});

test('a share set for some addresses is theirs alone: every other address keeps the shipped share', async () => {
  const lifted = await buildReceiver({
    ...sampleReceiver(),
    reporterMintsPerAddress: 2 * DEFAULT_REPORTER_MINTS_PER_ADDRESS,
    reporterMintsAddresses: ['198.51.100.40'],
  });
  /** How many page cookies `client` is minted when it asks for `times` of them. */
  const minted = async (client: string, times: number) => {
    let count = 0;
    for (let index = 0; index < times; index += 1) {
      const answer = await lifted.app.inject({
        method: 'GET',
        url: REPORTER_MINT_ROUTE,
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': client },
      });
      if (answer.headers['set-cookie'] !== undefined) count += 1;
    }
    return count;
  };
  try {
    // Asked all at once, each address is minted the part of its share that comes at once.
    const asked = 3 * DEFAULT_REPORTER_MINTS_PER_ADDRESS;
    const atOnce = (share: number) => Math.floor(share * MINTED_AT_ONCE);
    expect(await minted('198.51.100.40', asked)).toBe(atOnce(2 * DEFAULT_REPORTER_MINTS_PER_ADDRESS));
    expect(await minted('198.51.100.41', asked)).toBe(atOnce(DEFAULT_REPORTER_MINTS_PER_ADDRESS));
  } finally {
    await lifted.app.close();
  }
});

test("an address's share comes two thirds at once, the rest evenly over a cookie's life", () => {
  const ledger = new ReporterLedger();
  const share = 120;
  const atOnce = share * MINTED_AT_ONCE;
  const every = PASS_TTL_MS / (share - atOnce);
  const start = Date.now();
  const minted = (at: number) => ledger.admitReporterMint('203.0.113.40', share, at);
  // A client asking without end: the first part at once, then nothing until the next comes back.
  expect(Array.from({ length: share }, () => minted(start)).filter(Boolean)).toHaveLength(atOnce);
  expect(minted(start + every - 1_000)).toBe(false);
  expect(minted(start + every)).toBe(true);
  // Asking every second for the rest of the cookie's life: no more than the share in all.
  let later = 1;
  for (let at = start + every + 1_000; at < start + PASS_TTL_MS; at += 1_000) if (minted(at)) later += 1;
  expect(later).toBeLessThanOrEqual(share - atOnce);
  expect(later).toBeGreaterThanOrEqual(share - atOnce - 1);
  // Another address is untouched. Forgetting an address loses nothing: its share comes back
  // whole first (two cookie lives after it was spent), then it has its first part again.
  expect(ledger.admitReporterMint('198.51.100.40', share, start)).toBe(true);
  ledger.prune(start + 2 * PASS_TTL_MS);
  const backAfterALife = Array.from({ length: share }, () => minted(start + 2 * PASS_TTL_MS)).filter(Boolean);
  expect(backAfterALife.length).toBeGreaterThanOrEqual(share - atOnce - 1);
  expect(backAfterALife.length).toBeLessThanOrEqual(share - atOnce + 1);
  const quiet = start + 5 * PASS_TTL_MS;
  ledger.prune(quiet);
  expect(Array.from({ length: share }, () => minted(quiet)).filter(Boolean)).toHaveLength(atOnce);
  // A share of one still mints, one a cookie's life at most.
  const single = (at: number) => ledger.admitReporterMint('192.0.2.40', 1, at);
  expect([single(start), single(start), single(start + PASS_TTL_MS - 1_000)]).toEqual([true, false, false]);
  expect(single(start + 3 * PASS_TTL_MS)).toBe(true);
});
