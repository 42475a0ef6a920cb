/**
 * The telemetry receiver: members' browsers post batches of reports (and CSP violation reports)
 * through the portal's own origin under `/telemetry/`; Prometheus scrapes `/metrics`, which the
 * portal's origin never forwards. Everything it cannot read is refused with a 4xx and a message.
 */
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import * as v from 'valibot';
import { parseCspReport } from './csp-report';
import { ReceiverMetrics, type RejectionReason } from './metrics';
import type { ReleaseCatalog } from './release-catalog';
import { MAX_CSP_REPORT_BYTES, MAX_REPORT_BYTES, ReportBatchSchema } from './report-schema';

/** Reports arrive under the path the portal's origin passes on (TELEMETRY_PATH in scripts/lib/apps.cjs). */
export const REPORTS_ROUTE = '/telemetry/v1/reports';
export const CSP_ROUTE = '/telemetry/v1/csp';

export interface RateLimit {
  /** Requests one client may make per window. */
  max: number;
  windowMs: number;
}

/**
 * Per client (its address as the edge saw it), for reports and CSP reports together. A page load
 * sends one to three batches; sixty a minute leaves a member who clicks through many pages room,
 * and stops one client from filling the metrics.
 */
export const DEFAULT_RATE_LIMIT: RateLimit = { max: 60, windowMs: 60_000 };

export interface ReceiverOptions {
  /** The releases reports may name: the environments and versions the portal's manifests serve. */
  releases: ReleaseCatalog;
  rateLimit?: RateLimit;
  /**
   * The proxies whose `X-Forwarded-For` names the client: the edge in front of the receiver. By
   * default the loopback addresses, where the portal's edge runs beside it.
   */
  trustProxy?: string | string[];
  /** Node process metrics (memory, event-loop lag) beside the portal's; off in tests. */
  processMetrics?: boolean;
}

interface Refusal {
  status: number;
  reason: RejectionReason;
  message: string;
}

/** What a framework error means for the client: always a 4xx with words it can act on. */
function refusalFor(error: FastifyError): Refusal | null {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, reason: 'size', message: 'The report is too large.' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, reason: 'media-type', message: 'Reports are sent as JSON.' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, reason: 'json', message: 'The report is not valid JSON.' };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, reason: 'size', message: 'The request length does not match its body.' };
  }
  if (error.statusCode === 429) return { status: 429, reason: 'rate', message: 'Too many reports: slow down.' };
  if (error instanceof SyntaxError || (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)) {
    return { status: error.statusCode ?? 400, reason: 'json', message: 'The report cannot be read.' };
  }
  return null;
}

