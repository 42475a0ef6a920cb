/**
 * Reporter passes (decision 060): a page asks for one as its reporter starts, naming the releases
 * it loaded; the receiver signs it only for releases the manifests serve, and every report batch
 * carries it. A pass is what a report's events are counted against: one page's worth of each kind
 * per release, and a bounded number of canary passes per address, so no client can decide a
 * canary alone however many requests it sends.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { clientKeyOf, subscriberKeyOf } from '../../mock-api/src/security/client-key';
import type { Channel } from '@loyalty/shared/telemetry';
import { COHORT_ID_LENGTH } from '@loyalty/shared/config';
import type { ReleaseLabelSet } from './release-catalog';

/** How long a pass is good for: a page's reporting session (a page asks again after it). */
export const PASS_TTL_MS = 30 * 60_000;

export interface PassClaims {
  /** The pass's own id: its reporter, as the limits and the reporter counts know it. */
  id: string;
  environment: string;
  /** `remote|version|channel` of each release the page loaded. */
  releases: string[];
  /** Expiry, in milliseconds since the epoch. */
  expires: number;
}

export const releaseKey = ({ remote, version, channel }: { remote: string; version: string; channel: Channel }) =>
  `${remote}|${version}|${channel}`;

const encode = (value: Buffer | string) => Buffer.from(value).toString('base64url');

/**
 * The cookie a browser's reporter is known by (decision 060): a signed id set with its first page
 * (the edge asks the receiver for it, decision 073) or else its first pass, good for PASS_TTL_MS
 * and kept over the page loads within it. The edge keys its report limits by
 * the id once it has checked the cookie's token (scripts/edge/nginx-config.mjs, decision 071), the
 * receiver its pass limit once it has checked the signature; neither lets it count anything:
 * reports count against their pass.
 */
export const REPORTER_COOKIE = 'loyalty_reporter';

/**
 * `<id>.<expires, s>.<edge token>.<signature>`: 16, 10, 22 and 43 base64url/decimal characters, as
 * the edge expects (REPORTER_COOKIE_VALUE in scripts/edge/policy.mjs).
 */
const REPORTER_VALUE = /^([\w-]{16})\.(\d{10})\.([\w-]{22})\.([\w-]{43})$/;

export class PassSigner {
  private readonly secret: string;

  /** `secret`: shared by every receiver of a portal and its edge (TELEMETRY_PASS_SECRET), else one of its own. */
  constructor(secret?: string) {
    this.secret = secret ?? randomBytes(32).toString('base64url');
  }

  private signature(payload: string): Buffer {
    return createHmac('sha256', this.secret).update(payload).digest();
  }

  /** Whether `signature` (base64url) is this signer's for `payload`, compared in constant time. */
  private signs(payload: string, signature: string): boolean {
    const expected = this.signature(payload);
    const given = Buffer.from(signature, 'base64url');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  issue(
    environment: string,
    releases: readonly ReleaseLabelSet[],
    now = Date.now(),
  ): { pass: string; claims: PassClaims } {
    const claims: PassClaims = {
      id: encode(randomBytes(12)),
      environment,
      releases: releases.map(releaseKey),
      expires: now + PASS_TTL_MS,
    };
    const payload = encode(JSON.stringify(claims));
    return { pass: `${payload}.${encode(this.signature(payload))}`, claims };
  }

  /**
   * A new reporter cookie's value for the client at `address`: the edge's token is what nginx's
   * secure_link checks, the MD5 of `reporter:<expires>:<id>:<client>:<secret>` (reporterTokenInput
   * in scripts/edge/policy.mjs); the signature is the receiver's own, signed apart from passes (its
   * own prefix). Both cover the client's key (`clientKeyOf`: an IPv4 address, an IPv6 /64), which
   * the cookie does not carry: each side takes it from the request (decision 076).
   */
  issueReporter(address: string, now = Date.now()): { value: string; id: string; expires: number } {
    const id = encode(randomBytes(12));
    const expires = Math.floor((now + PASS_TTL_MS) / 1000);
    const client = clientKeyOf(address);
    const token = encode(createHash('md5').update(`reporter:${expires}:${id}:${client}:${this.secret}`).digest());
    const payload = `${id}.${expires}.${token}`;
    return {
      value: `${payload}.${encode(this.signature(`reporter:${client}:${payload}`))}`,
      id,
      expires: expires * 1000,
    };
  }

  /**
   * The id of a reporter cookie this signer issued to the client at `address` and that has not
   * expired; null for anything else, a cookie minted to another client included.
   */
  verifyReporter(value: string | undefined, address: string, now = Date.now()): string | null {
    const match = value ? REPORTER_VALUE.exec(value) : null;
    if (!match) return null;
    const [, id, expires, token, signature] = match as unknown as [string, string, string, string, string];
    const signed = this.signs(`reporter:${clientKeyOf(address)}:${id}.${expires}.${token}`, signature);
    return signed && Number(expires) * 1000 > now ? id : null;
  }

  /**
   * The cohort of the network at `address` (COHORT_COOKIE): the first characters of an HMAC of
   * its subscriber key (an IPv4 address, an IPv6 /56), signed apart from passes and reporters (its
   * own prefix). The same for every receiver of a portal, says nothing of the member, and no client
   * can choose its own: each side takes the network from the request.
   */
  cohortOf(address: string): string {
    return encode(this.signature(`cohort:${subscriberKeyOf(address)}`)).slice(0, COHORT_ID_LENGTH);
  }

  /** The claims of a pass this signer issued and that has not expired; null for anything else. */
  verify(pass: string, now = Date.now()): PassClaims | null {
    const [payload, signature, ...rest] = pass.split('.');
    if (!payload || !signature || rest.length > 0) return null;
    if (!this.signs(payload, signature)) return null;
    try {
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as PassClaims;
      return claims.expires > now ? claims : null;
    } catch {
      return null;
    }
  }
}
