/**
 * The telemetry receiver: members' browsers post batches of reports (and CSP violation reports)
 * through the portal's own origin under `/telemetry/`; Prometheus scrapes `/metrics`, which the
 * portal's origin never forwards. Everything it cannot read is refused with a 4xx and a message.
 */
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import * as v from 'valibot';
import { parse as parseCookies, serialize as serializeCookie } from 'cookie';
import { parseCspReport } from './csp-report';
import { ReceiverMetrics, type RejectionReason, type ReporterCookie } from './metrics';
import type { ReleaseCatalog } from './release-catalog';
import { ReporterLedger } from './reporter-ledger';
import { PASS_TTL_MS, PassSigner, REPORTER_COOKIE, releaseKey, type PassClaims } from './reporter-pass';
import { TELEMETRY_ROUTES, UNKNOWN_ENVIRONMENT, type ReportEvent } from '@loyalty/shared/telemetry';
import { COHORT_COOKIE, cohortBucket, networkCohortKey } from '@loyalty/shared/config';
import { MAX_CSP_REPORT_BYTES, MAX_REPORT_BYTES, PassRequestSchema, ReportBatchSchema } from './report-schema';

/** Reports arrive under the path the portal's origin passes on (`@loyalty/shared/telemetry`). */
export const { reports: REPORTS_ROUTE, csp: CSP_ROUTE, pass: PASS_ROUTE } = TELEMETRY_ROUTES;
/**
 * Where a reporter's cookie is sent: the whole portal's origin, so that the edge sees it on a page
 * request and mints none for a browser that has one (decision 073). It carries no right and is
 * HttpOnly: the API and the files ignore it.
 */
const REPORTER_COOKIE_PATH = '/';
/**
 * How long a network's cohort cookie is kept (COHORT_COOKIE): a month, set again with every pass,
 * so a member's side stays the same while their network does.
 */
const COHORT_COOKIE_MAX_AGE_S = 30 * 24 * 3600;
/**
 * The reporter id the edge checked the cookie of (scripts/edge/policy.mjs, REPORTER_CHECKED_HEADER):
 * it decides nothing here, it is counted, so that what the edge and the receiver agree on shows.
 */
const REPORTER_CHECKED_HEADER = 'x-loyalty-reporter';
/**
 * Where the edge says it refused a client's report for its rate (scripts/edge/nginx-config.mjs):
 * outside the path any origin passes on, and taken only from a proxy the receiver trusts.
 */
export const EDGE_REFUSAL_ROUTE = '/internal/edge-refusal';
/**
 * Where the edge asks for a reporter cookie for a page request without a valid one
 * (scripts/edge/policy.mjs, REPORTER_MINT_PATH): outside the path any origin passes on, and
 * answered only through a proxy the receiver trusts.
 */
export const REPORTER_MINT_ROUTE = '/internal/reporter-cookie';

export interface RateLimit {
  /** Requests one client may make per window. */
  max: number;
  windowMs: number;
}

/**
 * Per reporter: report batches per pass (a page load sends one to three), and CSP reports per
 * address. Sixty a minute leaves a member who clicks through many pages room. Members behind one
 * address (a hotel's Wi-Fi) each have a pass of their own, so they do not share this budget; the
 * edge bounds each reporter, and each address's requests without one (EDGE_LIMITS, decision 075).
 */
export const DEFAULT_RATE_LIMIT: RateLimit = { max: 60, windowMs: 60_000 };
/**
 * Passes one address may get a minute: a page load asks for one. Dozens of members behind one
 * address loading pages fit; a client minting reporters does not get far (decision 060).
 */
export const DEFAULT_PASS_LIMIT: RateLimit = { max: 240, windowMs: 60_000 };
/**
 * Passes one reporter (its cookie, REPORTER_COOKIE) may get a minute: one a page load, so a member
 * clicking through a page every two seconds. A browser keeps its reporter over its page loads, so
 * the address's budget above is spent on first pages (and clients without cookies) only.
 */
export const DEFAULT_REPORTER_PASS_LIMIT: RateLimit = { max: 30, windowMs: 60_000 };
/**
 * Reporter cookies one address may be minted in a cookie's life (PASS_TTL_MS), pages and passes
 * together: a hotel whose 120 members arrive within half an hour each get one, and a client that
 * drops its cookie collects no more than that, however many pages or passes it asks for
 * (decision 073). Two thirds of them at once, the rest one every 45 s (MINTED_AT_ONCE in
 * reporter-ledger.ts, decision 075), so a collector takes half an hour for the last third. Beyond,
 * a page loads without one and its reports share its address's strict limit.
 */
export const DEFAULT_REPORTER_MINTS_PER_ADDRESS = 120;

