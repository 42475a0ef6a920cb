// What the service worker costs a member's page load, side by side in one run: members in fresh
// browser contexts, with the worker allowed and blocked in turn, sign in, then load the dashboard
// as the canary journeys do (the points area rendered, a click, the reporter fetched). Prints the
// median of each. Against a running preview (`npm run preview -- --dev-routes`).
//
//   node scripts/perf/worker-cost.mjs [--rounds 3] [--loads 5]
import { createRequire } from 'node:module';
import http from 'node:http';
import net from 'node:net';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';

const require = createRequire(import.meta.url);
const apps = require('../lib/apps.cjs');
const chromiumArgs = require('../lib/chromium-args.cjs');
const localTls = require('../lib/local-tls.cjs');

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    loads: { type: 'string', default: '5' },
    // Each member through a CONNECT proxy of its own, as the canary journeys' members are.
    proxy: { type: 'boolean', default: false },
    // Members loading at once (the canary journeys have six).
    members: { type: 'string', default: '1' },
  },
});
const SHELL = apps.origin('shell');
const API = apps.apiOrigin();
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

async function newMember(request) {
  const email = `worker-cost-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = 'Sunny#Day42';
  const post = async (url, data) => {
    const response = await request.post(`${API}${url}`, { data });
    if (!response.ok()) throw new Error(`${url}: ${response.status()} ${await response.text()}`);
    return response.json();
  };
  await post('/api/auth/register', { email, password, password2: password, firstname: 'Grace', lastname: 'Hopper' });
  const outbox = await (await request.get(`${API}/api/dev/outbox?email=${encodeURIComponent(email)}`)).json();
  await post('/api/auth/verify-otp', { email, otp: outbox.data.find((m) => m.code).code, purpose: 'register' });
  return { email, password };
}

async function connectProxy() {
  const server = http.createServer((_request, response) => response.writeHead(405).end());
  server.on('connect', (request, client, head) => {
    const [host, port] = request.url.split(':');
    const upstream = net.connect({ host, port: Number(port) }, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

async function member(browser, serviceWorkers) {
  const proxy = values.proxy ? await connectProxy() : undefined;
  const context = await browser.newContext({
    serviceWorkers,
    ignoreHTTPSErrors: true,
    ...(proxy ? { proxy: { server: `http://127.0.0.1:${proxy.address().port}`, bypass: '<-loopback>' } } : {}),
  });
  const page = await context.newPage();
  const { email, password } = await newMember(context.request);
  const visit = async (url) => {
    const started = Date.now();
    const reporter = page.waitForResponse(/\/reporter\.[0-9a-f]+\.js$/, { timeout: 60_000 });
    await page.goto(url);
    return { started, reporter };
  };
  const first = await visit(`${SHELL}/auth/login`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/dashboard/);
  const heading = page.locator('[data-remote="mf_points"]').getByRole('heading', { name: 'Dashboard', level: 1 });
  await heading.waitFor({ timeout: 60_000 });
  const signIn = Date.now() - first.started;
  const loads = [];
  for (let index = 0; index < Number(values.loads); index += 1) {
    const { started, reporter } = await visit(`${SHELL}/dashboard`);
    await heading.waitFor({ timeout: 60_000 });
    const shown = Date.now() - started;
    await heading.click();
    await reporter;
    loads.push({ shown, reported: Date.now() - started });
  }
  const controlled = await page.evaluate(() => Boolean(navigator.serviceWorker?.controller));
  await context.close();
  proxy?.closeAllConnections?.();
  proxy?.close();
  return { signIn, loads, controlled };
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [...chromiumArgs, ...localTls.chromiumTrustArgs()],
});
const results = { allow: [], block: [] };
for (let round = 0; round < Number(values.rounds); round += 1) {
  for (const mode of round % 2 ? ['block', 'allow'] : ['allow', 'block']) {
    const batch = await Promise.all(Array.from({ length: Number(values.members) }, () => member(browser, mode)));
    for (const result of batch) {
      results[mode].push(result);
      console.log(round, mode, JSON.stringify(result));
    }
  }
}
await browser.close();
for (const mode of ['allow', 'block']) {
  const runs = results[mode];
  const loads = runs.flatMap((run) => run.loads);
  console.log(
    `${mode === 'allow' ? 'worker' : 'no worker'}: sign-in page to dashboard ${median(runs.map((r) => r.signIn))} ms, ` +
      `dashboard shown ${median(loads.map((l) => l.shown))} ms, reporter fetched ${median(loads.map((l) => l.reported))} ms ` +
      `(medians of ${runs.length} members, ${loads.length} loads)`,
  );
}
