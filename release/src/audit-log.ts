import { appendFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { auditLogPath, readingsLogPath } from './deploy-layout';
import type { RecordedCheckResult, Verdict } from './canary-analysis';
import type { Refusals } from './metrics-source';

/** One change, as a line of JSON in `<root>/manifests/audit.jsonl`. */
export interface AuditEntry {
  at: string;
  actor: string;
  /** `null` for changes outside any environment (publishing a build). */
  env: string | null;
  action: string;
  remote: string;
  from: unknown;
  to: unknown;
  /** The manifest revision the change produced. */
  revision?: number;
  /** An automatic decision's grounds: the step, the window and the figures it judged. */
  analysis?: unknown;
  /** What went wrong (a notification that could not be sent). */
  error?: string;
}

/**
 * One reading of a canary walk, as a line of JSON in `<root>/manifests/readings.jsonl`: what the
 * release page draws over time (the audit log keeps the decisions alone).
 */
export interface WalkReading {
  at: string;
  env: string;
  remote: string;
  version: string;
  stable: string;
  /** When the walk began: the readings of one walk share it. */
  walkStartedAt: string;
  step: string;
  percent: number;
  /** Seconds since the walk began: the figures' window. */
  windowSeconds: number;
  verdict: Verdict | 'unavailable';
  /** As recorded: an older CLI's results lack their title, kind and unit (`describedResult`). */
  checks: RecordedCheckResult[];
  refusals?: Refusals | null;
  error?: string;
}

async function appendLine(file: string, entry: unknown): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  // One `appendFile` per entry: O_APPEND writes of a short line land whole, never interleaved.
  await appendFile(file, `${JSON.stringify(entry)}\n`, 'utf8');
}

async function readLines<T>(file: string): Promise<T[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return text
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as T);
}

export const appendAudit = (root: string, entry: AuditEntry) => appendLine(auditLogPath(root), entry);
export const readAudit = (root: string) => readLines<AuditEntry>(auditLogPath(root));
export const appendReading = (root: string, reading: WalkReading) => appendLine(readingsLogPath(root), reading);
export const readReadings = (root: string) => readLines<WalkReading>(readingsLogPath(root));
