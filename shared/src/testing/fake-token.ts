/**
 * An unsigned JWT with the given `exp` (seconds) and any further claims (a session's sign-out key,
 * `sok`, decision 078): enough for code that only reads the claims.
 */
export function fakeToken(expSeconds: number, claims: Record<string, unknown> = {}): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: 'member-1', exp: expSeconds, ...claims })}.signature`;
}
