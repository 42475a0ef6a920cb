import type { AuditEntry, WalkReading } from './audit-log';

/** How a walk ended, as its heading says it. */
export type WalkEnd = 'promoted' | 'rolled back' | 'held' | 'running';

/** One audit line of a walk, placed on its time line. */
export interface WalkDecision {
  at: string;
  /** Seconds since the walk began. */
  seconds: number;
  actor: string;
  action: string;
  /** What it did, in the words of the page: "step 25 %", "wait", "next step", "hold", "rollback", "promote". */
  label: string;
  /** The reading's verdict behind an automatic decision. */
  verdict: string | null;
  /** The canary's share once the decision took effect. */
  percent: number | null;
}

export interface Walk {
  env: string;
  remote: string;
  version: string;
  stable: string;
  startedAt: string;
  readings: WalkReading[];
  decisions: WalkDecision[];
  end: WalkEnd;
  /** When the walk ended (its last decision), or `null` while running. */
  endedAt: string | null;
  /** The walk's confidence and the level each reading acted at, from its readings. */
  confidence: number | null;
  alpha: number | null;
}

const TERMINAL: Record<string, WalkEnd> = {
  promote: 'promoted',
  'rollback-canary': 'rolled back',
  rollback: 'rolled back',
};

const channelOf = (value: unknown) =>
  typeof value === 'object' && value !== null ? (value as { canary?: unknown; percent?: unknown }) : {};

/** Whether an audit line speaks of this canary version (its `from` or `to` names it). */
const concerns = (entry: AuditEntry, version: string) =>
  channelOf(entry.from).canary === version || channelOf(entry.to).canary === version;

function decisionOf(entry: AuditEntry, startedMs: number): WalkDecision {
  const analysis = channelOf(entry.analysis) as { verdict?: unknown; decision?: unknown };
  const to = channelOf(entry.to);
  const from = channelOf(entry.from);
  const verdict = typeof analysis.verdict === 'string' ? analysis.verdict : null;
  const percentOf = (value: unknown) => (typeof value === 'number' ? value : null);
  let label: string;
  let percent: number | null;
  switch (entry.action) {
    case 'canary':
      percent = percentOf(to.percent);
      label = `step ${percent ?? '?'} %`;
      break;
    case 'analysis':
      percent = percentOf(from.percent);
      label = typeof entry.to === 'string' ? entry.to : 'analysis';
      break;
    case 'hold':
      percent = percentOf(from.percent);
      label = 'hold';
      break;
    case 'rollback-canary':
    case 'rollback':
      percent = 0;
      label = 'rollback';
      break;
    case 'promote':
      percent = 100;
      label = 'promoted';
      break;
    default:
      percent = null;
      label = entry.action;
  }
  return {
    at: entry.at,
    seconds: Math.max(0, Math.round((Date.parse(entry.at) - startedMs) / 1000)),
    actor: entry.actor,
    action: entry.action,
    label,
    verdict,
    percent,
  };
}

/**
 * The canary walks of one environment: readings grouped by remote, `walkStartedAt` and version,
 * each with the audit lines of its canary between its start and the next walk of the same remote
 * (a hold may be followed by a promotion or a rollback by hand; the first of those ends it).
 */
export function groupWalks(readings: WalkReading[], audit: AuditEntry[], env: string): Walk[] {
  const byKey = new Map<string, WalkReading[]>();
  for (const reading of readings) {
    if (reading.env !== env) continue;
    const key = JSON.stringify([reading.remote, reading.walkStartedAt, reading.version]);
    const group = byKey.get(key) ?? [];
    group.push(reading);
    byKey.set(key, group);
  }
  const walks = [...byKey.values()]
    .map((group) => group.sort((a, b) => Date.parse(a.at) - Date.parse(b.at)))
    .sort(
      (a, b) =>
        a[0]!.remote.localeCompare(b[0]!.remote) || Date.parse(a[0]!.walkStartedAt) - Date.parse(b[0]!.walkStartedAt),
    );

  return walks.map((group, index) => {
    const first = group[0]!;
    const startedMs = Date.parse(first.walkStartedAt);
    const next = walks.slice(index + 1).find((other) => other[0]!.remote === first.remote);
    const untilMs = next ? Date.parse(next[0]!.walkStartedAt) : Infinity;
    const decisions: WalkDecision[] = [];
    let end: WalkEnd = 'running';
    let endedAt: string | null = null;
    for (const entry of audit) {
      const atMs = Date.parse(entry.at);
      if (entry.env !== env || entry.remote !== first.remote || atMs < startedMs || atMs >= untilMs) continue;
      if (!concerns(entry, first.version)) continue;
      decisions.push(decisionOf(entry, startedMs));
      if (entry.action === 'hold') {
        end = 'held';
        endedAt = entry.at;
      }
      const terminal = TERMINAL[entry.action];
      if (terminal) {
        end = terminal;
        endedAt = entry.at;
        break;
      }
    }
    const judged = group.flatMap((reading) => reading.checks).at(-1);
    return {
      env,
      remote: first.remote,
      version: first.version,
      stable: first.stable,
      startedAt: first.walkStartedAt,
      readings: group,
      decisions,
      end,
      endedAt,
      confidence: judged?.confidence ?? null,
      alpha: judged?.alpha ?? null,
    };
  });
}

/** Seconds since the walk began. */
export const secondsInto = (walk: Walk, at: string) =>
  Math.max(0, Math.round((Date.parse(at) - Date.parse(walk.startedAt)) / 1000));
