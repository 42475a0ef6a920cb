import type {
  mutationOptions as tanstackMutationOptions,
  queryOptions as tanstackQueryOptions,
} from '@tanstack/react-query';

// TanStack's `queryOptions` and `mutationOptions` only give their argument its type: they return
// it as it is. Taken here as types, the endpoints' module does not load the query library, so the
// sign-in pages' calls (which read no cached data) never fetch it; it comes with the query client
// (`@loyalty/shared/api/query-client`) to the pages that read through it.
export const queryOptions = ((options: unknown) => options) as typeof tanstackQueryOptions;
export const mutationOptions = ((options: unknown) => options) as typeof tanstackMutationOptions;
