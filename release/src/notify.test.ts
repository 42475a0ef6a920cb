import { mkdir, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readAudit } from './audit-log';
import { canary, pin, promote, rollbackCanary, type EnvOptions } from './commands';
import { manifestsDir, resolveRemote } from './deploy-layout';
import { readManifest } from './manifest-store';
import { settingsPath } from './environment-settings';
import { WEBHOOK_VARIABLE, notifyRelease, type ReleaseEvent } from './notify';
import { publish } from './publish';
import { fakeBuild, fakeShellManifest, tempDir } from './testing/fake-build';
import { webhookServer, type Received } from './testing/webhook';

const points = resolveRemote('mf-points');
const BASE = 'https://cdn.example/mf-points';
const SECRET_PATH = '/services/T000/B000/secret-token';

/** A port nothing listens on: taken, then let go. */
async function closedPortUrl() {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}${SECRET_PATH}`;
}

async function writeSettings(root: string, env: string, settings: unknown) {
  await mkdir(manifestsDir(root), { recursive: true });
  await writeFile(settingsPath(root, env), typeof settings === 'string' ? settings : JSON.stringify(settings));
}

const EVENT: ReleaseEvent = {
  kind: 'rolled-back',
  remote: 'mf-points',
  version: '1.2.0',
  stable: '1.1.0',
  percent: 25,
  reason: 'The canary analysis failed at step 2/4: errorRate <2x stable>.',
  at: '2026-11-28T10:00:00.000Z',
  actor: 'ada',
};

let stderr: jest.SpyInstance;
const closing: Array<() => Promise<void>> = [];

beforeEach(() => {
  delete process.env[WEBHOOK_VARIABLE];
  stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
});

afterEach(async () => {
  stderr.mockRestore();
  delete process.env[WEBHOOK_VARIABLE];
  while (closing.length > 0) await closing.pop()!();
});

async function served(answer?: Parameters<typeof webhookServer>[0]) {
  const server = await webhookServer(answer, SECRET_PATH);
  closing.push(server.close);
  return server;
}

const written = () => stderr.mock.calls.map(([text]) => String(text)).join('');

describe('notifyRelease', () => {
  it("posts Slack's JSON to the environment's webhook", async () => {
    const root = await tempDir('notify');
    const webhook = await served();
    await writeSettings(root, 'production', { notify: { webhook: webhook.url } });

    const outcome = await notifyRelease(root, 'production', EVENT);

    expect(outcome).toEqual({ status: 'sent', webhook: new URL(webhook.url).origin });
    expect(webhook.received).toHaveLength(1);
    const [request] = webhook.received;
    expect(request).toMatchObject({ method: 'POST', url: SECRET_PATH, contentType: 'application/json' });
    const text =
      ':rotating_light: mf-points 1.2.0 rolled back in production at 25 %: every member is on 1.1.0 again. ' +
      'The canary analysis failed at step 2/4: errorRate &lt;2x stable&gt;.';
    expect(request!.body).toEqual({
      text,
      blocks: [
        { type: 'section', text: { type: 'mrkdwn', text } },
        { type: 'context', elements: [{ type: 'mrkdwn', text: 'ada · 2026-11-28T10:00:00.000Z · rolled-back' }] },
      ],
    });
    expect(written()).toBe('');
  });

  it('says what each kind of event is', async () => {
    const root = await tempDir('notify');
    const webhook = await served();
    await writeSettings(root, 'staging', { notify: { webhook: webhook.url } });

    await notifyRelease(root, 'staging', { ...EVENT, kind: 'held', reason: 'Too little data after 20 min.' });
    await notifyRelease(root, 'staging', { ...EVENT, kind: 'promoted', percent: 100, reason: 'Every step passed.' });

    expect(webhook.received.map((request) => (request.body as { text: string }).text)).toEqual([
      ':pause_button: mf-points 1.2.0 held in staging at 25 %: decide by hand (promote or rollback-canary). Too little data after 20 min.',
      ':white_check_mark: mf-points 1.2.0 promoted to stable in staging (was 1.1.0). Every step passed.',
    ]);
  });

  it('sends nothing without settings, nor with settings that name no webhook', async () => {
    const root = await tempDir('notify');
    await served();
    expect(await notifyRelease(root, 'production', EVENT)).toEqual({ status: 'not-configured' });
    await writeSettings(root, 'production', { notify: {} });
    expect(await notifyRelease(root, 'production', EVENT)).toEqual({ status: 'not-configured' });
    expect(written()).toBe('');
  });

  it('gives up on a webhook that does not answer in time, and says so without its secret path', async () => {
    const root = await tempDir('notify');
    // Takes the request and never answers.
    const webhook = await served(() => undefined);
    await writeSettings(root, 'production', { notify: { webhook: webhook.url } });

    const outcome = await notifyRelease(root, 'production', EVENT, { timeoutMs: 200 });

    expect(outcome).toMatchObject({ status: 'failed', error: expect.stringMatching(/no answer within 0\.2 s/) });
    expect(webhook.received).toHaveLength(1);
    expect(written()).toMatch(
      /rolled-back notification of mf-points 1\.2\.0 to http:\/\/127\.0\.0\.1:\d+ was not sent/,
    );
    expect(written()).not.toContain('secret-token');
  });

  it('reports an answer other than 2xx as a failure', async () => {
    const root = await tempDir('notify');
    const webhook = await served((_request, response) => response.writeHead(404).end('no_service'));
    await writeSettings(root, 'production', { notify: { webhook: webhook.url } });

    expect(await notifyRelease(root, 'production', EVENT)).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/answered 404/),
    });
  });

  it('refuses settings that are not valid, sending nothing', async () => {
    const root = await tempDir('notify');
    await writeSettings(root, 'production', { notify: { webhook: 'ftp://hooks.example/x' } });
    expect(await notifyRelease(root, 'production', EVENT)).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/production\.settings\.json is not valid settings: .*http\(s\)/),
    });
    await writeSettings(root, 'production', '{ not json');
    expect(await notifyRelease(root, 'production', EVENT)).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/production\.settings\.json is not JSON/),
    });
  });

  it(`takes ${WEBHOOK_VARIABLE} over the settings file`, async () => {
    const root = await tempDir('notify');
    const configured = await served();
    const overriding = await served();
    await writeSettings(root, 'production', { notify: { webhook: configured.url } });
    process.env[WEBHOOK_VARIABLE] = overriding.url;

    expect(await notifyRelease(root, 'production', EVENT)).toMatchObject({ status: 'sent' });
    expect(configured.received).toHaveLength(0);
    expect(overriding.received).toHaveLength(1);
  });
});

describe('release commands notify', () => {
  async function withCanary(env = 'production') {
    const root = await tempDir('notify-root');
    const options: EnvOptions = {
      root,
      env,
      actor: 'ada',
      shellManifest: await fakeShellManifest(),
      now: () => new Date('2026-11-28T10:00:00.000Z'),
    };
    for (const version of ['1.0.0', '1.1.0']) {
      await publish({ root, remote: points, actor: 'ada', from: await fakeBuild(version) });
    }
    await pin(options, points, '1.0.0', BASE);
    await canary(options, points, '1.1.0', 25, BASE);
    return { root, options };
  }

  const bodies = (webhook: { received: Received[] }) => webhook.received.map((request) => request.body);

  it('a promotion, with the stable release it replaced', async () => {
    const { root, options } = await withCanary();
    const webhook = await served();
    await writeSettings(root, 'production', { notify: { webhook: webhook.url } });

    await promote(options, points);

    expect(bodies(webhook)).toEqual([
      expect.objectContaining({
        text: expect.stringMatching(
          /^:white_check_mark: mf-points 1\.1\.0 promoted to stable in production \(was 1\.0\.0\)/,
        ),
      }),
    ]);
  });

  it("an automatic rollback, with the analysis' failed checks", async () => {
    const { root, options } = await withCanary();
    const webhook = await served();
    await writeSettings(root, 'production', { notify: { webhook: webhook.url } });

    await rollbackCanary(options, points, {
      step: '2/4',
      checks: [
        { check: 'errorRate', verdict: 'fail' },
        { check: 'lcpP75', verdict: 'pass' },
      ],
    });

    expect(bodies(webhook)).toEqual([
      expect.objectContaining({
        text:
          ':rotating_light: mf-points 1.1.0 rolled back in production at 25 %: every member is on 1.0.0 again. ' +
          'The canary analysis failed at step 2/4: errorRate.',
      }),
    ]);
  });

  it('no settings: the command completes and nothing is sent', async () => {
    const { root, options } = await withCanary();
    const webhook = await served();

    await rollbackCanary(options, points);

    expect(webhook.received).toHaveLength(0);
    expect((await readManifest(root, 'production')).remotes.mf_points?.canary).toBeUndefined();
    expect((await readAudit(root)).map((entry) => entry.action)).not.toContain('notify-failed');
  });

  it('an unreachable webhook: the command completes, stderr and the audit log say so', async () => {
    const { root, options } = await withCanary();
    await writeSettings(root, 'production', { notify: { webhook: await closedPortUrl() } });

    const { manifest } = await promote(options, points);

    expect(manifest.remotes.mf_points?.stable.version).toBe('1.1.0');
    expect(written()).toMatch(/promoted notification of mf-points 1\.1\.0 to http:\/\/127\.0\.0\.1:\d+ was not sent/);
    const audit = await readAudit(root);
    expect(audit.at(-1)).toMatchObject({
      action: 'notify-failed',
      remote: 'mf-points',
      env: 'production',
      from: 'promoted',
      revision: manifest.revision,
      error: expect.stringMatching(/was not sent/),
    });
    expect(JSON.stringify(audit)).not.toContain('secret-token');
  });
});
