import {
  REPORT_FORMAT,
  type PassRequest,
  type ReleaseLabels,
  type ReportBatch,
  type ReportEvent,
} from '@loyalty/shared/telemetry';

/** Events in one request at most (the receiver takes up to 64). */
export const MAX_BATCH_EVENTS = 32;
/** How long an event may wait for others before its batch leaves (the page's hiding sends at once). */
export const FLUSH_DELAY_MS = 5_000;

export type Transport = (url: string, body: string) => void;

/**
 * `navigator.sendBeacon`, which the browser delivers even as the page goes away; a keepalive
 * fetch where the beacon is refused (its queue full). A string body goes as text/plain, which
 * needs no CORS preflight wherever TELEMETRY_URL points (the receiver reads it as JSON).
 */
export const beaconTransport: Transport = (url, body) => {
  if (navigator.sendBeacon?.(url, body)) return;
  void fetch(url, { method: 'POST', body, keepalive: true }).catch(() => undefined);
};

/** Where a page asks for its pass, and what it names (reporter.ts). */
export interface PassSource {
  url: string;
  releases: ReleaseLabels[];
}

/**
 * Gathers events into batches of one environment and sends them: when full, after a delay, or at
 * once. Each batch carries the page's reporter pass; until the pass is known, events wait. A page
 * that leaves before its pass came back sends them with a pass request of its own (one beacon).
 */
export class BatchSender {
  private queued: ReportEvent[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private pass: string | null = null;

  constructor(
    private readonly url: string,
    private readonly environment: string,
    private readonly send: Transport = beaconTransport,
    private readonly passSource: PassSource | null = null,
  ) {}

  /** The pass the receiver gave this page: batches leave with it from now on. */
  usePass(pass: string): void {
    this.pass = pass;
    if (this.queued.length > 0) this.timer ??= setTimeout(() => this.flush(), FLUSH_DELAY_MS);
  }

  add(events: readonly ReportEvent[]): void {
    if (events.length === 0) return;
    this.queued.push(...events);
    if (this.queued.length >= MAX_BATCH_EVENTS) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), FLUSH_DELAY_MS);
  }

  /** Sends what waits. `leaving`: the page is going away, so events without a pass yet go with a request for one. */
  flush({ leaving = false }: { leaving?: boolean } = {}): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const pass = this.pass;
    if (!pass) {
      if (!leaving || !this.passSource) return;
      while (this.queued.length > 0) {
        const events = this.queued.splice(0, MAX_BATCH_EVENTS);
        const request: PassRequest = {
          format: REPORT_FORMAT,
          environment: this.environment,
          releases: this.passSource.releases,
          events,
        };
        this.send(this.passSource.url, JSON.stringify(request));
      }
      return;
    }
    while (this.queued.length > 0) {
      const events = this.queued.splice(0, MAX_BATCH_EVENTS);
      const batch: ReportBatch = { format: REPORT_FORMAT, environment: this.environment, pass, events };
      this.send(this.url, JSON.stringify(batch));
    }
  }
}
