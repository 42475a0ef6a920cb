import {
  TRANSACTION_SORTS,
  TRANSACTION_TYPES,
  TRANSACTIONS_DEFAULT_PAGE_SIZE,
  type TransactionsQuery,
  type TransactionType,
} from '@loyalty/shared/api';
import { isCalendarDate, withoutBidiControls } from '@loyalty/shared/validation';

export type TransactionSort = (typeof TRANSACTION_SORTS)[number];

/** The history's filters as they live in the URL, so a reload or Back keeps them. */
export interface TransactionsFilters {
  type: TransactionType | '';
  from: string;
  to: string;
  q: string;
  page: number;
  sort: TransactionSort;
}

export const DEFAULT_FILTERS: TransactionsFilters = { type: '', from: '', to: '', q: '', page: 1, sort: 'date_desc' };

/**
 * The search as it goes into the URL and comes out of it: trimmed, and without the invisible
 * direction controls of a number copied out of right-to-left text.
 */
const searchText = (q: string) => withoutBidiControls(q).trim();

/** Reads the filters from a query string, ignoring anything malformed rather than failing. */
export function filtersFromSearch(params: URLSearchParams): TransactionsFilters {
  const type = params.get('type') ?? '';
  const sort = params.get('sort') ?? '';
  const page = Number(params.get('page'));
  const date = (name: string) => {
    const value = params.get(name) ?? '';
    return isCalendarDate(value) ? value : '';
  };
  return {
    type: (TRANSACTION_TYPES as readonly string[]).includes(type) ? (type as TransactionType) : '',
    from: date('from'),
    to: date('to'),
    q: searchText(params.get('q') ?? '').slice(0, 100),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    sort: (TRANSACTION_SORTS as readonly string[]).includes(sort) ? (sort as TransactionSort) : 'date_desc',
  };
}

/** Writes only what differs from the defaults, so a plain history has a plain URL. */
export function filtersToSearch(filters: TransactionsFilters): URLSearchParams {
  const params = new URLSearchParams();
  const q = searchText(filters.q);
  if (filters.type) params.set('type', filters.type);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (q) params.set('q', q);
  if (filters.page > 1) params.set('page', String(filters.page));
  if (filters.sort !== 'date_desc') params.set('sort', filters.sort);
  return params;
}

export function filtersToQuery(filters: TransactionsFilters): TransactionsQuery {
  return {
    type: filters.type || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
    q: filters.q.trim() || undefined,
    page: filters.page,
    pageSize: TRANSACTIONS_DEFAULT_PAGE_SIZE,
    sort: filters.sort,
  };
}

export function hasActiveFilters(filters: TransactionsFilters): boolean {
  return Boolean(filters.type || filters.from || filters.to || filters.q.trim());
}
