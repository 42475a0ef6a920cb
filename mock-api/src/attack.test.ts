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
/** A client of its own: a /64 of its own, since a /64 is one client (`clientKeyOf`). */
const newClient = () => {
  clients += 1;
  return { 'x-forwarded-for': `2001:db8:${(clients >> 16).toString(16)}:${(clients & 0xffff).toString(16)}::1` };
};

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

  let lastCode: string | undefined;
  while (api.clock.now().getTime() < start + DAY_MS && requests < maxRequests && !taken) {
    const asked = await post('/api/auth/forgot-password', { email: victim });
    if (asked.status === 429) {
      refusals += 1;
      advance(Number(asked.headers.get('retry-after')));
      continue;
    }
    expect(asked.status).toBe(200);
    // Once the budget is spent, the reset e-mail carries a link and no code.
    const live = (await api.call('GET', `/api/dev/outbox?email=${victim}`)).body.data[0]?.code as string | undefined;
    if (live) codesIssued += 1;
    let checked = 0;
    for (let candidate = 0; candidate < SPACE && checked < 5 && requests < maxRequests; candidate++) {
      const guess = String(candidate).padStart(OTP_LENGTH, '0');
      if (guess === live) continue;
      const reply = await post('/api/auth/verify-otp', { email: victim, otp: guess, purpose: 'reset' });
      if (reply.status === 200) taken = true;
      if (reply.status === 429 && lastCode) {
        // The last code, which the attacker would love to hit, is refused once the budget is spent.
        const tried = await post('/api/auth/verify-otp', { email: victim, otp: lastCode, purpose: 'reset' });
        if (tried.status === 200) taken = true;
        else liveCodeRefused += 1;
        lastCode = undefined;
      }
      if (reply.status !== 422) break;
      checked += 1;
    }
    if (live) lastCode = live;
    if (live || checked > 0) guessesPerCode.push(checked);
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

/**
 * A week of an attacker at full budget against one member, with the per-client throttles as
 * shipped and a new client (a /64 of its own) for every request: it locks the account again the
 * moment each lock ends (with no wait after three failures, `SIGN_IN_SLOWDOWN=3/0s`, which only
 * helps it), asks for a reset e-mail whenever one may go (spending the address's cool-down and
 * hourly cap, and trying to kill earlier links), and guesses every code it can. Once a day the
 * owner, from a client of their own, gets back in through the link of a reset e-mail: asking for
 * one, or, when the API says one went a moment ago, taking the newest in their inbox.
 */
test('for a simulated week, the owner gets back in every day through the link', async () => {
  const api = await startTestApi({
    security: {
      clientThrottles: DEFAULT_SECURITY_SETTINGS.clientThrottles,
      signInSlowdown: { afterFailures: 3, waitSeconds: 0 },
    },
  });
  const victim = 'besieged.owner@example.com';
  const MINUTE = 60_000;
  const WEEK_MINUTES = 7 * 24 * 60;
  const WEEK_MAX_REQUESTS = 20_000;
  try {
    let password = 'Owner@0000';
    await api.registerMember(victim, password);
    const start = api.clock.now().getTime();
    const at = (minute: number) => new Date(start + minute * MINUTE).toISOString();
    let requests = 0;
    const attack = (route: string, body: unknown) => {
      requests += 1;
      return api.call('POST', route, { headers: newClient(), body });
    };
    let lockedUntil = 0;
    let nextMailAt = 0;
    let locks = 0;
    let mailsAsked = 0;
    let guesses = 0;
    let taken = false;
    const regained: { day: number; how: string; lockedBefore: boolean }[] = [];

    for (let minute = 0; minute < WEEK_MINUTES && requests < WEEK_MAX_REQUESTS && !taken; minute++) {
      api.clock.set(at(minute));
      const now = start + minute * MINUTE;
      if (now >= lockedUntil) {
        for (let attempt = 0; attempt < 5; attempt++) {
          const reply = await attack('/api/auth/login', { email: victim, password: 'Wrong@1234' });
          if (reply.status === 200) taken = true;
          if (reply.status === 423) {
            locks += 1;
            lockedUntil = now + Number(reply.headers.get('retry-after')) * 1000;
            break;
          }
        }
      }
      if (now >= nextMailAt) {
        const asked = await attack('/api/auth/forgot-password', { email: victim });
        const wait = asked.status === 200 ? asked.body.resendAfter : Number(asked.headers.get('retry-after'));
        nextMailAt = now + Math.max(1, wait) * 1000;
        if (asked.status === 200) {
          mailsAsked += 1;
          for (let guess = 0; guess < 5; guess++) {
            const reply = await attack('/api/auth/verify-otp', {
              email: victim,
              otp: String(1000 + guesses).padStart(OTP_LENGTH, '0'),
              purpose: 'reset',
            });
            if (reply.status === 200) taken = true;
            if (reply.status !== 422) break;
            guesses += 1;
          }
        }
      }
      // The owner, each morning at nine.
      if (minute % (24 * 60) === 9 * 60) {
        // A client of the owner's own each day: the per-client throttles count in real time, which
        // this simulated week passes in seconds.
        const owner = { 'x-forwarded-for': `203.0.113.${Math.floor(minute / (24 * 60)) + 1}` };
        const signIn = await api.call('POST', '/api/auth/login', {
          headers: owner,
          body: { email: victim, password },
        });
        const asked = await api.call('POST', '/api/auth/forgot-password', { headers: owner, body: { email: victim } });
        const inbox = (await api.call('GET', `/api/dev/outbox?email=${victim}`)).body.data as { link?: string }[];
        const link = inbox.find((mail) => mail.link)?.link;
        expect(link).toBeDefined();
        const fresh = `Owner@${minute}`;
        const reset = await api.call('POST', '/api/auth/set-password', {
          headers: owner,
          body: { resetToken: new URL(link!).hash.slice('#token='.length), password: fresh, confirmPassword: fresh },
        });
        expect(reset.status).toBe(200);
        password = fresh;
        const back = await api.call('POST', '/api/auth/login', { headers: owner, body: { email: victim, password } });
        expect(back.status).toBe(200);
        regained.push({
          day: Math.floor(minute / (24 * 60)) + 1,
          how: asked.status === 200 ? 'a new e-mail' : 'the newest e-mail in the inbox',
          lockedBefore: signIn.status === 423,
        });
        // The attacker locks again at once.
        lockedUntil = now;
      }
    }
    const chance = 1 - (1 - 5 / SPACE) ** Math.ceil(guesses / 5);
    console.log(
      [
        `A week of an attacker at full budget (shipped client throttles, a new /64 per request, no sign-in wait):`,
        `  requests: ${requests}; locks: ${locks}; reset e-mails asked for: ${mailsAsked}; code guesses checked: ${guesses}`,
        `  chance of a code guessed that week: at most ${(chance * 100).toPrecision(3)} %`,
        `  the owner got back in on ${regained.length} of 7 days: ` +
          regained.map((day) => `day ${day.day} (${day.lockedBefore ? 'locked' : 'open'}, ${day.how})`).join(', '),
      ].join('\n'),
    );
    expect(taken).toBe(false);
    expect(regained).toHaveLength(7);
    expect(regained.every((day) => day.lockedBefore)).toBe(true);
    expect(guesses).toBeLessThanOrEqual(7 * DEFAULT_SECURITY_SETTINGS.codeBudget.count);
    expect(requests).toBeLessThan(WEEK_MAX_REQUESTS);
  } finally {
    await api.close();
  }
}, 300_000);
