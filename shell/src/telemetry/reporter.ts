// Loaded once the page is usable and idle (start-reporting.ts): everything here is off the critical path.
import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import { getRuntimeConfig } from '@loyalty/shared/config';
import { registeredRemotes, releaseInfo } from '../remotes/register-released-remotes';
import { SHELL } from './attribution';
import { BatchSender } from './batch-sender';
import { readJournal } from './journal';
import { ReportBuilder } from './report-builder';
import { REPORT_FORMAT, type PassRequest, type ReleaseLabels } from '@loyalty/shared/telemetry';
import { routeRemote } from './start-reporting';

/** A pass is good for 30 minutes (telemetry/src/reporter-pass.ts): a page open longer gets a new one. */
const PASS_RENEW_MS = 25 * 60_000;

/** Asks the receiver for this page's reporter pass; null when it gives none (nothing is reported). */
async function requestPass(url: string, request: PassRequest): Promise<string | null> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request),
      cache: 'no-store',
    });
    if (!response.ok) return null;
    return ((await response.json()) as { pass?: string }).pass ?? null;
  } catch {
    return null;
  }
}

/**
 * Reads the journal from the page's start into reports, adds the page's Web Vitals, and sends
 * them in batches to TELEMETRY_URL. The load's own vitals (TTFB, FCP, LCP) count for the remote
 * that rendered the page the member landed on; INP and CLS, which last the page's life, for the
 * remote that renders it when they are reported (as the page hides).
 */
export function startReporter(): void {
  const { TELEMETRY_URL, TELEMETRY_PASS_URL } = getRuntimeConfig();
  const { environment, shell } = releaseInfo();
  if (!TELEMETRY_URL || !TELEMETRY_PASS_URL || !environment) return;
  // The pass names the releases this page loaded: the receiver counts its reports against it.
  const releases: ReleaseLabels[] = [
    { remote: SHELL, version: shell.version, channel: 'stable' },
    ...registeredRemotes().map(({ name, version, channel }) => ({ remote: name, version, channel })),
  ];
  const sender = new BatchSender(TELEMETRY_URL, environment, undefined, { url: TELEMETRY_PASS_URL, releases });
  const getPass = () =>
    void requestPass(TELEMETRY_PASS_URL, { format: REPORT_FORMAT, environment, releases }).then(
      (pass) => pass && sender.usePass(pass),
    );
  getPass();
  setInterval(getPass, PASS_RENEW_MS);
  const builder = new ReportBuilder({ remotes: registeredRemotes, shell });
  readJournal((entry) => sender.add(builder.read(entry)));

  const ofLanding = (metric: Metric) =>
    sender.add([builder.vital(metric.name, metric.value, builder.landingRemote ?? routeRemote())]);
  const ofCurrentRoute = (metric: Metric) => sender.add([builder.vital(metric.name, metric.value, routeRemote())]);
  onTTFB(ofLanding);
  onFCP(ofLanding);
  onLCP(ofLanding);
  onINP(ofCurrentRoute);
  onCLS(ofCurrentRoute);
  // Registered after web-vitals' own listeners, so the vitals it reports as the page hides are in.
  const flushWhenHidden = () => {
    if (document.visibilityState === 'hidden') sender.flush({ leaving: true });
  };
  document.addEventListener('visibilitychange', flushWhenHidden);
  window.addEventListener('pagehide', () => sender.flush({ leaving: true }));
}
