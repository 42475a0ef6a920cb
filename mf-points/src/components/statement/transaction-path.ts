import { paths } from '@loyalty/shared/router';

/** The route of one statement line's detail, relative to nothing: `/dashboard/transactions/TXN-000017`. */
export const TRANSACTION_DETAIL_ROUTE = `${paths.dashboard.transactions}/:transactionNumber`;

export function transactionPath(transactionNumber: string): string {
  return `${paths.dashboard.transactions}/${encodeURIComponent(transactionNumber)}`;
}
