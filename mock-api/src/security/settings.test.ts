import { DEFAULT_SECURITY_SETTINGS, parseBudget, parseDuration, securityFromEnvironment } from './settings';

test('durations and budgets read as the README writes them', () => {
  expect(parseDuration('500ms', 'X')).toBe(0.5);
  expect(parseDuration('90', 'X')).toBe(90);
  expect(parseDuration('15m', 'X')).toBe(900);
  expect(parseDuration('24h', 'X')).toBe(86_400);
  expect(parseBudget('20/15m', 'X')).toEqual({ count: 20, seconds: 900 });
  expect(() => parseBudget('twenty/15m', 'THROTTLE_SIGN_IN')).toThrow(/THROTTLE_SIGN_IN must be COUNT\/DURATION/);
  expect(() => parseDuration('soon', 'BODY_TIMEOUT')).toThrow(/BODY_TIMEOUT must be a duration/);
});

test('every limit is on by default and each one is a setting of its own', () => {
  expect(securityFromEnvironment({})).toEqual(DEFAULT_SECURITY_SETTINGS);
  const settings = securityFromEnvironment({
    THROTTLE_SIGN_IN: 'off',
    THROTTLE_REGISTRATIONS: '1000/1m',
    SIGN_IN_SLOWDOWN: '3/2s',
    CODE_BUDGET: '10/24h',
    CODE_COOLDOWN: '5s',
    BODY_TIMEOUT: '300ms',
    TRUST_PROXY: '1',
  });
  expect(settings.clientThrottles.signIn).toBeNull();
  expect(settings.clientThrottles.registrations).toEqual({ count: 1000, seconds: 60 });
  expect(settings.clientThrottles.codeChecks).toEqual(DEFAULT_SECURITY_SETTINGS.clientThrottles.codeChecks);
  expect(settings.signInSlowdown).toEqual({ afterFailures: 3, waitSeconds: 2 });
  expect(settings.codeCooldownSeconds).toBe(5);
  expect(settings.timeLimits.bodyMs).toBe(300);
  expect(settings.trustProxy).toBe(1);
});
