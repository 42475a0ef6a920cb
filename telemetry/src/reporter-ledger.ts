/**
 * What each reporter and each address has contributed (decision 060), so that a forged stream of
 * reports weighs no more than a few real pages:
 *
 * - a pass counts at most one page's worth of events per release: one landing, a bounded number of
 *   route changes, no more errors than the pages it reported, a few remote loads, two of each vital;
 * - what decides a canary is counted per subscriber (`subscriberKeyOf`: an IPv4 address whole, an
 *   IPv6 /56), not per /64: one home holds 256 /64s, and each would otherwise count as a reporter
 *   and a budget of its own. "Address" below, for a canary's caps and reporters, means that;
 * - an address holds at most `CANARY_PASSES_PER_ADDRESS` live passes naming one canary release:
 *   beyond, new passes from it leave that canary out (its pages still report stable). Stable is
 *   not capped so: many members behind one address (a hotel's Wi-Fi) all count, and a forger's
 *   stable reports cannot pass a broken canary, which its absolute ceilings judge alone;
 * - an address adds at most `CANARY_ADDRESS_CAPS` to one canary release's figures in a window of
 *   a pass's life: a few errors and failed remote loads, a bounded number of pages. Rolling a healthy canary back, or
 *   hiding a broken one, then takes many subscribers, not many requests or many /64s;
 * - each release counts the distinct addresses that reported it, which the walk requires a minimum
 *   of before it acts (release/src/canary-analysis.ts);
 * - an address is minted a bounded number of reporter cookies (decision 073), apart from its
 *   passes: two thirds of its share at once, the rest over a cookie's life (decision 075), so a
 *   client dropping its cookie collects reporters, each with its own budget at the edge, no faster.
 *
 * Everything is in memory and bounded: entries go when their pass expires, or their release
 * leaves the manifests.
 */
import { clientKeyOf, subscriberKeyOf } from '../../mock-api/src/security/client-key';
import type { ReleaseLabelSet } from './release-catalog';
import { PASS_TTL_MS, releaseKey, type PassClaims } from './reporter-pass';
import { METRICS, VITAL_HISTOGRAMS, type ReportEvent } from '@loyalty/shared/telemetry';

export const PASS_CAPS = {
  /** Landings: a pass is one page load. */
  load: 1,
  /** Route changes within the page's life. */
  route: 30,
  /** Loads of a remote's routes (each with its own retries inside). */
  remoteLoad: 5,
  /** Each vital, per release (web-vitals reports a page's LCP, INP, CLS at most about twice). */
  vital: 2,
} as const;
/** Live passes one address may hold that name one canary release. */
export const CANARY_PASSES_PER_ADDRESS = 10;
/** What one address may add to one canary release's figures per window (PASS_TTL_MS). */
export const CANARY_ADDRESS_CAPS = { pages: 100, errors: 3, failures: 3, vitals: 3 } as const;
/**
 * The part of an address's share of reporter cookies it may be minted at once (decision 075): 80 of
 * the 120 shipped, the 60 members of a hotel or a conference room who arrive together and a third
 * again for those arriving from another site's link, whose page mints anew. The rest comes back
 * evenly over a cookie's life (one every 45 s shipped), so a collector takes half an hour for it.
 */
export const MINTED_AT_ONCE = 2 / 3;
/** The window the per-address canary caps count over. */
export const CANARY_ADDRESS_WINDOW_MS = PASS_TTL_MS;

/**
 * The most one address may add per window to a canary's count of `series` (those of its events
 * with `labels`), by the caps above; undefined where the receiver sets no such cap. What a
 * canary check weighs its evidence without (release/src/canary-analysis.ts).
 */
export function canaryAddressCapOf(series: string, labels: Readonly<Record<string, string>> = {}): number | undefined {
  if (series === METRICS.errors) return CANARY_ADDRESS_CAPS.errors;
  if (series === METRICS.pageLoads) return CANARY_ADDRESS_CAPS.pages;
  if (series === METRICS.remoteLoads && labels.outcome === 'failed') return CANARY_ADDRESS_CAPS.failures;
  // Each vital is capped by its own name: a histogram's count of one vital.
  if (Object.values(VITAL_HISTOGRAMS).some((histogram) => histogram.series === series))
    return CANARY_ADDRESS_CAPS.vitals;
  return undefined;
}

/** The kinds of a canary's capped events whose distinct addresses the receiver counts. */
export const CANARY_EVENT_KINDS = ['errors', 'failures'] as const;
export type CanaryEventKind = (typeof CANARY_EVENT_KINDS)[number];
/** The gauge of those addresses, by release and `kind` (telemetry/src/metrics.ts). */
export const CANARY_EVENT_ADDRESSES = 'loyalty_canary_event_addresses';

/**
 * The kind of capped event a check's events selector counts, where it counts exactly that kind
 * (all errors; failed remote loads): the receiver counts distinct addresses for these alone.
 */
