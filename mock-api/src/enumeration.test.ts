import { TEST_SCRYPT_COST, startTestApi, type TestApi } from './testing/test-api';

/**
 * No enumeration by timing: for each of register, sign-in and forgot-password, requests for known
 * and unknown addresses are interleaved in random order and timed, and the best threshold on
 * the durations (chosen after seeing them, which favours the attacker) must tell the two apart
 * no better than 60 % of the time (50 % is chance). The answers themselves are compared too.
 * scrypt runs at the tests' low cost; both paths make exactly one derivation at the same cost and
 * one write, so the property does not depend on the cost (mock-api README "Security").
 */
// 200 of each: for two samples of one distribution, the best threshold exceeds 58 % about once in a
// hundred runs (Kolmogorov–Smirnov), so 60 % is a bound that noise alone does not reach.
const PER_CLASS = Number(process.env.ENUMERATION_SAMPLES ?? 200);
/** `ENUMERATION_SCRYPT_COST=16384` runs it at the production cost (slow: minutes, not seconds). */
const SCRYPT_COST = Number(process.env.ENUMERATION_SCRYPT_COST ?? TEST_SCRYPT_COST);
jest.setTimeout(SCRYPT_COST > TEST_SCRYPT_COST ? 900_000 : 120_000);

let api: TestApi;
const known: string[] = [];
beforeAll(async () => {
  api = await startTestApi({ scryptCost: SCRYPT_COST });
  for (let index = 0; index < PER_CLASS; index++) {
    const email = `known${index}@example.com`;
    await api.registerMember(email, 'Known@1234');
    known.push(email);
  }
  // Past the cool-down of the registration codes just sent.
  api.clock.set(new Date(api.clock.now().getTime() + 3600_000).toISOString());
});
afterAll(() => api.close());

/** The best accuracy any threshold on `duration` reaches, in either direction. */
function bestThresholdAccuracy(knownMs: number[], unknownMs: number[]): number {
  const all = [...knownMs.map((ms) => ({ ms, known: true })), ...unknownMs.map((ms) => ({ ms, known: false }))].sort(
    (a, b) => a.ms - b.ms,
  );
  let knownBelow = 0;
  let unknownBelow = 0;
  let best = 0.5;
  for (const sample of all) {
    if (sample.known) knownBelow += 1;
    else unknownBelow += 1;
    // "known when at most the threshold", or the reverse.
    const knownLow = (knownBelow + (unknownMs.length - unknownBelow)) / all.length;
    best = Math.max(best, knownLow, 1 - knownLow);
  }
  return best;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

type Probe = (email: string, index: number) => Promise<{ status: number; body: unknown }>;

async function measure(name: string, probe: Probe, strip: (body: unknown) => unknown = (body) => body) {
  const knownMs: number[] = [];
  const unknownMs: number[] = [];
  const answers = { known: new Set<string>(), unknown: new Set<string>() };
  for (let index = 0; index < PER_CLASS; index++) {
    const pair = [
      { email: known[index]!, times: knownMs, seen: answers.known },
      { email: `unknown-${name}-${index}@example.com`, times: unknownMs, seen: answers.unknown },
    ];
    if (Math.random() < 0.5) pair.reverse();
    for (const { email, times, seen } of pair) {
      const started = performance.now();
      const reply = await probe(email, index);
      times.push(performance.now() - started);
      seen.add(JSON.stringify([reply.status, strip(reply.body)]));
    }
  }
  const accuracy = bestThresholdAccuracy(knownMs, unknownMs);
  console.log(
    `${name}: median ${median(knownMs).toFixed(2)} ms known, ${median(unknownMs).toFixed(2)} ms unknown; ` +
      `best threshold tells them apart ${(accuracy * 100).toFixed(1)} % of the time ` +
      `(${PER_CLASS} each, scrypt N = ${SCRYPT_COST})`,
  );
  return { accuracy, answers };
}

const withoutAddress = (body: unknown) => ({ ...(body as object), email: undefined, user: undefined });

test('sign-in: the same answer and the same time for a known and an unknown address', async () => {
  const { accuracy, answers } = await measure('sign-in', (email) =>
    api.call('POST', '/api/auth/login', { body: { email, password: 'Wrong@1234' } }),
  );
  expect([...answers.known]).toEqual([...answers.unknown]);
  expect(accuracy).toBeLessThanOrEqual(0.6);
});

test('register: the same answer and the same time for a verified and a new address', async () => {
  const { accuracy, answers } = await measure(
    'register',
    (email) =>
      api.call('POST', '/api/auth/register', {
        body: { email, password: 'Guess@1234', password2: 'Guess@1234', firstname: 'E', lastname: 'N' },
      }),
    withoutAddress,
  );
  expect([...answers.known]).toEqual([...answers.unknown]);
  expect(accuracy).toBeLessThanOrEqual(0.6);
});

test('forgot-password: the same answer and the same time for a known and an unknown address', async () => {
  const { accuracy, answers } = await measure('forgot-password', (email) =>
    api.call('POST', '/api/auth/forgot-password', { body: { email } }),
  );
  expect([...answers.known]).toEqual([...answers.unknown]);
  expect(accuracy).toBeLessThanOrEqual(0.6);
});
