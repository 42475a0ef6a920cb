import { dehydrate, hydrate, type DehydratedState, type Query, type QueryClient } from '@tanstack/react-query';
import { KEPT_DEVICE_KEY, isSignedIn } from '@loyalty/shared/session';
import {
  drawingOf,
  KEPT_DRAWINGS_KEY,
  OFFLINE_ANSWERS_KEY,
  readKeptAnswers,
  type KeptAnswers,
  type KeptDrawing,
} from './kept-answers';
import { queryKeys } from './query-keys';

/**
 * The last answers of the pages a member opens offline (the dashboard, the card): kept in
 * sessionStorage, beside the session itself, so they live exactly as long as the session and no
 * longer (a closed tab ends both; sign-out empties them: decision 068); on a device the member
 * chose to keep signed in, in localStorage for as long as it is kept, so that an installed app
 * opened offline shows them (decision 080). The API token is never among them: only the answers
 * of the queries below.
 *
 * Written with the query library's own `dehydrate` and `hydrate`: its persister packages pin an
 * older query-core than the portal's and would ship a second copy of it.
 */
export { OFFLINE_ANSWERS_KEY };

/** Writes are gathered: a page load answers several queries at once. */
const WRITE_DELAY_MS = 500;

/**
 * The queries the dashboard and the card page render from: the member, the figures, the vouchers,
 * permissions.
 */
export function isKeptOffline(queryKey: readonly unknown[]): boolean {
  const [root, what] = queryKey;
  if (root === queryKeys.member[0]) return what === 'me';
  if (root === queryKeys.permissions[0]) return true;
  // The dashboard's card of active vouchers: the member shows a voucher's code at the desk.
  if (root === queryKeys.vouchers[0]) return what === 'list';
  if (root === queryKeys.points[0]) {
    return (
      what === 'balance' ||
      what === 'pending' ||
      what === 'tiers' ||
      (what === 'transactions' && queryKey[2] === 'latest')
    );
  }
  return false;
}

function storages(): Storage[] {
  try {
    return typeof sessionStorage === 'undefined' ? [] : [sessionStorage, localStorage];
  } catch {
    return [];
  }
}

/**
 * Where the answers are kept: the tab's storage, or the device's while it holds the mark of a kept
 * session (decision 080; a mark past its end is forgotten, with them, at the page's next load).
 */
function storage(): Storage | undefined {
  const [tab, device] = storages();
  return device?.getItem(KEPT_DEVICE_KEY) ? device : tab;
}

/** Puts the kept answers back into `queryClient`, with the time each was answered. */
export function restoreOfflineAnswers(queryClient: QueryClient, now = Date.now()): void {
  if (!storage()?.getItem(OFFLINE_ANSWERS_KEY)) return;
  const kept = readKeptAnswers(storage(), now) as KeptAnswers<DehydratedState> | undefined;
  if (!kept) {
    forgetOfflineAnswers();
    return;
  }
  try {
    hydrate(queryClient, kept.state);
    // They stand in until the server answers, never instead of asking it: a page loaded online
    // asks again whatever the query's freshness (a permission's lasts forever), and offline the
    // query waits for the network with the kept answer on screen.
    void queryClient.invalidateQueries({ predicate: (query) => isKeptOffline(query.queryKey), refetchType: 'none' });
  } catch {
    forgetOfflineAnswers();
  }
}

/** Forgets them wherever they are kept. */
export function forgetOfflineAnswers(): void {
  for (const kept of storages()) {
    kept.removeItem(OFFLINE_ANSWERS_KEY);
    kept.removeItem(KEPT_DRAWINGS_KEY);
  }
}

/**
 * Keeps the drawing of a member's code (`svg`, as the codes' library drew it) under `name`, for the
 * first paint of the page's next load (a skeleton's `KeptDrawing`), beside the answers and for as
 * long: while a member is signed in in this tab.
 */
export function keepDrawing(name: string, svg: string): void {
  const drawing = drawingOf(svg);
  if (!drawing || !isSignedIn()) return;
  try {
    const kept = storage()?.getItem(KEPT_DRAWINGS_KEY);
    const drawings = (kept ? (JSON.parse(kept) as KeptAnswers<Record<string, KeptDrawing>>).state : {}) ?? {};
    storage()?.setItem(
      KEPT_DRAWINGS_KEY,
      JSON.stringify({ keptAt: Date.now(), state: { ...drawings, [name]: drawing } } satisfies KeptAnswers<
        Record<string, KeptDrawing>
      >),
    );
  } catch {
    // Storage full, refused or holding something else: the next load paints the code's bone.
  }
}

/**
 * Each query's last answer, as the server gave it. A request that got no answer since (a page
 * loaded with no network, whatever the browser said of it) leaves the query in error with its
 * answer still there: kept as the error, or left out as a query with no answer, the figure would
 * be gone from every page the member opens next, offline most of all.
 */
function keptState(state: DehydratedState): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) => ({
      ...query,
      state: { ...query.state, status: 'success', error: null, fetchFailureCount: 0, fetchFailureReason: null },
    })),
  };
}

/**
 * Keeps the answers of the queries `isKeptOffline` names while `keeping()` says so (a session is
 * on), from every change of the cache on. Returns the function that stops it.
 */
export function keepOfflineAnswers(queryClient: QueryClient, keeping: () => boolean): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const write = () => {
    timer = undefined;
    if (!keeping()) return;
    const state = keptState(
      dehydrate(queryClient, {
        shouldDehydrateQuery: (query: Query) => query.state.data !== undefined && isKeptOffline(query.queryKey),
      }),
    );
    try {
      storage()?.setItem(
        OFFLINE_ANSWERS_KEY,
        JSON.stringify({ keptAt: Date.now(), state } satisfies KeptAnswers<DehydratedState>),
      );
    } catch {
      // Storage full or refused: the page works on; it only has no answers to show offline.
    }
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || !isKeptOffline(event.query.queryKey)) return;
    timer ??= setTimeout(write, WRITE_DELAY_MS);
  });
  // A member who leaves the page within the delay (another page, a reload once offline) would
  // otherwise lose the answers it gathered: they are written as the page goes.
  const flush = () => {
    if (!timer) return;
    clearTimeout(timer);
    write();
  };
  if (typeof window !== 'undefined') window.addEventListener('pagehide', flush);
  return () => {
    unsubscribe();
    if (timer) clearTimeout(timer);
    if (typeof window !== 'undefined') window.removeEventListener('pagehide', flush);
  };
}