export function canaryEventKindOf(
  series: string,
  labels: Readonly<Record<string, string>> = {},
): CanaryEventKind | undefined {
  const named = Object.keys(labels);
  if (series === METRICS.errors && named.length === 0) return 'errors';
  if (series === METRICS.remoteLoads && named.length === 1 && labels.outcome === 'failed') return 'failures';
  return undefined;
}

/** Which of CANARY_ADDRESS_CAPS an event counts against, if any. */
export function cappedKindOf(event: ReportEvent): keyof typeof CANARY_ADDRESS_CAPS | null {
  if (event.type === 'page') return 'pages';
  if (event.type === 'error') return 'errors';
  if (event.type === 'remote-load' && event.outcome === 'failed') return 'failures';
  if (event.type === 'vital') return 'vitals';
  return null;
}

/** What one address added to one canary release in the current window. */
interface CanaryShare {
  until: number;
  pages: number;
  errors: number;
  failures: number;
  /** Per vital's name. */
  vitals: Record<string, number>;
}

interface Tally {
  load: number;
  route: number;
  errors: number;
  remoteLoad: number;
  vitals: Record<string, number>;
}

const labelKey = (set: ReleaseLabelSet) => `${set.environment}|${releaseKey(set)}`;

export class ReporterLedger {
  /** Per live pass: its expiry and its tally per release. */
  private readonly passes = new Map<string, { expires: number; tallies: Map<string, Tally> }>();
  /** Per address and canary release: the expiries of the passes naming it. */
  private readonly canaryPasses = new Map<string, number[]>();
  /** Per release: the addresses that reported it. */
  private readonly addresses = new Map<string, Set<string>>();
  /** Addresses seen reporting, and refused for their rate, in the current window (PASS_TTL_MS). */
  private readonly seen = { reporting: new Map<string, number>(), refused: new Map<string, number>() };
  /** Per address and canary release: what it added in the current window. */
  private readonly canaryShares = new Map<string, CanaryShare>();
  /** Per canary release and kind of capped event: the addresses that added one. */
  private readonly eventAddresses = new Map<string, Set<string>>();
  /** Per address: the reporter cookies it may still be minted at once, as of `at`, and when that is whole. */
  private readonly mints = new Map<string, { left: number; at: number; whole: number }>();

  /**
   * Whether `address` may be minted one more reporter cookie (and counts it if so), out of its
   * `share`: MINTED_AT_ONCE of it at once, the rest coming back evenly over PASS_TTL_MS, a cookie's
   * life. So no more than `share` in any cookie's life, and an address holds at most that many live
   * reporters; a client asking without end gets the first part at once, then one every
   * PASS_TTL_MS / (share × (1 − MINTED_AT_ONCE)), never the whole share in seconds.
   */
  admitReporterMint(address: string, share: number, now = Date.now()): boolean {
    const client = clientKeyOf(address);
    const atOnce = Math.max(1, share * MINTED_AT_ONCE);
    const perMs = (share * (1 - MINTED_AT_ONCE)) / PASS_TTL_MS;
    const last = this.mints.get(client);
    const left = last ? Math.min(atOnce, last.left + (now - last.at) * perMs) : atOnce;
    const admitted = left >= 1;
    const kept = admitted ? left - 1 : left;
    this.mints.set(client, { left: kept, at: now, whole: now + (atOnce - kept) / perMs });
    return admitted;
  }

  /** The releases a new pass for `address` may name: canaries it holds too many passes for are left out. */
  admitPass(address: string, releases: readonly ReleaseLabelSet[], now = Date.now()): ReleaseLabelSet[] {
    const client = subscriberKeyOf(address);
    return releases.filter((release) => {
      if (release.channel !== 'canary') return true;
      const key = `${client}|${labelKey(release)}`;
      const live = (this.canaryPasses.get(key) ?? []).filter((expires) => expires > now);
      if (live.length >= CANARY_PASSES_PER_ADDRESS) {
        this.canaryPasses.set(key, live);
        return false;
      }
      this.canaryPasses.set(key, [...live, now + PASS_TTL_MS]);
      return true;
    });
  }

  /**
   * Whether the pass, from `address`, may add this event to its release's figures (and counts it
   * if so): within the pass's caps, and for a canary within the address's.
   */
  admitEvent(claims: PassClaims, event: ReportEvent, address: string, now = Date.now()): boolean {
    const kind = cappedKindOf(event);
    if (event.channel === 'canary' && kind) {
      const key = `${subscriberKeyOf(address)}|${claims.environment}|${releaseKey(event)}`;
      let share = this.canaryShares.get(key);
      if (!share || share.until <= now) {
        share = { until: now + CANARY_ADDRESS_WINDOW_MS, pages: 0, errors: 0, failures: 0, vitals: {} };
        this.canaryShares.set(key, share);
      }
      if (event.type === 'vital') {
        const seen = share.vitals[event.name] ?? 0;
        if (seen >= CANARY_ADDRESS_CAPS.vitals || !this.admitToPass(claims, event)) return false;
        share.vitals[event.name] = seen + 1;
        return true;
      }
      if (kind === 'vitals' || share[kind] >= CANARY_ADDRESS_CAPS[kind]) return false;
      if (!this.admitToPass(claims, event)) return false;
      share[kind] += 1;
      return true;
    }
    return this.admitToPass(claims, event);
  }

