import { DEFAULT_SECURITY_SETTINGS, parseBudget, parseDuration, securityFromEnvironment } from './settings';
import { optionsFromEnvironment } from '../env';

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

test('the sign-in wait may be none, and the lock, the links and the client code budget are settings', () => {
  expect(securityFromEnvironment({ SIGN_IN_SLOWDOWN: '3/0s' }).signInSlowdown).toEqual({
    afterFailures: 3,
    waitSeconds: 0,
  });
  expect(() => securityFromEnvironment({ CODE_BUDGET: '10/0s' })).toThrow(/CODE_BUDGET needs a duration above zero/);
  const settings = securityFromEnvironment({
    LOCKOUT_DURATION: '5m',
    RESET_LINK_TTL: '1h',
    CLIENT_CODE_BUDGET: '3/12h',
  });
  expect(settings).toMatchObject({
    lockoutSeconds: 300,
    resetLinkSeconds: 3600,
    clientCodeBudget: { count: 3, seconds: 43_200 },
  });
  expect(() => securityFromEnvironment({ LOCKOUT_DURATION: '0s' })).toThrow(/LOCKOUT_DURATION/);
  expect(DEFAULT_SECURITY_SETTINGS).toMatchObject({ lockoutSeconds: 900, resetLinkSeconds: 1800 });
});

test('the API listens on loopback and believes X-Forwarded-For from the edge alone, by default', () => {
  expect(DEFAULT_SECURITY_SETTINGS.trustProxy).toBe('127.0.0.1');
  const options = optionsFromEnvironment({});
  expect(options.host).toBe('127.0.0.1');
  expect(options.portalOrigin).toBe('http://localhost:8080');
  expect(optionsFromEnvironment({ API_HOST: '::1', PORTAL_ORIGIN: 'https://portal.example' })).toMatchObject({
    host: '::1',
    portalOrigin: 'https://portal.example',
  });
  expect(() => optionsFromEnvironment({ PORTAL_ORIGIN: 'https://portal.example/path' })).toThrow(/PORTAL_ORIGIN/);
});
