import type { RegisteredRemote } from '../remotes/register-released-remotes';
import { ownerOfError, releaseOf } from './attribution';
import type { JournalEntry } from './journal';
import type { LoadStage, ReportEvent, Vital } from '@loyalty/shared/telemetry';

interface PendingLoad {
  startedAt: number;
  attempts: number;
  /** The first stage that failed, in any attempt (a recovered load's stage). */
  firstFailed?: LoadStage;
  /** The first stage that failed in the latest attempt: where a failed load broke. */
  latestFailed?: LoadStage;
  /** The member saw this remote fail earlier on this page (this load follows their Retry). */
  afterVisibleFailure: boolean;
}

export interface ReleasesOfThePage {
  remotes: () => readonly RegisteredRemote[];
  shell: { version: string };
}

/**
 * Makes reports of the journal, entry by entry: a page or route change counts for the remote that
 * renders it; a remote's load ends with its first render (`ok`, or `recovered` after a failed
 * attempt) or with its area's fallback (`failed`, at the stage that broke: `render` when the module
 * loaded and its render threw); an error counts for whoever owns the code or the area. Every event
 * carries the owner's version and channel as this page load runs them.
 */
export class ReportBuilder {
  private readonly pending = new Map<string, PendingLoad>();
  private readonly failedOnThisPage = new Set<string>();
  private pages = 0;
  /** The remote that rendered the page the member landed on (the first page noted). */
  landingRemote: string | null = null;

  constructor(private readonly releases: ReleasesOfThePage) {}

  private release(owner: string) {
    return releaseOf(owner, this.releases.remotes(), this.releases.shell);
  }

  read(entry: JournalEntry): ReportEvent[] {
    switch (entry.type) {
      case 'load-start': {
        const pending = this.pending.get(entry.remote);
        if (pending) {
          pending.attempts += 1;
          pending.latestFailed = undefined;
        } else {
          this.pending.set(entry.remote, {
            startedAt: entry.at,
            attempts: 1,
            afterVisibleFailure: this.failedOnThisPage.has(entry.remote),
          });
        }
        return [];
      }
      case 'load-step': {
        const pending = this.pending.get(entry.remote);
        if (pending && entry.failed) {
          pending.firstFailed ??= entry.stage;
          pending.latestFailed ??= entry.stage;
        }
        return [];
      }
      case 'area-rendered':
        return this.endLoad(entry.remote, entry.at, null);
      case 'page':
        if (this.pages === 0) this.landingRemote = entry.remote;
        return [{ type: 'page', ...this.release(entry.remote), navigation: this.pages++ === 0 ? 'load' : 'route' }];
      case 'error': {
        const owner = entry.remote ?? ownerOfError(entry.source, entry.routeRemote, this.releases.remotes());
        const error: ReportEvent = { type: 'error', ...this.release(owner), kind: entry.kind };
        if (entry.kind !== 'boundary' || !entry.remote) return [error];
        this.failedOnThisPage.add(entry.remote);
        return [error, ...this.endLoad(entry.remote, entry.at, 'failed')];
      }
    }
  }

  private endLoad(remote: string, at: number, failed: 'failed' | null): ReportEvent[] {
    const load = this.pending.get(remote);
    if (!load) return [];
    this.pending.delete(remote);
    const recovered = load.firstFailed !== undefined || load.afterVisibleFailure;
    const outcome = failed ?? (recovered ? 'recovered' : 'ok');
    const stage = failed ? (load.latestFailed ?? 'render') : load.firstFailed;
    return [
      {
        type: 'remote-load',
        ...this.release(remote),
        outcome,
        ...(outcome !== 'ok' && stage ? { stage } : {}),
        attempts: Math.min(load.attempts, 10),
        durationMs: Math.min(Math.max(0, Math.round(at - load.startedAt)), 600_000),
      },
    ];
  }

  /** A Web Vital of the page, for the remote that renders the route it was measured on. */
  vital(name: Vital, value: number, routeRemote: string | null): ReportEvent {
    const rounded = name === 'CLS' ? Math.round(value * 10_000) / 10_000 : Math.round(value);
    return {
      type: 'vital',
      ...this.release(routeRemote ?? 'shell'),
      name,
      value: Math.min(Math.max(0, rounded), 600_000),
    };
  }
}
