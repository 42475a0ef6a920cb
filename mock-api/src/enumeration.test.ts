import { TEST_SCRYPT_COST, startTestApi, type TestApi } from './testing/test-api';

/**
 * No enumeration by timing: for each of register, sign-in and forgot-password, requests for known
 * and unknown addresses are interleaved in random order and timed. An attacker calibrates a
 * threshold on half of them (the best one, either way round) and classifies the other half with
 * it: right no more than 60 % of the time (50 % is chance). The best threshold on all of them at
 * once, which favours the attacker further, is printed too. The answers themselves are compared.
 * scrypt runs at the tests' low cost; both paths make exactly one derivation at the same cost and
 * one write, so the property does not depend on the cost (mock-api README "Security").
 */
// 200 of each, 100 + 100 classified: for one distribution, a threshold is right 50 % ± 3.5 % of the
// time (one standard deviation), so 60 % is a bound that noise alone does not reach.
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

interface Threshold {
  at: number;
  /** "known when at most `at`", else the reverse. */
  knownBelow: boolean;
  accuracy: number;
}

/** The threshold on the durations that is right most often, in either direction. */
function bestThreshold(knownMs: number[], unknownMs: number[]): Threshold {
  const all = [...knownMs.map((ms) => ({ ms, known: true })), ...unknownMs.map((ms) => ({ ms, known: false }))].sort(
    (a, b) => a.ms - b.ms,
  );
  let knownSoFar = 0;
  let unknownSoFar = 0;
  let best: Threshold = { at: -Infinity, knownBelow: true, accuracy: 0.5 };
  for (const sample of all) {
    if (sample.known) knownSoFar += 1;
    else unknownSoFar += 1;
    const knownLow = (knownSoFar + (unknownMs.length - unknownSoFar)) / all.length;
    if (knownLow > best.accuracy) best = { at: sample.ms, knownBelow: true, accuracy: knownLow };
    if (1 - knownLow > best.accuracy) best = { at: sample.ms, knownBelow: false, accuracy: 1 - knownLow };
  }
  return best;
}

/** How often `threshold` classifies these durations right. */
function accuracyOf(threshold: Threshold, knownMs: number[], unknownMs: number[]): number {
  const saysKnown = (ms: number) => ms <= threshold.at === threshold.knownBelow;
  const right = knownMs.filter(saysKnown).length + unknownMs.filter((ms) => !saysKnown(ms)).length;
  return right / (knownMs.length + unknownMs.length);
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
  const half = (values: number[], parity: number) => values.filter((_, index) => index % 2 === parity);
  const calibrated = bestThreshold(half(knownMs, 0), half(unknownMs, 0));
  const accuracy = accuracyOf(calibrated, half(knownMs, 1), half(unknownMs, 1));
  const hindsight = bestThreshold(knownMs, unknownMs).accuracy;
  const percent = (value: number) => `${(value * 100).toFixed(1)} %`;
  console.log(
    `${name}: median ${median(knownMs).toFixed(2)} ms known, ${median(unknownMs).toFixed(2)} ms unknown ` +
      `(${PER_CLASS} each, scrypt N = ${SCRYPT_COST}); a calibrated threshold is right ${percent(accuracy)} ` +
      `of the time, the best in hindsight ${percent(hindsight)}`,
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
