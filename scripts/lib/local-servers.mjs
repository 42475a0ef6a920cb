// The servers that run beside the pages, for `npm start` and `npm run preview`: the mock API, the
// telemetry receiver, Prometheus scraping the receiver where it is installed, and, on a deploy
// root, the release controller resuming orphaned canary walks.
import { startMockApi } from './mock-api-process.mjs';
import { startProjectPrometheus } from './prometheus.mjs';
import { startReleaseController } from './release-controller-process.mjs';
import { startTelemetryReceiver } from './telemetry-process.mjs';

/**
 * Starts them in turn. When one cannot start, those started before it are stopped again, so a
 * failed start leaves nothing listening on the ports. `stop()` stops every one that started.
 *
 * @param {{ api?: { devRoutes?: boolean, servedBy?: 'edge' | 'development' } | false, telemetry?: boolean, prometheus?: { deployRoot?: string } | boolean, releaseController?: { deployRoot: string } | false }} [which]
 *   `api`: the mock API's options, or false for none; `telemetry`: false for none; `prometheus`:
 *   its options (`deployRoot`: keep the data there, scripts/lib/prometheus.mjs), or false for none;
 *   `releaseController`: the deploy root whose orphaned walks it resumes, or false (the default)
 */
export async function startLocalServers({
  api = {},
  telemetry = true,
  prometheus = true,
  releaseController = false,
} = {}) {
  const started = { api: null, telemetry: null, prometheus: null, releaseController: null };
  const stop = () => {
    // First, so the walks it runs record where they are while the figures can still be read.
    started.releaseController?.kill();
    started.api?.kill();
    started.telemetry?.kill();
    started.prometheus?.stop();
  };
  try {
    if (api) started.api = await startMockApi(api);
    if (telemetry) started.telemetry = await startTelemetryReceiver();
    // null where Prometheus is not installed: the portal runs without it.
    if (prometheus) started.prometheus = await startProjectPrometheus(prometheus === true ? {} : prometheus);
    if (releaseController) started.releaseController = startReleaseController(releaseController);
  } catch (error) {
    stop();
    throw error;
  }
  return { ...started, stop };
}
