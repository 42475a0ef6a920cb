import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import {
  fetchTiers,
  getBalance,
  getPendingPoints,
  getTransactions,
  type Balance,
  type PendingPoints,
  type Tiers,
  type Transaction,
} from '@loyalty/shared/api';
import { sessionStore } from '@loyalty/shared/session';

/** How many of the newest transactions the dashboard (and any summary) shows. */
export const LATEST_TRANSACTIONS_COUNT = 5;

/** How long figures asked for (and not failed) serve a page visit without asking again. */
export const FRESH_FOR_A_VISIT_MS = 5_000;

export type PartStatus = 'idle' | 'loading' | 'ready' | 'error';
export type PointsPart = 'balance' | 'pending' | 'tiers' | 'latest';
export const POINTS_PARTS: readonly PointsPart[] = ['balance', 'pending', 'tiers', 'latest'];

export interface PointsState {
  balance: Balance | null;
  pending: PendingPoints[];
  tiers: Tiers | null;
  /** The newest transactions, for summaries; the full history is paged by its own page. */
  latest: Transaction[];
  status: Record<PointsPart, PartStatus>;
  /**
   * Goes up every time the member's points change (claim, redemption, refresh), so views that
   * fetch their own slice of the data (the paged history, the calendar) know to fetch it again.
   */
  revision: number;
  /** Loads every part not loaded yet, all at once (no waterfall). */
  load: () => Promise<void>;
  /** Loads every part again, all at once; call after anything that changes the member's points. */
  refresh: () => Promise<void>;
  /**
   * Fresh figures for a page visit: every part loaded again, all at once, except a part asked for
   * moments ago (`FRESH_FOR_A_VISIT_MS`): a member landing on the dashboard has the figures asked
   * for beside the page's code, and the page's first render must not send those requests again.
   */
  visit: () => Promise<void>;
  /** Loads one part again (the Retry of its error state). */
  reload: (part: PointsPart) => Promise<void>;
  /** Takes a balance the server just sent (a redemption answers with it) so it shows at once. */
  setBalance: (balance: Balance) => void;
  clear: () => void;
}

const IDLE: Record<PointsPart, PartStatus> = { balance: 'idle', pending: 'idle', tiers: 'idle', latest: 'idle' };

const fetchers: { [K in PointsPart]: () => Promise<Partial<PointsState>> } = {
  balance: async () => ({ balance: await getBalance() }),
  pending: async () => ({ pending: await getPendingPoints() }),
  tiers: async () => ({ tiers: await fetchTiers() }),
  latest: async () => ({ latest: (await getTransactions({ pageSize: LATEST_TRANSACTIONS_COUNT })).data }),
};

function initialData() {
  return { balance: null, pending: [], tiers: null, latest: [], status: { ...IDLE } };
}

/**
 * The member's points, held once for the whole page. It lives in `@loyalty/shared/points`, which
 * is federated as a singleton, so the shell's top bar and every mf-points screen read the same
 * figures and a claim or redemption updates all of them together.
 */
export const pointsStore = createStore<PointsState>()((set, get) => {
  // A response that arrives after the session ended (or after a newer request for the same part)
  // must not write stale figures back: each request remembers the generation it belongs to.
  let generation = 0;
  const latestRequest: Record<PointsPart, number> = { balance: 0, pending: 0, tiers: 0, latest: 0 };
  let requestCounter = 0;
  // Each part's latest request, so a page visit can be served by one sent moments before.
  const requests = new Map<PointsPart, { done: Promise<void>; startedAt: number }>();

  function loadPart(part: PointsPart): Promise<void> {
    const done = fetchPart(part);
    requests.set(part, { done, startedAt: Date.now() });
    return done;
  }

  /** A request on its way, or answered in the last few seconds without an error. */
  function recentRequest(part: PointsPart): Promise<void> | undefined {
    const request = requests.get(part);
    if (!request || Date.now() - request.startedAt >= FRESH_FOR_A_VISIT_MS) return undefined;
    return get().status[part] === 'error' ? undefined : request.done;
  }

  async function fetchPart(part: PointsPart): Promise<void> {
    const myGeneration = generation;
    const myRequest = ++requestCounter;
    latestRequest[part] = myRequest;
    // Keep showing figures already there while they refresh: only a first load shows skeletons.
    const hasData = get().status[part] === 'ready';
    if (!hasData) set((state) => ({ status: { ...state.status, [part]: 'loading' } }));
    try {
      const data = await fetchers[part]();
      if (myGeneration !== generation || latestRequest[part] !== myRequest) return;
      set((state) => ({ ...data, status: { ...state.status, [part]: 'ready' } }));
    } catch (error) {
      if (myGeneration !== generation || latestRequest[part] !== myRequest) return;
      console.error(`Points: ${part} failed to load`, error);
      set((state) => ({ status: { ...state.status, [part]: 'error' } }));
    }
  }

  return {
    ...initialData(),
    revision: 0,
    load: async () => {
      const { status } = get();
      await Promise.all(POINTS_PARTS.filter((part) => status[part] === 'idle').map(loadPart));
    },
    refresh: async () => {
      set((state) => ({ revision: state.revision + 1 }));
      await Promise.all(POINTS_PARTS.map(loadPart));
    },
    visit: async () => {
      set((state) => ({ revision: state.revision + 1 }));
      await Promise.all(POINTS_PARTS.map((part) => recentRequest(part) ?? loadPart(part)));
    },
    reload: (part) => loadPart(part),
    setBalance: (balance) =>
      set((state) => ({ balance, status: { ...state.status, balance: 'ready' }, revision: state.revision + 1 })),
    clear: () => {
      generation += 1;
      requests.clear();
      set({ ...initialData() });
    },
  };
});

// The figures belong to the signed-in member: forget them as soon as the session ends, so the
// next member never sees the previous one's balance.
sessionStore.subscribe((state, previous) => {
  if (state.status !== 'authenticated' && previous.status === 'authenticated') pointsStore.getState().clear();
  else if (state.user?.Id !== previous.user?.Id && previous.user) pointsStore.getState().clear();
});

/** React binding: `usePoints((s) => s.balance)`. */
export function usePoints<T>(selector: (state: PointsState) => T): T {
  return useStore(pointsStore, selector);
}