  private admitToPass(claims: PassClaims, event: ReportEvent): boolean {
    let pass = this.passes.get(claims.id);
    if (!pass) this.passes.set(claims.id, (pass = { expires: claims.expires, tallies: new Map() }));
    const key = releaseKey(event);
    let tally = pass.tallies.get(key);
    if (!tally) pass.tallies.set(key, (tally = { load: 0, route: 0, errors: 0, remoteLoad: 0, vitals: {} }));
    switch (event.type) {
      case 'page': {
        const kind = event.navigation;
        if (tally[kind] >= PASS_CAPS[kind]) return false;
        tally[kind] += 1;
        return true;
      }
      case 'error':
        // No more errors than pages reported: a reporter's error rate is at most one.
        if (tally.errors >= tally.load + tally.route) return false;
        tally.errors += 1;
        return true;
      case 'remote-load':
        if (tally.remoteLoad >= PASS_CAPS.remoteLoad) return false;
        tally.remoteLoad += 1;
        return true;
      case 'vital': {
        const seen = tally.vitals[event.name] ?? 0;
        if (seen >= PASS_CAPS.vital) return false;
        tally.vitals[event.name] = seen + 1;
        return true;
      }
    }
  }

  /** True the first time `address` reports `release`: a new distinct reporter of it. */
  firstFromAddress(release: ReleaseLabelSet, address: string): boolean {
    const key = labelKey(release);
    let seen = this.addresses.get(key);
    if (!seen) this.addresses.set(key, (seen = new Set()));
    const client = subscriberKeyOf(address);
    if (seen.has(client)) return false;
    seen.add(client);
    return true;
  }

  /**
   * The kind of a counted canary event (errors, failed loads) the first time `address` adds one
   * of it to `release`: one more distinct address behind them. Null for any other event, or an
   * address already counted.
   */
  newEventAddress(release: ReleaseLabelSet, event: ReportEvent, address: string): CanaryEventKind | null {
    const kind = cappedKindOf(event);
    if (release.channel !== 'canary' || !CANARY_EVENT_KINDS.some((counted) => counted === kind)) return null;
    const key = `${labelKey(release)}|${kind}`;
    let seen = this.eventAddresses.get(key);
    if (!seen) this.eventAddresses.set(key, (seen = new Set()));
    const client = subscriberKeyOf(address);
    if (seen.has(client)) return null;
    seen.add(client);
    return kind as CanaryEventKind;
  }

  /** True the first time in a window an address is seen doing `what` in `environment`. */
  firstInWindow(what: 'reporting' | 'refused', address: string, environment: string, now = Date.now()): boolean {
    const client = `${environment}|${clientKeyOf(address)}`;
    const until = this.seen[what].get(client);
    if (until !== undefined && until > now) return false;
    this.seen[what].set(client, now + PASS_TTL_MS);
    return true;
  }

  /** Drops what a release that left the manifests had gathered. */
  forget(release: ReleaseLabelSet): void {
    const key = labelKey(release);
    this.addresses.delete(key);
    for (const kind of CANARY_EVENT_KINDS) this.eventAddresses.delete(`${key}|${kind}`);
    for (const entry of this.canaryPasses.keys()) if (entry.endsWith(`|${key}`)) this.canaryPasses.delete(entry);
    for (const entry of this.canaryShares.keys()) if (entry.endsWith(`|${key}`)) this.canaryShares.delete(entry);
  }

  /** Drops expired passes and canary-pass records, and the mints of addresses whose share is whole again. */
  prune(now = Date.now()): void {
    // An address whose share has come back whole is as if never minted.
    for (const [client, { whole }] of this.mints) if (whole <= now) this.mints.delete(client);
    for (const [id, pass] of this.passes) if (pass.expires <= now) this.passes.delete(id);
    for (const [key, share] of this.canaryShares) if (share.until <= now) this.canaryShares.delete(key);
    for (const seen of Object.values(this.seen))
      for (const [client, until] of seen) if (until <= now) seen.delete(client);
    for (const [key, expiries] of this.canaryPasses) {
      const live = expiries.filter((expires) => expires > now);
      if (live.length === 0) this.canaryPasses.delete(key);
      else this.canaryPasses.set(key, live);
    }
  }
}
