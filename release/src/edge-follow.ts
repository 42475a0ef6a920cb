import { setTimeout as delay } from 'node:timers/promises';
import * as v from 'valibot';
import localTls from '../../scripts/lib/local-tls.cjs';
import { HttpUrlSchema, SettingsError, readEnvironmentSettings } from './environment-settings';

/**
 * After a release command writes the manifest, the edge takes it up on its own (the preview
 * follows the file and reloads nginx; a deployment copies it out). A release takes effect on a
 * member's next page load only once the edge serves it, so a command whose environment names its
 * edge waits for that: a person or a script may act on the release as soon as the command returns.
 */

/** How long a release command waits for the edge: a reload takes a few hundred milliseconds. */
export const EDGE_WAIT_MS = 10_000;

/** How long one ask of the edge may take at least. */
const ASK_MS = 1_000;

/** Overrides the settings file's `edge.origin` (the e2e stack, a person trying an edge out). */
export const EDGE_VARIABLE = 'RELEASE_EDGE_ORIGIN';

export type EdgeOutcome =
  | { status: 'not-configured' }
  /** `at`: when the edge was first seen serving it, by the writer's clock; `ms`: how long after the write. */
  | { status: 'served'; origin: string; at: string; ms: number }
  | { status: 'not-served'; message: string };

export interface EdgeWaitOptions {
  timeoutMs?: number;
  everyMs?: number;
  /** The writer's clock, which `at` is read from (a walk's, in its tests). */
  now?: () => Date;
  /** Ends the wait early (a walk's Ctrl+C): the write stands, and the outcome says the edge was not seen serving it. */
  signal?: AbortSignal;
}

/** What a person reads once the edge serves `revision`. */
export const describeServed = (revision: number, served: Extract<EdgeOutcome, { status: 'served' }>) =>
  `The edge ${served.origin} serves revision ${revision} (${served.ms} ms after the write).`;

async function edgeOrigin(root: string, env: string): Promise<string | undefined> {
  const override = process.env[EDGE_VARIABLE];
  if (override) {
    const parsed = v.safeParse(HttpUrlSchema, override);
    if (!parsed.success) throw new SettingsError(`${EDGE_VARIABLE} ${parsed.issues[0].message}`);
    return new URL(parsed.output).origin;
  }
  const origin = (await readEnvironmentSettings(root, env)).edge?.origin;
  return origin && new URL(origin).origin;
}

/**
 * How to ask `origin`: the local preview's edge over TLS (a local host's origin, once the project's
 * local authority is made) with a connection that trusts that authority, for these asks alone, so
 * a release command follows the preview (and `--check-url` fetches from it) without
 * NODE_EXTRA_CA_CERTS; any other origin with Node's own trust, which the local authority is never
 * added to.
 */
export function edgeFetch(origin: string): EdgeAsk {
  return localTls.isLocalEdge(origin) ? localTls.fetchFromEdge : fetch;
}

/** What asking an edge needs of `fetch`: Node's own, or undici's with a connection of its own. */
type EdgeAsk = (
  url: string,
  init: { cache: 'no-store'; signal?: AbortSignal },
) => Promise<Pick<Response, 'ok' | 'status' | 'json' | 'arrayBuffer'>>;

/** The revision the edge serves, or why none could be read. */
async function servedRevision(origin: string, timeoutMs: number, stop?: AbortSignal): Promise<number | string> {
  try {
    const timeout = AbortSignal.timeout(timeoutMs);
    const answer = await edgeFetch(origin)(`${origin}/release-manifest.json`, {
      cache: 'no-store',
      signal: stop ? AbortSignal.any([timeout, stop]) : timeout,
    });
    if (!answer.ok) return `it answered ${answer.status}`;
    const revision = ((await answer.json()) as { revision?: unknown }).revision;
    return typeof revision === 'number' ? revision : 'its release manifest has no revision';
  } catch (error) {
    // fetch says only "fetch failed"; why (refused, a certificate not trusted) is its cause's.
    const { message, cause } = error as Error & { cause?: { message?: unknown } };
    return typeof cause?.message === 'string' && cause.message ? cause.message : message;
  }
}

/**
 * Polls the environment's edge until its `/release-manifest.json` is at `revision` or later (a
 * later one holds this write too: revisions only rise), for `timeoutMs` at most. Nothing when the
 * environment names no edge. Never throws: the write happened, whatever the edge does.
 */
export async function waitForEdge(
  root: string,
  env: string,
  revision: number,
  { timeoutMs = EDGE_WAIT_MS, everyMs = 100, now = () => new Date(), signal }: EdgeWaitOptions = {},
): Promise<EdgeOutcome> {
  let origin: string | undefined;
  try {
    origin = await edgeOrigin(root, env);
  } catch (error) {
    return { status: 'not-served', message: `The edge of ${env} is not known: ${(error as Error).message}` };
  }
  if (!origin) return { status: 'not-configured' };
  const started = Date.now();
  for (;;) {
    // Each ask has a second at least, so the last one says what the edge serves rather than that
    // it was cut short: the wait is `timeoutMs` and one ask at most.
    const left = timeoutMs - (Date.now() - started);
    const served = await servedRevision(origin, Math.max(left, ASK_MS), signal);
    if (typeof served === 'number' && served >= revision) {
      return { status: 'served', origin, at: now().toISOString(), ms: Date.now() - started };
    }
    if (signal?.aborted) {
      return {
        status: 'not-served',
        message: `Revision ${revision} is written; the wait for the edge ${origin} was stopped: members get it once the edge takes it up.`,
      };
    }
    if (Date.now() - started + everyMs > timeoutMs) {
      const seen = typeof served === 'number' ? `it serves revision ${served}` : served;
      return {
        status: 'not-served',
        message: `Revision ${revision} is written, but the edge ${origin} did not serve it within ${timeoutMs / 1000} s (${seen}): members get it once the edge takes it up.`,
      };
    }
    await delay(everyMs, undefined, { signal }).catch(() => undefined);
  }
}
