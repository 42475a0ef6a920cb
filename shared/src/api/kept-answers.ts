/**
 * Where the member's last answers are kept on the device, and how they are read back without the
 * query library: the page's scripts before main.js read them (the kept figures of the first paint)
 * as well as the application (offline-answers.ts writes and restores them).
 */
export const OFFLINE_ANSWERS_KEY = 'offlineAnswers';

/** Answers kept longer than this are not restored. */
export const KEPT_AT_MOST_MS = 24 * 60 * 60 * 1000;

/** What is kept: the query library's dehydrated state, and when it was written. */
export interface KeptAnswers<State = KeptState> {
  keptAt: number;
  state: State;
}

interface KeptState {
  queries?: { queryKey: readonly unknown[]; state: { data?: unknown } }[];
}

/**
 * The answers kept in `storage`, or undefined when there are none, they are older than
 * KEPT_AT_MOST_MS, or they cannot be read (the caller decides whether to forget them).
 */
export function readKeptAnswers(storage: Storage | undefined, now: number): KeptAnswers | undefined {
  const raw = storage?.getItem(OFFLINE_ANSWERS_KEY);
  if (!raw) return undefined;
  try {
    const kept = JSON.parse(raw) as KeptAnswers;
    if (typeof kept.keptAt !== 'number' || now - kept.keptAt > KEPT_AT_MOST_MS) return undefined;
    return kept;
  } catch {
    return undefined;
  }
}

/** The kept answer of the query `queryKey`, if one was kept. */
export function keptAnswerOf(kept: KeptAnswers | undefined, queryKey: readonly unknown[]): unknown {
  const wanted = JSON.stringify(queryKey);
  const queries: unknown = kept?.state?.queries;
  if (!Array.isArray(queries)) return undefined;
  return (queries as NonNullable<KeptState['queries']>).find((query) => JSON.stringify(query?.queryKey) === wanted)
    ?.state?.data;
}
