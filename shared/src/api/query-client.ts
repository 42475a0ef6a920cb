import { QueryClient, onlineManager } from '@tanstack/react-query';
import { KEPT_DEVICE_KEY, isSignedIn, sessionStore } from '@loyalty/shared/session';
import { forgetOfflineAnswers, isKeptOffline, keepOfflineAnswers, restoreOfflineAnswers } from './offline-answers';

/**
 * The one cache of server data for the whole page. It lives in `@loyalty/shared/api/query-client`,
 * a federated singleton of its own (the endpoints' module does not load the query library, so the
 * sign-in pages never fetch it), and `@tanstack/react-query` is one too: the shell's top bar and every remote's page
 * read and write the same entries, so a figure shows the same everywhere (decision 020).
 *
 * The defaults keep what members had before the cache: a failure shows at once with its Retry
 * (no silent retries), and nothing is asked again because the window regained focus or the
 * network came back; each query says how long its answer stays fresh.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false },
    // An action is sent even offline, rather than paused until the network returns: the member is
    // told at once that it needs a connection, and the form keeps what was typed (decision 068).
    mutations: { retry: false, networkMode: 'always' },
  },
});

// The cache belongs to the signed-in member: it is emptied, in this one place, as soon as the
// session ends or another member's starts, so nobody ever sees the previous member's figures.
// (Not when a session is restored at start-up: what was asked for meanwhile is this member's.)
sessionStore.subscribe((state, previous) => {
  const ended = previous.status === 'authenticated' && state.status !== 'authenticated';
  const otherMember = previous.user !== null && state.user !== null && state.user.Id !== previous.user.Id;
  if (ended || otherMember) {
    queryClient.clear();
    forgetOfflineAnswers();
  }
  // A page load that ends signed out from a kept device (refused, or past its end: decision 080)
  // forgets the member's answers restored for it; a visitor's queries of the same load stay.
  if (previous.status === 'loading' && state.status === 'unauthenticated') {
    queryClient.removeQueries({ predicate: (query) => isKeptOffline(query.queryKey) });
    forgetOfflineAnswers();
  }
});

// The query library takes a page for online until the browser says otherwise, and a page loaded
// offline hears no `offline` event: its queries would run, fail, and show an error over the answers
// kept for it (decision 068). Told at once, they wait for the network, and the kept answers show.
if (typeof navigator !== 'undefined' && !navigator.onLine) onlineManager.setOnline(false);

// The dashboard's and the card's last answers, for the member's next load offline (decision 068):
// restored before anything reads the cache, kept for a session only (or a kept device's: 080).
if (isSignedIn() || localStorage.getItem(KEPT_DEVICE_KEY)) restoreOfflineAnswers(queryClient);
else forgetOfflineAnswers();
keepOfflineAnswers(queryClient, () => isSignedIn() && sessionStore.getState().status !== 'unauthenticated');

/**
 * The card page keeps its codes' drawings for its next first paint, with the answers (decision
 * 068), and draws its barcode at the module the first paint draws the kept one at (decision 077).
 */
export { keepDrawing } from './offline-answers';
export { widestWholeModule } from './kept-answers';
