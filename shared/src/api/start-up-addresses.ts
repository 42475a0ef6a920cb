/**
 * The API's addresses a signed-in member's start-up asks for. The API functions call these, and
 * the page's start-up script (shared/src/pre-paint/start-up-requests.ts) sends the same requests
 * before main.js has arrived (decisions 019 and 020). Free of the HTTP client and of the schemas,
 * so that script is built from this very module.
 */
export const START_UP_ADDRESSES = {
  currentUser: '/api/auth/me',
  permission: '/api/user/check-permissions',
  balance: '/api/user/points/balance',
  pendingPoints: '/api/user/points/pending',
  tiers: '/api/auth/fetch-tiers',
  transactions: '/api/user/transactions/all',
} as const;

/** How many of the newest transactions the dashboard (and any summary) shows. */
export const LATEST_TRANSACTIONS_COUNT = 5;
