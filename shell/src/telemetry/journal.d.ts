/**
 * What the page notes about its remotes while it starts: raw facts, in order, with their time. It
 * is all the reporting code on the page's critical path; the reporter (loaded once the page is
 * usable and idle) reads the journal from its start and makes reports of it (docs/telemetry.md).
 */
/** A step of loading a remote's routes: its entry script, its container's init, its module's chunks. */
export type LoadStage = 'entry' | 'init' | 'chunks';
export type ErrorKind = 'uncaught' | 'unhandled-rejection' | 'boundary';
export type JournalEntry =
  /** The shell asked the federation runtime for a remote's module (a first attempt or a retry). */
  | {
      type: 'load-start';
      remote: string;
      at: number;
    }
  | {
      type: 'load-step';
      remote: string;
      stage: LoadStage;
      failed: boolean;
      at: number;
    }
  /** A remote area committed its routes' first render. */
  | {
      type: 'area-rendered';
      remote: string;
      at: number;
    }
  /** A page load or route change, with the remote that renders the route. */
  | {
      type: 'page';
      remote: string;
      at: number;
    }
  /**
   * An error: caught by a remote area's boundary (`remote` is the area's), or uncaught, with the
   * script it came from or its stack, from which the reporter tells whose code threw.
   */
  | {
      type: 'error';
      kind: ErrorKind;
      remote?: string;
      source?: string;
      routeRemote: string | null;
      at: number;
    };
export declare function note(entry: JournalEntry): void;
/** Calls `watch` with each entry noted from now on, until the returned function is called. */
export declare function watchJournal(watch: (entry: JournalEntry) => void): () => void;
/** Hands every entry noted so far to `read`, then each new one as it is noted. */
export declare function readJournal(read: (entry: JournalEntry) => void): void;
/** For tests: forget the reader and what was noted. */
export declare function resetJournal(): void;