export interface ReceiverOptions {
  /** The releases reports may name: the environments and versions the portal's manifests serve. */
  releases: ReleaseCatalog;
  rateLimit?: RateLimit;
  passLimit?: RateLimit;
  reporterPassLimit?: RateLimit;
  /** Reporter cookies minted per address in a cookie's life (DEFAULT_REPORTER_MINTS_PER_ADDRESS). */
  reporterMintsPerAddress?: number;
  /**
   * The addresses `reporterMintsPerAddress` is for; every other address keeps the default share.
   * Without it, every address has `reporterMintsPerAddress`.
   */
  reporterMintsAddresses?: readonly string[];
  /** Signs the reporter passes; receivers of one portal share its secret (TELEMETRY_PASS_SECRET). */
  passes?: PassSigner;
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
  const passes = options.passes ?? new PassSigner();
  const ledger = new ReporterLedger();
  const stopForgetting = releases.onRemoved((removed) =>
    removed.forEach((set) => {
      metrics.forget(set);
      ledger.forget(set);
    }),
  );
  // A release's series exist at zero from the moment its manifest is read, before its first report:
  // Prometheus then sees its first events as an increase, not as a series born counting.
  const stopPreparing = releases.onAdded((added) => added.forEach((set) => metrics.prepare(set)));
  for (const set of releases.labelSets()) metrics.prepare(set);
  const pruning = setInterval(() => ledger.prune(), 60_000);
  pruning.unref();
  const app = Fastify({
    logger: false,
    bodyLimit: MAX_REPORT_BYTES,
    trustProxy: options.trustProxy ?? ['127.0.0.1', '::1'],
    // Idle and slow clients are cut off: a report is a few hundred bytes.
    connectionTimeout: 10_000,
    requestTimeout: 10_000,
  });

  /**
   * Whose walks a client refused for its rate weighs on: the environment its report names, where
   * its body was read and names one the manifests serve; else the receiver's only environment
   * (receivers per environment, as edge/environments.json deploys them); else `unknown`, which
   * every environment's walk counts (a refusal must never pass unseen).
   */
  const refusedEnvironment = (request: FastifyRequest): string => {
    const named = (request.body as { environment?: unknown } | null | undefined)?.environment;
    if (typeof named === 'string') return servedOrUnknown(named);
    const served = releases.environments();
    return served.length === 1 ? served[0]! : UNKNOWN_ENVIRONMENT;
  };
  /** A label value from the manifests, never the client's word (decision 057). */
  const servedOrUnknown = (environment: string) =>
    releases.environments().includes(environment) ? environment : UNKNOWN_ENVIRONMENT;
  const countRefused = (request: FastifyRequest) => {
    const environment = refusedEnvironment(request);
    if (ledger.firstInWindow('refused', request.ip, environment)) metrics.recordAddress('refused', environment);
  };
  const refuse = (reply: FastifyReply, { status, reason, message }: Refusal) => {
    metrics.recordRejection(reason);
    return reply.code(status).header('cache-control', 'no-store').send({ error: message });
  };

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const refusal = refusalFor(error);
    // A client refused for its rate: how many of the reporting clients are, is what a walk weighs.
    if (refusal?.reason === 'rate') countRefused(request);
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
  const passLimit = options.passLimit ?? DEFAULT_PASS_LIMIT;
  const reporterPassLimit = options.reporterPassLimit ?? DEFAULT_REPORTER_PASS_LIMIT;
  /**
   * The id of the request's reporter cookie when this portal signed it for the request's client;
   * null for none, a forged one, or one minted to another client (decision 076). The client is
   * `request.ip`: the socket's, or what a trusted proxy (the edge) names, never the client's say.
   */
  const reporterOf = (request: FastifyRequest) =>
    passes.verifyReporter(parseCookies(request.headers.cookie ?? '')[REPORTER_COOKIE], request.ip);
  const mintsAddresses = options.reporterMintsAddresses && new Set(options.reporterMintsAddresses);
  /** The share of reporter cookies of `address`. */
  const mintsFor = (address: string) =>
    !mintsAddresses || mintsAddresses.has(address)
      ? (options.reporterMintsPerAddress ?? DEFAULT_REPORTER_MINTS_PER_ADDRESS)
      : DEFAULT_REPORTER_MINTS_PER_ADDRESS;
  /**
   * A new reporter cookie for `request`'s address, as a `Set-Cookie` value, within the address's
   * share of cookies; null beyond it. Counted by what asked and how it went.
   */
  const mintReporter = (request: FastifyRequest, by: 'page' | 'pass') => {
    if (!ledger.admitReporterMint(request.ip, mintsFor(request.ip))) {
      metrics.recordReporterMint({ by, outcome: 'over-budget' });
      return null;
    }
    metrics.recordReporterMint({ by, outcome: 'minted' });
    const reporter = passes.issueReporter(request.ip);
    return serializeCookie(REPORTER_COOKIE, reporter.value, {
      maxAge: PASS_TTL_MS / 1000,
      path: REPORTER_COOKIE_PATH,
      httpOnly: true,
      sameSite: 'strict',
    });
  };
  /** Counts a pass or report request by its reporter cookie, and by whether the edge checked it too. */
  const countReporterCookie = (request: FastifyRequest) => {
    const reporter = reporterOf(request);
    const cookie: ReporterCookie = !reporter
      ? 'none'
      : request.headers[REPORTER_CHECKED_HEADER] === reporter
        ? 'checked'
        : 'receiver';
    metrics.recordReporterCookie(cookie);
  };
  /**
   * Passes count against their reporter, whose cookie the receiver signed; the others (a first page,
   * a forged or expired cookie) against their address, which bounds how many reporters it can mint.
   */
  const perPassReporter = {
    rateLimit: {
      timeWindow: passLimit.windowMs,
      keyGenerator: (request: FastifyRequest) => {
        const reporter = reporterOf(request);
        return reporter ? `reporter:${reporter}` : request.ip;
      },
      max: (_request: FastifyRequest, key: string) =>
        key.startsWith('reporter:') ? reporterPassLimit.max : passLimit.max,
    },
  };
  /** Report batches count against their pass once read (the address where it is not one). */
  const perReporter = {
    rateLimit: {
      max: limit.max,
      timeWindow: limit.windowMs,
      hook: 'preHandler' as const,
      keyGenerator: (request: FastifyRequest) => {
        const pass = (request.body as { pass?: unknown } | null)?.pass;
        const claims = typeof pass === 'string' ? passes.verify(pass) : null;
        return claims ? `pass:${claims.id}` : request.ip;
      },
    },
  };

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

