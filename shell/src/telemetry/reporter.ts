// Loaded once the page is usable and idle (start-reporting.ts): everything here is off the critical path.
import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import { getRuntimeConfig } from '@loyalty/shared/config';
import { registeredRemotes, releaseInfo } from '../remotes/register-released-remotes';
import { BatchSender } from './batch-sender';
import { readJournal } from './journal';
import { ReportBuilder } from './report-builder';
import { routeRemote } from './start-reporting';

/**
 * Reads the journal from the page's start into reports, adds the page's Web Vitals, and sends
 * them in batches to TELEMETRY_URL. The load's own vitals (TTFB, FCP, LCP) count for the remote
 * that rendered the page the member landed on; INP and CLS, which last the page's life, for the
 * remote that renders it when they are reported (as the page hides).
 */
export function startReporter(): void {
  const { TELEMETRY_URL } = getRuntimeConfig();
  const { environment, shell } = releaseInfo();
  if (!TELEMETRY_URL || !environment) return;
  const sender = new BatchSender(TELEMETRY_URL, environment);
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
    if (document.visibilityState === 'hidden') sender.flush();
  };
  document.addEventListener('visibilitychange', flushWhenHidden);
  window.addEventListener('pagehide', () => sender.flush());
}
