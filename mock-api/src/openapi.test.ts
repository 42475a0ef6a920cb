import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import yaml from 'js-yaml';
import { DEMO_EMAIL, DEMO_PASSWORD } from './store/seed';
import { listRoutes } from './testing/routes';
import { TEST_SECRET, startTestApi, type CallOptions, type JsonBody, type TestApi } from './testing/test-api';
import { signToken, verifyToken } from './auth/jwt';
import { DEFAULT_PORTAL_ORIGIN } from './app';
import { SoftwareAuthenticator } from './testing/software-authenticator';

interface Operation {
  security?: unknown[];
  responses: Record<string, { $ref?: string; content?: Record<string, { schema: unknown }> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { responses: Record<string, { content?: Record<string, { schema: unknown }> }> };
}

const DOC_ID = 'https://loyalty.example/openapi.yaml';
const document = yaml.load(fs.readFileSync(path.join(__dirname, '..', 'openapi.yaml'), 'utf8')) as Document;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema({ ...document, $id: DOC_ID });

const pointer = (...parts: string[]) => parts.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/** Checks a reply against the documented response of its status (which must be documented). */
function expectDocumented(method: string, route: string, reply: { status: number; body: unknown; headers?: Headers }) {
  const operation = document.paths[route]?.[method.toLowerCase()];
  if (!operation) throw new Error(`${method} ${route} is not in openapi.yaml`);
  const response = operation.responses[String(reply.status)];
  if (!response) throw new Error(`${method} ${route} answered ${reply.status}, which openapi.yaml does not list`);
  if (!response.$ref && !response.content) {
    // An answer the document gives no body (204).
    expect(reply.body).toBeUndefined();
    return;
  }
  if (response.content && !response.content['application/json']) {
    // A file (a picture): its type is one the document lists.
    expect(Object.keys(response.content)).toContain(reply.headers?.get('content-type'));
    return;
  }
  const base = response.$ref
    ? `#/components/responses/${pointer(response.$ref.split('/').pop()!)}`
    : `#/paths/${pointer(route, method.toLowerCase())}/responses/${reply.status}`;
  const validate = ajv.getSchema(`${DOC_ID}${base}/content/${pointer('application/json')}/schema`);
  if (!validate) throw new Error(`No JSON schema for ${method} ${route} ${reply.status}`);
  if (!validate(reply.body)) {
    throw new Error(`${method} ${route} ${reply.status} breaks the document: ${ajv.errorsText(validate.errors)}`);
  }
}

let api: TestApi;
let token: string;
beforeAll(async () => {
  api = await startTestApi();
  token = await api.login(DEMO_EMAIL, DEMO_PASSWORD);
});
afterAll(() => api.close());

test('the app serves exactly the routes the document lists', () => {
  const documented = Object.entries(document.paths)
    .flatMap(([route, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${route}`))
    .sort();
  expect(listRoutes(api.app)).toEqual(documented);
});

interface SampleCall {
  method: string;
  route: string;
  /** The path called, where the route has parameters (`{rewardId}`). */
  path?: string;
  query?: string;
  options?: () => Promise<CallOptions> | CallOptions;
  after?: (body: JsonBody) => void;
}

/** One well-formed call per route, run in order (the reset flow depends on earlier steps). */
function happyCalls(): SampleCall[] {
  const user = () => ({ token });
  let resetToken = '';
  const authenticator = new SoftwareAuthenticator(DEFAULT_PORTAL_ORIGIN, new URL(DEFAULT_PORTAL_ORIGIN).hostname);
  let webauthnOptions = { challenge: '' };
  const keepChallenge = (body: { data?: { challenge?: string } }) => {
    webauthnOptions = { challenge: '', ...body.data };
  };
  let sessionToEnd = '';
  const vouchers: { id: string; code: string }[] = [];
  const keepVoucher = (body: { data?: { voucher?: { id: string; code: string } } }) => {
    if (body.data?.voucher) vouchers.push(body.data.voucher);
  };
  const voucher = (index: number) => vouchers[index] ?? { id: 'missing', code: 'missing' };
  const householdGuest = { email: 'house@example.com', token: '', id: '' };
  let invitationToWithdraw = '';
  const invitationToken = async () => {
    const outbox = await api.call('GET', `/api/dev/outbox?email=${householdGuest.email}`);
    const mail = (outbox.body.data as Array<{ link?: string }>).find((sent) => sent.link?.includes('#token='));
    return { token: householdGuest.token, body: { token: mail?.link?.split('#token=')[1] ?? '' } };
  };
  const guest = () => ({ token: householdGuest.token, body: { toMemberId: 'mbr-demo-0001' } });
  return [
    { method: 'GET', route: '/api/health' },
    {
      method: 'POST',
      route: '/api/auth/login',
      options: () => ({ body: { email: DEMO_EMAIL, password: DEMO_PASSWORD } }),
    },
    {
      method: 'POST',
      route: '/api/auth/register',
      options: () => ({
        body: {
          email: 'doc@example.com',
          password: 'Doc@12345',
          password2: 'Doc@12345',
          firstname: 'Doc',
          lastname: 'Umented',
        },
      }),
    },
    {
      method: 'POST',
      route: '/api/auth/verify-otp',
      options: async () => ({
        body: { email: 'doc@example.com', otp: await api.latestCode('doc@example.com'), purpose: 'register' },
      }),
    },
    { method: 'POST', route: '/api/auth/forgot-password', options: () => ({ body: { email: 'doc@example.com' } }) },
    {
      method: 'POST',
      route: '/api/auth/verify-otp',
      options: async () => ({
        body: { email: 'doc@example.com', otp: await api.latestCode('doc@example.com'), purpose: 'reset' },
      }),
      after: (body) => {
        resetToken = body.data?.resetToken ?? '';
      },
    },
    {
      method: 'POST',
      route: '/api/auth/set-password',
      options: () => ({ body: { resetToken, password: 'Doc@54321', confirmPassword: 'Doc@54321' } }),
    },
    {
      method: 'POST',
      route: '/api/auth/change-password',
      options: async () => ({
        token: await api.login('doc@example.com', 'Doc@54321'),
        body: {
          oldPassword: 'Doc@54321',
          newPassword: 'Doc@99999',
          confirmPassword: 'Doc@99999',
          signOutOthers: false,
        },
      }),
    },
    { method: 'GET', route: '/api/auth/me', options: user },
    { method: 'GET', route: '/api/auth/fetch-tiers', options: user },
    {
      method: 'POST',
      route: '/api/auth/update-profile',
      options: () => ({
        token,
        body: {
          id: 'mbr-demo-0001',
          firstname: 'Demo',
          lastname: 'Member',
          email: DEMO_EMAIL,
          phoneNumber: { code: 'FR', phoneCode: '33', number: '612345678' },
          preferred_language: 'fr',
          country: 'FR',
        },
      }),
    },
    {
      method: 'POST',
      route: '/api/member/update',
      options: () => ({
        token,
        body: {
          firstname: 'Demo',
          lastname: 'Member',
          email: DEMO_EMAIL,
          phoneNumber: { code: 'FR', phoneCode: '33', number: '612345678' },
          preferred_language: 'en',
          country: 'FR',
        },
      }),
    },
    { method: 'GET', route: '/api/geo/country' },
    { method: 'GET', route: '/api/geo/state', query: '?country=FR' },
    { method: 'GET', route: '/api/geo/city', query: '?country=FR&state=IDF' },
    { method: 'GET', route: '/api/user/points/balance', options: user },
    { method: 'GET', route: '/api/user/points/pending', options: user },
    {
      method: 'POST',
      route: '/api/user/points/claim',
      options: () => ({ token, body: { bookingId: 'BK-1002', bookingDate: '2025-09-12' } }),
    },
    {
      method: 'POST',
      route: '/api/user/points/claim',
      options: () => ({ token, body: { bookingId: 'BK-1002', bookingDate: '2025-09-12' } }),
    },
    {
      method: 'POST',
      route: '/api/user/points/claim',
      options: () => ({ token, body: { bookingId: 'BK-404', bookingDate: '2025-09-12' } }),
    },
    {
      // Past its claim window on the tests' clock: 422.
      method: 'POST',
      route: '/api/user/points/claim',
      options: () => ({ token, body: { bookingId: 'BK-1001', bookingDate: '2025-03-01' } }),
    },
    {
      method: 'POST',
      route: '/api/user/points/redeem',
      options: () => ({ token, body: { points: 10, description: 'Coffee' } }),
    },
    { method: 'POST', route: '/api/user/points/redeem', options: () => ({ token, body: { points: 1_000_000 } }) },
    { method: 'GET', route: '/api/user/transactions/all', query: '?pageSize=5&sort=date_asc', options: user },
    {
      method: 'GET',
      route: '/api/user/transactions/{transactionNumber}',
      path: '/api/user/transactions/TXN-000001',
      options: user,
    },
    {
      method: 'GET',
      route: '/api/user/transactions/{transactionNumber}',
      path: '/api/user/transactions/TXN-999999',
      options: user,
    },
    { method: 'GET', route: '/api/rewards', options: user },
    {
      method: 'GET',
      route: '/api/rewards/{rewardId}/images/{file}',
      path: '/api/rewards/rw-spa-voucher/images/320.webp',
    },
    {
      method: 'POST',
      route: '/api/rewards/{rewardId}/redeem',
      path: '/api/rewards/rw-late-checkout/redeem',
      options: () => ({ token, body: { cost: 300 } }),
      after: keepVoucher,
    },
    {
      method: 'POST',
      route: '/api/rewards/{rewardId}/redeem',
      path: '/api/rewards/rw-late-checkout/redeem',
      options: () => ({ token, body: { cost: 300 } }),
      after: keepVoucher,
    },
    { method: 'GET', route: '/api/user/vouchers', options: user },
    {
      method: 'GET',
      route: '/api/user/bookings',
      options: user,
      // The demo member's seed has each status, and a stay whose points are missing.
      after: (body) => {
        const statuses = new Set(body.data.map((booking: { status: string }) => booking.status));
        expect([...statuses].sort()).toEqual(['cancelled', 'stayed', 'upcoming']);
        expect(body.data.some((booking: { pointsMissingUntil: string | null }) => booking.pointsMissingUntil)).toBe(
          true,
        );
      },
    },
    {
      method: 'GET',
      route: '/api/user/vouchers/{voucherId}',
      options: user,
      get path() {
        return `/api/user/vouchers/${voucher(0).id}`;
      },
    },
    {
      method: 'GET',
      route: '/api/user/vouchers/{voucherId}',
      path: '/api/user/vouchers/00000000-0000-4000-8000-000000000000',
      options: user,
    },
    {
      method: 'POST',
      route: '/api/user/vouchers/{voucherId}/cancel',
      options: () => ({ token, body: {} }),
      get path() {
        return `/api/user/vouchers/${voucher(0).id}/cancel`;
      },
    },
    {
      method: 'POST',
      route: '/api/user/vouchers/{voucherId}/cancel',
      options: () => ({ token, body: {} }),
      get path() {
        return `/api/user/vouchers/${voucher(0).id}/cancel`;
      },
    },
    {
      method: 'POST',
      route: '/api/user/vouchers/{voucherId}/cancel',
      path: '/api/user/vouchers/00000000-0000-4000-8000-000000000000/cancel',
      options: () => ({ token, body: {} }),
    },
    { method: 'POST', route: '/api/dev/vouchers/use', options: () => ({ body: { code: voucher(1).code } }) },
    { method: 'POST', route: '/api/dev/vouchers/use', options: () => ({ body: { code: voucher(1).code } }) },
    { method: 'POST', route: '/api/dev/vouchers/use', options: () => ({ body: { code: 'ZZZZ-ZZZZ-ZZZZ' } }) },
    { method: 'GET', route: '/api/user/household', options: user },
    {
      method: 'POST',
      route: '/api/user/household/invitations',
      options: () => ({ token, body: { email: householdGuest.email } }),
    },
    {
      method: 'POST',
      route: '/api/user/household/invitations',
      options: () => ({ token, body: { email: householdGuest.email } }),
    },
    {
      method: 'POST',
      route: '/api/user/household/accept',
      options: async () => {
        householdGuest.token = await api.registerMember(householdGuest.email);
        return invitationToken();
      },
      after: (body) => {
        householdGuest.id =
          (body.data?.members as Array<{ id: string; you: boolean }> | undefined)?.find((member) => member.you)?.id ??
          '';
      },
    },
    { method: 'POST', route: '/api/user/household/accept', options: invitationToken },
    {
      method: 'POST',
      route: '/api/user/household/invitations',
      options: () => ({ token, body: { email: 'house-later@example.com' } }),
      after: (body) => {
        const invitations = (body.data?.invitations ?? []) as Array<{ id: string; email: string }>;
        invitationToWithdraw =
          invitations.find((invitation) => invitation.email === 'house-later@example.com')?.id ?? '';
      },
    },
    ...[1, 2].map(() => ({
      method: 'POST',
      route: '/api/user/household/invitations/{invitationId}/withdraw',
      options: user,
      get path() {
        return `/api/user/household/invitations/${invitationToWithdraw}/withdraw`;
      },
    })),
    {
      method: 'POST',
      route: '/api/user/household/transfers',
      options: () => ({ token, body: { toMemberId: householdGuest.id, points: 10 } }),
    },
    {
      method: 'POST',
      route: '/api/user/household/transfers',
      options: () => ({ token, body: { toMemberId: 'nobody', points: 10 } }),
    },
    { method: 'POST', route: '/api/user/household/pool', options: guest },
    { method: 'POST', route: '/api/user/household/pool', options: guest },
    { method: 'GET', route: '/api/user/household', options: user },
    { method: 'POST', route: '/api/user/household/leave', options: () => ({ token: householdGuest.token, body: {} }) },
    { method: 'POST', route: '/api/user/household/leave', options: () => ({ token: householdGuest.token, body: {} }) },
    {
      method: 'POST',
      route: '/api/rewards/{rewardId}/redeem',
      path: '/api/rewards/rw-rooftop-evening/redeem',
      options: () => ({ token, body: { cost: 1200 } }),
    },
    {
      method: 'POST',
      route: '/api/rewards/{rewardId}/redeem',
      path: '/api/rewards/rw-free-night/redeem',
      options: () => ({ token, body: { cost: 4000 } }),
    },
    {
      method: 'POST',
      route: '/api/rewards/{rewardId}/redeem',
      path: '/api/rewards/no-such-reward/redeem',
      options: () => ({ token, body: { cost: 1 } }),
    },
    { method: 'GET', route: '/api/user/role-permissions', options: user },
    {
      method: 'POST',
      route: '/api/user/check-permissions',
      options: () => ({ token, body: { path: '/dashboard/role/new' } }),
    },
    { method: 'GET', route: '/api/account/general', options: user },
    { method: 'GET', route: '/api/account/workspace', options: user },
    {
      method: 'POST',
      route: '/api/account/workspace/update',
      options: () => ({ token, body: { newsletter: false, timezone: 'Europe/Berlin' } }),
    },
    { method: 'GET', route: '/api/account/export', options: user },
    {
      method: 'GET',
      route: '/api/account/sessions',
      // A second session of the member's, for the next call to end.
      options: async () => {
        await api.call('GET', '/api/auth/me', { token: await api.login(DEMO_EMAIL, DEMO_PASSWORD) });
        return { token };
      },
      after: (body) => {
        sessionToEnd = (body.data as Array<{ id: string; current: boolean }>).find((view) => !view.current)?.id ?? '';
      },
    },
    {
      method: 'POST',
      route: '/api/account/sessions/{sessionId}/end',
      get path() {
        return `/api/account/sessions/${sessionToEnd}/end`;
      },
      options: user,
    },
    { method: 'POST', route: '/api/account/sessions/end-others', options: user },
    {
      method: 'POST',
      route: '/api/auth/sign-in-alerts/not-me',
      // The sign-ins above from browsers without the device cookie each mailed a sign-in alert.
      options: async () => {
        const outbox = await api.call('GET', `/api/dev/outbox?email=${DEMO_EMAIL}`);
        const alert = (outbox.body.data as Array<{ subject: string; link?: string }>).find((mail) =>
          mail.link?.includes('/auth/not-me#token='),
        );
        return { body: { token: alert?.link?.split('#token=')[1] ?? '' } };
      },
    },
    {
      method: 'POST',
      route: '/api/account/delete',
      options: async () => ({
        token: await api.login('doc@example.com', 'Doc@99999'),
        body: { password: 'Doc@99999' },
      }),
    },
    { method: 'GET', route: '/api/dev/outbox', query: '?email=doc@example.com' },
    {
      method: 'POST',
      route: '/api/dev/bookings',
      options: () => ({ body: { startDate: '2026-02-01', endDate: '2026-02-04' } }),
    },
    {
      method: 'POST',
      route: '/api/dev/bookings',
      options: () => ({
        body: { startDate: '2026-03-01', endDate: '2026-03-03', memberEmail: DEMO_EMAIL, property: 'Doc Hotel' },
      }),
    },
    { method: 'GET', route: '/api/dev/bookings' },
    { method: 'GET', route: '/api/dev/clock' },
    {
      method: 'POST',
      route: '/api/dev/rewards',
      options: () => ({
        body: {
          id: 'rw-doc-sample',
          category: 'travel',
          icon: 'car',
          cost: 10,
          stock: 1,
          name: { en: 'Sample', fr: 'Exemple', es: 'Ejemplo', de: 'Beispiel', ar: 'مثال' },
          description: { en: 'Sample', fr: 'Exemple', es: 'Ejemplo', de: 'Beispiel', ar: 'مثال' },
        },
      }),
    },
    { method: 'POST', route: '/api/dev/clock', options: () => ({ body: { now: '2026-01-15T12:00:00Z' } }) },
    { method: 'POST', route: '/api/auth/passkeys/registration-options', options: user, after: keepChallenge },
    {
      method: 'POST',
      route: '/api/auth/passkeys/register',
      options: () => ({ token, body: { response: authenticator.register(webauthnOptions), password: DEMO_PASSWORD } }),
    },
    { method: 'GET', route: '/api/auth/passkeys', options: user },
    { method: 'POST', route: '/api/auth/passkeys/confirmation-options', options: user },
    { method: 'POST', route: '/api/auth/password-sign-in', options: () => ({ token, body: { enabled: true } }) },
    { method: 'POST', route: '/api/auth/passkeys/authentication-options', after: keepChallenge },
    {
      method: 'POST',
      route: '/api/auth/passkeys/sign-in',
      options: () => ({ body: { response: authenticator.assert(webauthnOptions) } }),
    },
    {
      method: 'POST',
      route: '/api/auth/passkeys/{passkeyId}/remove',
      path: `/api/auth/passkeys/${authenticator.id}/remove`,
      options: user,
    },
    {
      method: 'POST',
      route: '/api/auth/sign-out-key',
      // A sign-out that could not reach the API, sent later by its key alone (decision 078).
      options: async () => ({
        body: { key: verifyToken(await api.login(DEMO_EMAIL, DEMO_PASSWORD), TEST_SECRET)?.sok },
      }),
    },
    {
      method: 'POST',
      route: '/api/auth/refresh',
      // A device kept signed in trades its cookie for its next token (decision 080).
      options: async () => {
        const kept = await api.call('POST', '/api/auth/login', {
          body: { email: DEMO_EMAIL, password: DEMO_PASSWORD, keepSignedIn: true },
        });
        const cookie = kept.headers.getSetCookie().find((line) => line.startsWith('loyalty_kept='));
        return { headers: { cookie: cookie?.split(';')[0] ?? '' } };
      },
    },
    { method: 'GET', route: '/api/auth/logout', options: user },
  ];
}

test('every route answers as the document says, on success and on failure', async () => {
  const calls = happyCalls();
  const covered = new Set<string>();
  for (const call of calls) {
    const reply = await api.call(
      call.method,
      (call.path ?? call.route) + (call.query ?? ''),
      call.options ? await call.options() : {},
    );
    expect(reply.status).toBeLessThan(500);
    expectDocumented(call.method, call.route, reply);
    call.after?.(reply.body);
    if (reply.status < 300) covered.add(`${call.method} ${call.route}`);
  }
  expect([...covered].sort()).toEqual(listRoutes(api.app));

  // Failures: no token, and a body that breaks the rules, each with a documented status and shape.
  for (const [route, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (operation.security) expectDocumented(method, route, await api.call(method.toUpperCase(), route));
      if (method === 'post') {
        expectDocumented(method, route, await api.call('POST', route, { token, rawBody: '{"broken": ' }));
        expectDocumented(method, route, await api.call('POST', route, { token, body: { unexpected: [1, 2] } }));
      }
    }
  }
});

test('the limits answer as the document says: 429 with Retry-After, and 408', async () => {
  const spent = { count: 0, seconds: 60 };
  const throttled = await startTestApi({
    security: {
      clientThrottles: { signIn: spent, codeChecks: spent, registrations: spent, passwordResets: spent },
      timeLimits: { bodyMs: 300 },
    },
  });
  try {
    const demo = throttled.store.data.members.find((member) => member.email === DEMO_EMAIL)!;
    const token = signToken({ sub: demo.id, pwv: demo.passwordVersion }, TEST_SECRET, 60).token;
    const routes = [
      'login',
      'register',
      'verify-otp',
      'forgot-password',
      'set-password',
      'change-password',
      'sign-out-key',
      'refresh',
    ];
    for (const route of routes.map((name) => `/api/auth/${name}`)) {
      const reply = await throttled.call('POST', route, { token, body: { email: 'limits@example.com' } });
      expect(reply.status).toBe(429);
      expect(Number(reply.headers.get('retry-after'))).toBeGreaterThan(0);
      expectDocumented('POST', route, reply);
    }
    // A body that never arrives: the answer is the documented 408.
    const stalled = await new Promise<{ status: number; body: unknown }>((resolve, reject) => {
      const request = http.request(`${throttled.url}/api/user/points/claim`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': '100' },
      });
      request.on('response', (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
      });
      request.on('error', reject);
      request.write('{"bookingId":');
    });
    expect(stalled.status).toBe(408);
    expectDocumented('POST', '/api/user/points/claim', stalled);
  } finally {
    await throttled.close();
  }
});

test('a lock answers as the document says: 423 with Retry-After', async () => {
  const locking = await startTestApi({ security: { signInSlowdown: { waitSeconds: 0 } } });
  try {
    let reply = await locking.call('POST', '/api/auth/login', { body: { email: DEMO_EMAIL, password: 'Wrong@1234' } });
    for (let attempt = 1; attempt < 5; attempt++) {
      reply = await locking.call('POST', '/api/auth/login', { body: { email: DEMO_EMAIL, password: 'Wrong@1234' } });
    }
    expect(reply.status).toBe(423);
    expect(reply.headers.get('retry-after')).toBe('900');
    expectDocumented('POST', '/api/auth/login', reply);
    const outbox = await locking.call('GET', `/api/dev/outbox?email=${DEMO_EMAIL}`);
    expect(outbox.body.data[0].link).toEqual(expect.any(String));
    expectDocumented('GET', '/api/dev/outbox', outbox);
  } finally {
    await locking.close();
  }
});
