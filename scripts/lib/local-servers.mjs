// The servers that run beside the pages, for `npm start` and `npm run preview`: the mock API, the
// telemetry receiver, and Prometheus scraping the receiver where it is installed.
import { startMockApi } from './mock-api-process.mjs';
import { startProjectPrometheus } from './prometheus.mjs';
import { startTelemetryReceiver } from './telemetry-process.mjs';

/**
 * Starts them in turn. When one cannot start, those started before it are stopped again, so a
 * failed start leaves nothing listening on the ports. `stop()` stops every one that started.
 *
 * @param {{ api?: { devRoutes?: boolean, servedBy?: 'edge' | 'development' } | false, telemetry?: boolean, prometheus?: { deployRoot?: string } | boolean }} [which]
 *   `api`: the mock API's options, or false for none; `telemetry`: false for none; `prometheus`:
 *   its options (`deployRoot`: keep the data there, scripts/lib/prometheus.mjs), or false for none
 */
export async function startLocalServers({ api = {}, telemetry = true, prometheus = true } = {}) {
  const started = { api: null, telemetry: null, prometheus: null };
  const stop = () => {
    started.api?.kill();
    started.telemetry?.kill();
    started.prometheus?.stop();
  };
  try {
    if (api) started.api = await startMockApi(api);
    if (telemetry) started.telemetry = await startTelemetryReceiver();
    // null where Prometheus is not installed: the portal runs without it.
    if (prometheus) started.prometheus = await startProjectPrometheus(prometheus === true ? {} : prometheus);
  } catch (error) {
    stop();
    throw error;
  }
  return { ...started, stop };
}
