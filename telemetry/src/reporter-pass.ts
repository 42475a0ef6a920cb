/**
 * Reporter passes (decision 060): a page asks for one as its reporter starts, naming the releases
 * it loaded; the receiver signs it only for releases the manifests serve, and every report batch
 * carries it. A pass is what a report's events are counted against: one page's worth of each kind
 * per release, and a bounded number of canary passes per address, so no client can decide a
 * canary alone however many requests it sends.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Channel } from '@loyalty/shared/telemetry';
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
 * The cookie a browser's reporter is known by (decision 060): a signed id set with its first pass,
 * good for PASS_TTL_MS and kept over the page loads within it. The edge keys its report limits by
 * the id it carries (scripts/edge/nginx-config.mjs, REPORTER_COOKIE there), the receiver its pass
 * limit; neither lets it count anything: reports count against their pass.
 */
export const REPORTER_COOKIE = 'loyalty_reporter';

/** `<id>.<expires, ms>.<signature>`: 16, 13 and 43 base64url/decimal characters, as the edge expects. */
const REPORTER_VALUE = /^([\w-]{16})\.(\d{13})\.([\w-]{43})$/;

export class PassSigner {
  private readonly secret: Buffer;

  /** `secret`: shared by every receiver of a portal (TELEMETRY_PASS_SECRET), else one of its own. */
  constructor(secret?: string) {
    this.secret = secret ? Buffer.from(secret, 'utf8') : randomBytes(32);
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

  /** A new reporter cookie's value, signed apart from passes (its own prefix). */
  issueReporter(now = Date.now()): { value: string; id: string; expires: number } {
    const id = encode(randomBytes(12));
    const expires = now + PASS_TTL_MS;
    const payload = `${id}.${expires}`;
    return { value: `${payload}.${encode(this.signature(`reporter:${payload}`))}`, id, expires };
  }

  /** The id of a reporter cookie this signer issued and that has not expired; null for anything else. */
  verifyReporter(value: string | undefined, now = Date.now()): string | null {
    const match = value ? REPORTER_VALUE.exec(value) : null;
    if (!match) return null;
    const [, id, expires, signature] = match as unknown as [string, string, string, string];
    return this.signs(`reporter:${id}.${expires}`, signature) && Number(expires) > now ? id : null;
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