  /**
   * Counts what a page sent against its pass: events of releases the manifests serve and its pass
   * names, within the pass's and its address's caps (reporter-ledger.ts); the rest is counted by
   * why it was not. Says how many were counted, and how many named a release served and passed.
   */
  async function countEvents(claims: PassClaims, environment: string, sent: readonly ReportEvent[], address: string) {
    // The environment as a label: one the manifests serve, never the client's word.
    const whose = servedOrUnknown(environment);
    const named = new Set(claims.releases);
    const served = await Promise.all(sent.map((event) => releases.accepts({ ...event, environment })));
    const refused = { unlisted: 0, pass: 0, 'reporter-cap': 0 };
    // Errors are weighed after the pages sent with them: an error counts on a page its pass reported.
    const order = sent.map((_event, index) => index);
    order.sort((a, b) => Number(sent[a]!.type === 'error') - Number(sent[b]!.type === 'error'));
    const kept = new Set(
      order.filter((index) => {
        const event = sent[index]!;
        if (!served[index]) refused.unlisted += 1;
        else if (!named.has(releaseKey(event))) refused.pass += 1;
        else if (!ledger.admitEvent(claims, event, address)) refused['reporter-cap'] += 1;
        else return true;
        return false;
      }),
    );
    const events = sent.filter((_event, index) => kept.has(index));
    for (const [reason, count] of Object.entries(refused) as Array<[keyof typeof refused, number]>) {
      if (count > 0) metrics.recordRefusedEvents(reason, count, whose);
    }
    for (const event of events) {
      const release = { remote: event.remote, version: event.version, channel: event.channel, environment };
      if (ledger.firstFromAddress(release, address)) metrics.recordReporter(release);
      const kind = ledger.newEventAddress(release, event, address);
      if (kind) metrics.recordCanaryEventAddress(release, kind);
    }
    if (sent.length > 0 && ledger.firstInWindow('reporting', address, whose)) metrics.recordAddress('reporting', whose);
    if (events.length > 0) metrics.record({ environment, events });
    return { counted: events.length, named: sent.length - refused.unlisted - refused.pass };
  }

