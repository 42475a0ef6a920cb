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

export class PassSigner {
  private readonly secret: Buffer;

  /** `secret`: shared by every receiver of a portal (TELEMETRY_PASS_SECRET), else one of its own. */
  constructor(secret?: string) {
    this.secret = secret ? Buffer.from(secret, 'utf8') : randomBytes(32);
  }

  private signature(payload: string): Buffer {
    return createHmac('sha256', this.secret).update(payload).digest();
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

  /** The claims of a pass this signer issued and that has not expired; null for anything else. */
  verify(pass: string, now = Date.now()): PassClaims | null {
    const [payload, signature, ...rest] = pass.split('.');
    if (!payload || !signature || rest.length > 0) return null;
    const expected = this.signature(payload);
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as PassClaims;
      return claims.expires > now ? claims : null;
    } catch {
      return null;
    }
  }
}
