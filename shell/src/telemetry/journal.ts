/**
 * What the page notes about its remotes while it starts: raw facts, in order, with their time. It
 * is all the reporting code on the page's critical path; the reporter (loaded once the page is
 * usable and idle) reads the journal from its start and makes reports of it (docs/telemetry.md).
 */
import type { ErrorKind, LoadStage as ReportedStage } from '@loyalty/shared/telemetry';

/**
 * A step of loading a remote's routes the federation runtime tells of: its entry script, its
 * container's init, its module's chunks (the contract's fourth stage, `render`, is the area's).
 */
export type LoadStage = Exclude<ReportedStage, 'render'>;

export type JournalEntry =
  /** The shell asked the federation runtime for a remote's module (a first attempt or a retry). */
  | { type: 'load-start'; remote: string; at: number }
  | { type: 'load-step'; remote: string; stage: LoadStage; failed: boolean; at: number }
  /** A remote area committed its routes' first render. */
  | { type: 'area-rendered'; remote: string; at: number }
  /** A page load or route change, with the remote that renders the route. */
  | { type: 'page'; remote: string; at: number }
  /**
   * An error: caught by a remote area's boundary (`remote` is the area's), or uncaught, with the
   * script it came from or its stack, from which the reporter tells whose code threw.
   */
  | { type: 'error'; kind: ErrorKind; remote?: string; source?: string; routeRemote: string | null; at: number };

/** Past this, a page that keeps failing notes nothing more until the reporter has drained it. */
const MAX_UNREAD = 500;

const unread: JournalEntry[] = [];
let reader: ((entry: JournalEntry) => void) | null = null;
const watchers = new Set<(entry: JournalEntry) => void>();

export function note(entry: JournalEntry): void {
  if (reader) reader(entry);
  else if (unread.length < MAX_UNREAD) unread.push(entry);
  watchers.forEach((watch) => watch(entry));
}

/** Calls `watch` with each entry noted from now on, until the returned function is called. */
export function watchJournal(watch: (entry: JournalEntry) => void): () => void {
  watchers.add(watch);
  return () => watchers.delete(watch);
}

/** Hands every entry noted so far to `read`, then each new one as it is noted. */
export function readJournal(read: (entry: JournalEntry) => void): void {
  reader = read;
  for (const entry of unread.splice(0)) read(entry);
}

/** For tests: forget the reader and what was noted. */
export function resetJournal(): void {
  reader = null;
  unread.length = 0;
  watchers.clear();
}