  /** A page's reporter asks for its pass, naming the releases it loaded. */
  app.post(
    PASS_ROUTE,
    {
      config: perPassReporter,
      onRequest: sameOriginOnly,
      bodyLimit: MAX_REPORT_BYTES,
    },
    async (request, reply) => {
      countReporterCookie(request);
      const parsed = v.safeParse(PassRequestSchema, request.body);
      if (!parsed.success) {
        return refuse(reply, {
          status: 422,
          reason: 'schema',
          message: `Invalid request: ${v.summarize(parsed.issues)}`,
        });
      }
      const { environment } = parsed.output;
      const named = parsed.output.releases.map((release) => ({ ...release, environment }));
      // The page's network's cohort, which the page reads to pick its releases from the next load.
      const cohort = passes.cohortOf(request.ip);
      reply.header(
        'set-cookie',
        serializeCookie(COHORT_COOKIE, cohort, {
          maxAge: COHORT_COOKIE_MAX_AGE_S,
          path: '/',
          secure: true,
          sameSite: 'strict',
        }),
      );
      // A canary counts from the networks its share covers only: whatever cohort a page claims or
      // picked, a client reaches a canary from that part of its networks alone (decision 060).
      const allowed = await Promise.all(
        named.map(
          async (release) =>
            (await releases.accepts(release)) &&
            (release.channel !== 'canary' ||
              (await releases.covers(release, cohortBucket(release.remote, networkCohortKey(cohort))))),
        ),
      );
      const admitted = ledger.admitPass(
        request.ip,
        named.filter((_release, index) => allowed[index]),
      );
      if (admitted.length === 0) {
        return refuse(reply, {
          status: 422,
          reason: 'unlisted',
          message: `The page names no release served in "${environment}".`,
        });
      }
      const { pass, claims } = passes.issue(environment, admitted);
      // A page leaving before its pass came back sends its events with the request (one beacon).
      if (parsed.output.events) await countEvents(claims, environment, parsed.output.events, request.ip);
      // A browser whose page came without a reporter (no edge in front, a receiver down then, a
      // page from the service worker's cache) gets one, kept over its page loads.
      if (!reporterOf(request)) {
        const cookie = mintReporter(request, 'pass');
        if (cookie) reply.header('set-cookie', cookie);
      }
      return reply
        .code(201)
        .header('cache-control', 'no-store')
        .send({ pass, expires: new Date(claims.expires).toISOString(), releases: admitted.length });
    },
  );

  app.post(REPORTS_ROUTE, { config: perReporter, onRequest: sameOriginOnly }, async (request, reply) => {
    countReporterCookie(request);
    const type = request.headers['content-type']?.toLowerCase() ?? '';
    if (!type.startsWith('application/json') && !type.startsWith('text/plain')) {
      return refuse(reply, { status: 415, reason: 'media-type', message: 'Reports are sent as JSON.' });
    }
    const parsed = v.safeParse(ReportBatchSchema, request.body);
    if (!parsed.success) {
      return refuse(reply, { status: 422, reason: 'schema', message: `Invalid report: ${v.summarize(parsed.issues)}` });
    }
    const batch = parsed.output;
    const claims = passes.verify(batch.pass);
    if (!claims || claims.environment !== batch.environment) {
      return refuse(reply, {
        status: 401,
        reason: 'pass',
        message: 'The reporter pass is not valid here, or has expired: ask for a new one.',
      });
    }
    const { counted, named } = await countEvents(claims, batch.environment, batch.events, request.ip);
    if (counted === 0 && named === 0) {
      return refuse(reply, {
        status: 422,
        reason: 'unlisted',
        message: `The report names no release served in "${batch.environment}".`,
      });
    }
    return reply.code(204).send();
  });

  /**
   * A report the edge refused for its client's rate, bodiless: counted as the receiver's own
   * refusals are (by reason, and the client once per window), so a walk reads the edge's refusals
   * where it reads the receiver's. Answered 429, which the edge turns into the member's answer.
   */
  app.post(EDGE_REFUSAL_ROUTE, async (request, reply) => {
    // Through a trusted proxy (the edge) only: its X-Forwarded-For names the client refused.
    if (request.ips === undefined || request.ips.length < 2) {
      return refuse(reply, { status: 404, reason: 'not-found', message: 'No such endpoint.' });
    }
    countRefused(request);
    return refuse(reply, { status: 429, reason: 'edge', message: 'Too many reports from this address: slow down.' });
  });

  /**
   * A reporter cookie for a page the edge serves to a browser without a valid one (an
   * `auth_request`, scripts/edge/nginx-config.mjs): 204 with the cookie, or without one when the
   * address has had its share (the page loads all the same). Through a trusted proxy only.
   */
  app.get(REPORTER_MINT_ROUTE, async (request, reply) => {
    if (request.ips === undefined || request.ips.length < 2) {
      return refuse(reply, { status: 404, reason: 'not-found', message: 'No such endpoint.' });
    }
    const cookie = reporterOf(request) ? null : mintReporter(request, 'page');
    if (cookie) reply.header('set-cookie', cookie);
    return reply.code(204).header('cache-control', 'no-store').send();
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
  app.addHook('onClose', async () => {
    stopForgetting();
    stopPreparing();
    clearInterval(pruning);
  });

  return { app, metrics };
}
