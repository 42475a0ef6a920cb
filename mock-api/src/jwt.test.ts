import { createHmac, randomUUID } from 'node:crypto';
import { signToken, verifyToken, type TokenClaims } from './auth/jwt';
import { signOutKeyOf } from './auth/sign-out-key';
import { TEST_SECRET } from './testing/test-api';

const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * A compact JWS made by hand, byte for byte as the API made its tokens before jsonwebtoken signed
 * them (HMAC-SHA256 over `header.payload`); `hmac` picks another hash for the algorithm tests.
 */
function handMade(header: object, payload: object, secret = TEST_SECRET, hmac = 'sha256'): string {
  const content = `${part(header)}.${part(payload)}`;
  return `${content}.${createHmac(hmac, secret).update(content).digest('base64url')}`;
}

const HS256 = { alg: 'HS256', typ: 'JWT' };
const nowSeconds = () => Math.floor(Date.now() / 1000);

function claimsFor(ttlSeconds = 600): TokenClaims {
  const jti = randomUUID();
  const iat = nowSeconds();
  const exp = iat + ttlSeconds;
  return { sub: 'mbr-demo-0001', pwv: 1, jti, iat, exp, sok: signOutKeyOf({ jti, exp }, TEST_SECRET) };
}

describe('session tokens', () => {
  test('a token verifies with its claims, and a token made before the library verifies unchanged', () => {
    const { token, claims } = signToken({ sub: 'mbr-demo-0001', pwv: 3, org: randomUUID() }, TEST_SECRET, 600);
    expect(verifyToken(token, TEST_SECRET)).toEqual(claims);

    const before = claimsFor();
    expect(verifyToken(handMade(HS256, before), TEST_SECRET)).toEqual(before);
  });

  test('a token is refused once its exp has come, on real time', () => {
    const { token, claims } = signToken({ sub: 'mbr-demo-0001', pwv: 1 }, TEST_SECRET, 60);
    expect(verifyToken(token, TEST_SECRET, claims.exp * 1000 - 1)).toEqual(claims);
    expect(verifyToken(token, TEST_SECRET, claims.exp * 1000)).toBeNull();
    const expired = signToken({ sub: 'mbr-demo-0001', pwv: 1 }, TEST_SECRET, 60, Date.now() - 120_000).token;
    expect(verifyToken(expired, TEST_SECRET)).toBeNull();
  });
});

describe('forged session tokens are refused', () => {
  test('alg none, with or without a signature', () => {
    const claims = claimsFor();
    const unsigned = `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`;
    expect(verifyToken(unsigned, TEST_SECRET)).toBeNull();
    const signature = handMade(HS256, claims).split('.')[2];
    expect(verifyToken(`${unsigned}${signature}`, TEST_SECRET)).toBeNull();
  });

  test('another HMAC algorithm with the right secret', () => {
    for (const [alg, hmac] of [
      ['HS384', 'sha384'],
      ['HS512', 'sha512'],
    ] as const) {
      expect(verifyToken(handMade({ alg, typ: 'JWT' }, claimsFor(), TEST_SECRET, hmac), TEST_SECRET)).toBeNull();
    }
  });

  test('a token signed with another secret', () => {
    const forged = signToken({ sub: 'mbr-demo-0001', pwv: 1 }, 'another-secret', 600).token;
    expect(verifyToken(forged, TEST_SECRET)).toBeNull();
  });

  test('a payload changed after signing', () => {
    const claims = claimsFor();
    const [header, , signature] = handMade(HS256, claims).split('.');
    const tampered = `${header}.${part({ ...claims, sub: 'mbr-someone-else' })}.${signature}`;
    expect(verifyToken(tampered, TEST_SECRET)).toBeNull();
  });

  test('a correctly signed token that lacks a claim a session needs', () => {
    for (const claim of ['sub', 'pwv', 'jti', 'iat', 'exp'] as const) {
      const { [claim]: _left, ...rest } = claimsFor();
      expect(verifyToken(handMade(HS256, rest), TEST_SECRET)).toBeNull();
    }
    expect(verifyToken(handMade(HS256, { ...claimsFor(), pwv: '1' }), TEST_SECRET)).toBeNull();
  });

  test('anything that is not a compact JWS', () => {
    const notJson = Buffer.from('not json').toString('base64url');
    for (const junk of [
      '',
      'a.b',
      'a.b.c',
      'a.b.c.d',
      `${part(HS256)}.${notJson}.`,
      `${part(HS256)}.${notJson}.c2ln`,
    ]) {
      expect(verifyToken(junk, TEST_SECRET)).toBeNull();
    }
  });
});
