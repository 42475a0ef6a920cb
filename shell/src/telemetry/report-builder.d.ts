import type { RegisteredRemote } from '../remotes/register-released-remotes';
import type { JournalEntry } from './journal';
import type { ReportEvent } from './report-events';
export interface ReleasesOfThePage {
  remotes: () => readonly RegisteredRemote[];
  shell: {
    version: string;
  };
}
/**
 * Makes reports of the journal, entry by entry: a page or route change counts for the remote that
 * renders it; a remote's load ends with its first render (`ok`, or `recovered` after a failed
 * attempt) or with its area's fallback (`failed`, at the stage that broke: `render` when the module
 * loaded and its render threw); an error counts for whoever owns the code or the area. Every event
 * carries the owner's version and channel as this page load runs them.
 */
export declare class ReportBuilder {
  private readonly releases;
  private readonly pending;
  private readonly failedOnThisPage;
  private pages;
  /** The remote that rendered the page the member landed on (the first page noted). */
  landingRemote: string | null;
  constructor(releases: ReleasesOfThePage);
  private release;
  read(entry: JournalEntry): ReportEvent[];
  private endLoad;
  /** A Web Vital of the page, for the remote that renders the route it was measured on. */
  vital(name: 'LCP' | 'INP' | 'CLS' | 'FCP' | 'TTFB', value: number, routeRemote: string | null): ReportEvent;
}
