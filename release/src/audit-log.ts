import { appendFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { auditLogPath } from './deploy-layout';

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

export async function appendAudit(root: string, entry: AuditEntry): Promise<void> {
  const file = auditLogPath(root);
  await mkdir(path.dirname(file), { recursive: true });
  // One `appendFile` per entry: O_APPEND writes of a short line land whole, never interleaved.
  await appendFile(file, `${JSON.stringify(entry)}\n`, 'utf8');
}

export async function readAudit(root: string): Promise<AuditEntry[]> {
  let text: string;
  try {
    text = await readFile(auditLogPath(root), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return text
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as AuditEntry);
}
