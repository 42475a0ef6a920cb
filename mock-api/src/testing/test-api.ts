import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp, type MockApi, type MockApiOptions } from '../app';

/** Fixed business clock of the tests: the seed's pending booking then ends on 2026-01-20. */
export const TEST_NOW = '2026-01-15T12:00:00.000Z';
export const TEST_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';
/** scrypt N for tests: the format and checks are the same, at a fraction of the cost. */
export const TEST_SCRYPT_COST = 1024;
/**
 * The suites sign up many members from one address (127.0.0.1), so the per-client throttles are
 * `off`, as `THROTTLE_*=off` sets them; the tests of the throttles turn them on again.
 */
export const NO_CLIENT_THROTTLES = { signIn: null, codeChecks: null, registrations: null, passwordResets: null };

/**
 * A reply body as tests see it: arbitrary JSON that each test pins down with matchers (and the
 * contract tests with the real schemas), so property access must not need a cast at every step.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type JsonBody = any;

export interface Reply<T = JsonBody> {
  status: number;
  body: T;
  headers: Headers;
}

export interface CallOptions {
  body?: unknown;
  /** Sent as is, for malformed input. */
  rawBody?: string;
  token?: string;
  headers?: Record<string, string>;
}

export interface TestApi extends MockApi {
  url: string;
  dataDir: string;
  call<T = JsonBody>(method: string, route: string, options?: CallOptions): Promise<Reply<T>>;
  login(email: string, password: string): Promise<string>;
  /** Registers and verifies a member through the real flow (outbox code); returns a token. */
  registerMember(email: string, password?: string): Promise<string>;
  latestCode(email: string): Promise<string>;
  close(): Promise<void>;
}

/** Starts the mock API in-process on a random port with a fresh temporary data folder. */
export async function startTestApi(overrides: Partial<MockApiOptions> = {}): Promise<TestApi> {
  const dataDir = overrides.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'mock-api-test-'));
  const api = await createApp({
    dataDir,
    now: TEST_NOW,
    jwtSecret: TEST_SECRET,
    scryptCost: TEST_SCRYPT_COST,
    log: () => undefined,
    // The tests read the outbox and move the clock, as developers do.
    devRoutes: true,
    ...overrides,
    security: {
      ...overrides.security,
      clientThrottles: { ...NO_CLIENT_THROTTLES, ...overrides.security?.clientThrottles },
    },
  });
  const server = await api.listen(0);

  async function call<T = JsonBody>(method: string, route: string, options: CallOptions = {}): Promise<Reply<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined;
    if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    const response = await fetch(server.url + route, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON: keep the text, so a test can say what came back.
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  async function latestCode(email: string): Promise<string> {
    const outbox = await call<{ data: { code?: string }[] }>(
      'GET',
      `/api/dev/outbox?email=${encodeURIComponent(email)}`,
    );
    const code = outbox.body.data[0]?.code;
    if (!code) throw new Error(`No code in the outbox of ${email}`);
    return code;
  }

  async function login(email: string, password: string): Promise<string> {
    const reply = await call<{ token: string }>('POST', '/api/auth/login', { body: { email, password } });
    if (reply.status !== 200) throw new Error(`Login failed: ${reply.status} ${JSON.stringify(reply.body)}`);
    return reply.body.token;
  }

  async function registerMember(email: string, password = 'Secret@123'): Promise<string> {
    const registered = await call('POST', '/api/auth/register', {
      body: { email, password, password2: password, firstname: 'Test', lastname: 'Member' },
    });
    if (registered.status !== 201) throw new Error(`Register failed: ${JSON.stringify(registered.body)}`);
    const otp = await latestCode(email);
    const verified = await call('POST', '/api/auth/verify-otp', { body: { email, otp, purpose: 'register' } });
    if (verified.status !== 200) throw new Error(`Verify failed: ${JSON.stringify(verified.body)}`);
    return verified.body.data.accessToken as string;
  }

  return {
    ...api,
    url: server.url,
    dataDir,
    call,
    login,
    registerMember,
    latestCode,
    close: async () => {
      await server.close();
      if (!overrides.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The API of a test file: started before its first test, closed after its last, its clock back at
 * TEST_NOW after each test. What it returns stands for the API from `beforeAll` on (a proxy: the
 * API does not exist yet when the file's top level runs).
 */
export function useTestApi(overrides: Partial<MockApiOptions> = {}): TestApi {
  let started: TestApi | undefined;
  beforeAll(async () => {
    started = await startTestApi(overrides);
  });
  afterAll(() => started?.close());
  afterEach(() => started?.clock.set(TEST_NOW));
  return new Proxy({} as TestApi, {
    get(_, key) {
      if (!started) throw new Error('The test API starts in beforeAll: use it inside a test or a hook.');
      return Reflect.get(started, key);
    },
  });
}