export async function buildReceiver(options: ReceiverOptions): Promise<{
  app: FastifyInstance;
  metrics: ReceiverMetrics;
}> {
  const { releases } = options;
  const limit = options.rateLimit ?? DEFAULT_RATE_LIMIT;
  const metrics = new ReceiverMetrics({ processMetrics: options.processMetrics ?? true });
  const stopForgetting = releases.onRemoved((removed) => removed.forEach((set) => metrics.forget(set)));
  const app = Fastify({
    logger: false,
    bodyLimit: MAX_REPORT_BYTES,
    trustProxy: options.trustProxy ?? ['127.0.0.1', '::1'],
    // Idle and slow clients are cut off: a report is a few hundred bytes.
    connectionTimeout: 10_000,
    requestTimeout: 10_000,
  });

  const refuse = (reply: FastifyReply, { status, reason, message }: Refusal) => {
    metrics.recordRejection(reason);
    return reply.code(status).header('cache-control', 'no-store').send({ error: message });
  };

  app.setErrorHandler((error: FastifyError, _request, reply) => {
    const refusal = refusalFor(error);
    if (refusal) return refuse(reply, refusal);
    // A fault of the receiver's own: said as such, never blamed on the report.
    app.log.error(error);
    return reply.code(500).send({ error: 'The receiver failed to record the report.' });
  });
  app.setNotFoundHandler((_request, reply) =>
    refuse(reply, { status: 404, reason: 'not-found', message: 'No such endpoint.' }),
  );

  // A beacon with a string body is sent as text/plain (no CORS preflight, wherever the receiver
  // is): it is read as JSON, as application/json is.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));
  // CSP reports come in two JSON media types of their own, with a smaller size limit.
  app.addContentTypeParser(
    ['application/csp-report', 'application/reports+json'],
    { parseAs: 'string', bodyLimit: MAX_CSP_REPORT_BYTES },
    app.getDefaultJsonParser('error', 'error'),
  );

  await app.register(rateLimit, {
    global: false,
    // The rate limit's own answer goes through the error handler like any refusal.
    errorResponseBuilder: (_request, context) =>
      Object.assign(new Error('rate limited'), { statusCode: context.statusCode }),
  });
  const rateLimited = { rateLimit: { max: limit.max, timeWindow: limit.windowMs } };

  /**
   * Reports come from the portal's own pages: a browser marks a request another site's page makes
   * (`Sec-Fetch-Site: cross-site` or `same-site`), and those are refused. Tools that send no such
   * header (a load test, curl) are left to the rate limit.
   */
  const sameOriginOnly = async (request: FastifyRequest, reply: FastifyReply) => {
    const site = request.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin' && site !== 'none') {
      return refuse(reply, { status: 403, reason: 'origin', message: 'Reports are accepted from the portal only.' });
    }
  };

  app.post(REPORTS_ROUTE, { config: rateLimited, onRequest: sameOriginOnly }, async (request, reply) => {
    const type = request.headers['content-type']?.toLowerCase() ?? '';
    if (!type.startsWith('application/json') && !type.startsWith('text/plain')) {
      return refuse(reply, { status: 415, reason: 'media-type', message: 'Reports are sent as JSON.' });
    }
    const parsed = v.safeParse(ReportBatchSchema, request.body);
    if (!parsed.success) {
      return refuse(reply, { status: 422, reason: 'schema', message: `Invalid report: ${v.summarize(parsed.issues)}` });
    }
    const batch = parsed.output;
    const served = await Promise.all(
      batch.events.map((event) => releases.accepts({ ...event, environment: batch.environment })),
    );
    const events = batch.events.filter((_event, index) => served[index]);
    if (events.length < batch.events.length)
      metrics.recordRefusedEvents('unlisted', batch.events.length - events.length);
    if (events.length === 0) {
      return refuse(reply, {
        status: 422,
        reason: 'unlisted',
        message: `The report names no release served in "${batch.environment}".`,
      });
    }
    metrics.record({ ...batch, events });
    return reply.code(204).send();
  });

  app.post(
    CSP_ROUTE,
    { config: rateLimited, onRequest: sameOriginOnly, bodyLimit: MAX_CSP_REPORT_BYTES },
    async (request, reply) => {
      const type = request.headers['content-type']?.toLowerCase() ?? '';
      const format = type.startsWith('application/csp-report')
        ? 'csp-report'
        : type.startsWith('application/reports+json')
          ? 'reports'
          : null;
      if (!format) {
        return refuse(reply, {
          status: 415,
          reason: 'media-type',
          message: 'CSP reports are sent as application/csp-report or application/reports+json.',
        });
      }
      const parsed = parseCspReport(format, request.body);
      if (!parsed.ok) return refuse(reply, { status: 422, reason: 'schema', message: parsed.message });
      for (const violation of parsed.violations) metrics.recordCspViolation(violation.directive, violation.disposition);
      return reply.code(204).send();
    },
  );

  app.get('/metrics', async (_request, reply) => {
    reply.header('content-type', metrics.registry.contentType);
    return metrics.registry.metrics();
  });
  app.get('/health', async () => ({ status: 'ok' }));
  app.addHook('onClose', async () => stopForgetting());

  return { app, metrics };
}
