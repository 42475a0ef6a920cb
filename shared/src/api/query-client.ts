import { QueryClient } from '@tanstack/react-query';
import { sessionStore } from '@loyalty/shared/session';

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
    mutations: { retry: false },
  },
});

// The cache belongs to the signed-in member: it is emptied, in this one place, as soon as the
// session ends or another member's starts, so nobody ever sees the previous member's figures.
// (Not when a session is restored at start-up: what was asked for meanwhile is this member's.)
sessionStore.subscribe((state, previous) => {
  const ended = previous.status === 'authenticated' && state.status !== 'authenticated';
  const otherMember = previous.user !== null && state.user !== null && state.user.Id !== previous.user.Id;
  if (ended || otherMember) queryClient.clear();
});
