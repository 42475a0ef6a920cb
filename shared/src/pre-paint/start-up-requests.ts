import { LATEST_TRANSACTIONS_COUNT, START_UP_ADDRESSES } from '../api/start-up-addresses';
import { isSignedInPage, SIGNED_IN_ROOT } from '../router/path-rules.mjs';

/** One request the start-up sends: an address of the API, relative to its base. */
export interface PlannedStartUpRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

/** `/dashboard` and `/dashboard/`, the page that shows the dashboard's figures. */
const isDashboardHome = (pathname: string) => pathname.replace(/\/+$/, '') === SIGNED_IN_ROOT;

/**
 * What a signed-in member's start-up asks on `pathname`: who the member is and whether they may
 * open the page (every signed-in page), and on the dashboard its four figures. The shell's start-up
 * (shell/src/bootstrap.tsx) asks the very same through the queries.
 */
export function startUpRequestsFor(pathname: string): PlannedStartUpRequest[] {
  if (!isSignedInPage(pathname)) return [];
  const get = (path: string): PlannedStartUpRequest => ({ method: 'GET', path });
  const requests = [
    get(START_UP_ADDRESSES.currentUser),
    { method: 'POST' as const, path: START_UP_ADDRESSES.permission, body: { path: pathname } },
  ];
  if (!isDashboardHome(pathname)) return requests;
  return [
    ...requests,
    get(START_UP_ADDRESSES.balance),
    get(START_UP_ADDRESSES.pendingPoints),
    get(START_UP_ADDRESSES.tiers),
    get(`${START_UP_ADDRESSES.transactions}?pageSize=${LATEST_TRANSACTIONS_COUNT}`),
  ];
}
