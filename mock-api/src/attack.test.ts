import { OTP_LENGTH } from '@loyalty/shared/validation';
import { DEFAULT_SECURITY_SETTINGS } from './security/settings';
import { startTestApi, type TestApi } from './testing/test-api';

/**
 * The reset-code attack, run for one simulated day against the in-process API with its business
 * clock fixed and moved only by the attacker's waits. The attacker knows the victim's address,
 * has as many client addresses as it likes (a new `X-Forwarded-For` for every request, so the
 * per-client throttles never bite) and plays the best strategy within the limits: ask for a code
 * whenever one may be sent, spend every try a code allows on distinct guesses, and wait exactly
 * as long as each 429 says. What is measured is how many guesses the server checks: the chance of
 * taking the account is 1 − Π(1 − kᵢ / 10⁴) over the codes, kᵢ guesses at the i-th. The attacker
 * skips the live code (read from the outbox) so that luck cannot end a run early; the live code
 * itself is then tried once the budget is spent, and must be refused.
 */
const SPACE = 10 ** OTP_LENGTH;
const DAY_MS = 24 * 3600 * 1000;
const MAX_REQUESTS = 5000;
jest.setTimeout(60_000);

let clients = 0;
const newClient = () => ({ 'x-forwarded-for': `2001:db8::${(++clients).toString(16)}` });

interface AttackOutcome {
  hours: number;
  codesIssued: number;
  guessesPerCode: number[];
  checked: number;
  chance: number;
  requests: number;
  refusals: number;
  liveCodeRefused: number;
  taken: boolean;
}

/** The attacker above, against `api`, until the day ends or `maxRequests` have been sent. */
async function attack(api: TestApi, victim: string, maxRequests: number): Promise<AttackOutcome> {
  const start = api.clock.now().getTime();
  const advance = (seconds: number) =>
    api.clock.set(new Date(api.clock.now().getTime() + seconds * 1000).toISOString());
  const guessesPerCode: number[] = [];
  let codesIssued = 0;
  let refusals = 0;
  let requests = 0;
  let taken = false;
  let liveCodeRefused = 0;
  const post = (route: string, body: unknown) => {
    requests += 1;
    return api.call('POST', route, { headers: newClient(), body });
  };

  while (api.clock.now().getTime() < start + DAY_MS && requests < maxRequests && !taken) {
    const asked = await post('/api/auth/forgot-password', { email: victim });
    if (asked.status === 429) {
      refusals += 1;
      // The last code, which the attacker would love to hit, is refused once the budget is spent.
      if (guessesPerCode.length > 0 && !api.store.data.otps.some((otp) => otp.email === victim)) {
        const outbox = await api.call('GET', `/api/dev/outbox?email=${victim}`);
        const lastCode = outbox.body.data.find((mail: { code?: string }) => mail.code)?.code as string;
        const live = await post('/api/auth/verify-otp', { email: victim, otp: lastCode, purpose: 'reset' });
        if (live.status === 200) taken = true;
        else liveCodeRefused += 1;
      }
      advance(Number(asked.headers.get('retry-after')));
      continue;
    }
    expect(asked.status).toBe(200);
    codesIssued += 1;
    const live = await api.latestCode(victim);
    let checked = 0;
    for (let candidate = 0; candidate < SPACE && checked < 5 && requests < maxRequests; candidate++) {
      const guess = String(candidate).padStart(OTP_LENGTH, '0');
      if (guess === live) continue;
      const reply = await post('/api/auth/verify-otp', { email: victim, otp: guess, purpose: 'reset' });
      if (reply.status === 200) taken = true;
      if (reply.status !== 422) break;
      checked += 1;
    }
    guessesPerCode.push(checked);
    // The next code as soon as the server says one may go.
    advance(asked.body.resendAfter as number);
  }
  const checked = guessesPerCode.reduce((sum, guesses) => sum + guesses, 0);
  return {
    hours: (api.clock.now().getTime() - start) / 3_600_000,
    codesIssued,
    guessesPerCode,
    checked,
    chance: 1 - guessesPerCode.reduce((miss, guesses) => miss * (1 - guesses / SPACE), 1),
    requests,
    refusals,
    liveCodeRefused,
    taken,
  };
}

test('the best strategy within the limits, for one simulated day, never takes the account', async () => {
  // The per-client throttles as deployed: the attacker goes round them, which is the point.
  const api = await startTestApi({ security: { clientThrottles: DEFAULT_SECURITY_SETTINGS.clientThrottles } });
  try {
    await api.registerMember('victim@example.com', 'Victim@1234');
    const outcome = await attack(api, 'victim@example.com', MAX_REQUESTS);
    const budget = DEFAULT_SECURITY_SETTINGS.codeBudget;
    console.log(
      [
        `Reset-code attack, one simulated day (${outcome.hours.toFixed(2)} h), a new client address per request:`,
        `  limits: ${budget.count} wrong codes per address per ${budget.seconds / 3600} h, 5 tries per code, ` +
          `cool-down ${DEFAULT_SECURITY_SETTINGS.codeCooldownSeconds} s, ` +
          `${DEFAULT_SECURITY_SETTINGS.codeSends.count} codes per address per hour`,
        `  codes issued: ${outcome.codesIssued}; guesses checked: ${outcome.checked} ` +
          `(${outcome.guessesPerCode.join(' + ')}); requests: ${outcome.requests}, answered 429: ${outcome.refusals}`,
        `  the live code, tried once the budget was spent: refused ${outcome.liveCodeRefused} time(s)`,
        `  chance of taking the account that day: ${(outcome.chance * 100).toPrecision(4)} % (at most 0.1 %)`,
      ].join('\n'),
    );
    expect(outcome.taken).toBe(false);
    expect(outcome.checked).toBeLessThanOrEqual(budget.count);
    expect(outcome.chance).toBeLessThanOrEqual(0.001);
    expect(outcome.liveCodeRefused).toBeGreaterThan(0);
    expect(outcome.requests).toBeLessThan(MAX_REQUESTS);
  } finally {
    await api.close();
  }
});

test('the same attacker, without the code limits, passes 0.1 % within 300 requests', async () => {
  const api = await startTestApi({
    security: {
      codeBudget: { count: 1_000_000, seconds: 86_400 },
      codeCooldownSeconds: 0,
      codeSends: { count: 1_000_000, seconds: 3600 },
    },
  });
  try {
    await api.registerMember('victim@example.com', 'Victim@1234');
    const outcome = await attack(api, 'victim@example.com', 300);
    console.log(
      `Without the code limits: ${outcome.codesIssued} codes and ${outcome.checked} guesses in ` +
        `${outcome.requests} requests, a ${(outcome.chance * 100).toPrecision(3)} % chance already`,
    );
    expect(outcome.chance).toBeGreaterThan(0.001);
  } finally {
    await api.close();
  }
});
