import { Route, Routes, lazyPage, onLandingPage, pathInRemote, paths } from '@loyalty/shared/router';
import { initI18n, registerNamespace, toLanguageCode, type NamespaceLoader } from '@loyalty/shared/i18n';
import { prefetchDashboardQueries } from '@loyalty/shared/api';
import { queryClient } from '@loyalty/shared/api/query-client';
import { isSignedIn } from '@loyalty/shared/session';
import { loadTexts } from './texts';
import { loadPageTexts } from './components/page-texts/load-page-texts';
import { DashboardPage } from './features/dashboard/dashboard-page';
import { NotFound } from '@loyalty/shared/ui';
import { TRANSACTION_DETAIL_ROUTE } from './components/statement/transaction-path';

/**
 * A page's code and its own texts asked for together: registered by the page's code, its texts
 * would otherwise be asked for only once that code had arrived and run, one round trip later. A
 * failure of the texts is left to the namespace's own fetch, which the page's first render awaits.
 */
const withTexts =
  <TModule,>(page: () => Promise<TModule>, texts: NamespaceLoader) =>
  () =>
    Promise.all([
      page(),
      initI18n()
        .then((instance) => texts(toLanguageCode(instance.resolvedLanguage)))
        .catch(() => undefined),
    ]).then(([module]) => module);

// The dashboard, where a member lands after signing in, comes with these routes: as a chunk of its
// own it was asked for only once they had run, one more round trip before the page could show
// (Lighthouse's LCP on a phone, docs/performance.md). Each other page loads when it is first
// visited (the shell's area shows its progress bar meanwhile), so the dashboard does not wait for
// the redeem dialog or the transactions table; the page the member landed on downloads with these
// routes (lazyPage).
const TransactionsPage = lazyPage(paths.dashboard.transactions, () =>
  import('./features/transactions/transactions-page').then((module) => ({ default: module.TransactionsPage })),
);
const ClaimPage = lazyPage(
  paths.dashboard.claim,
  withTexts(
    () => import('./features/claim/claim-page').then((module) => ({ default: module.ClaimPage })),
    loadPageTexts,
  ),
);
const RedeemPage = lazyPage(
  paths.dashboard.redeem,
  withTexts(
    () => import('./features/redeem/redeem-page').then((module) => ({ default: module.RedeemPage })),
    loadPageTexts,
  ),
);
const RewardsPage = lazyPage(
  paths.dashboard.rewards,
  withTexts(
    () => import('./features/rewards/rewards-page').then((module) => ({ default: module.RewardsPage })),
    loadPageTexts,
  ),
);
const MyRewardsPage = lazyPage(paths.dashboard.myRewards, () =>
  import('./features/my-rewards/my-rewards-page').then((module) => ({ default: module.MyRewardsPage })),
);
// The card's page brings the barcode library (bwip-js) with it: no other page downloads it.
const CardPage = lazyPage(paths.dashboard.card, () =>
  import('./features/card/card-page').then((module) => ({ default: module.CardPage })),
);
const TiersPage = lazyPage(paths.dashboard.tiers, () =>
  import('./features/tiers/tiers-page').then((module) => ({ default: module.TiersPage })),
);
const TransactionDetailPage = lazyPage(
  (pathname) => pathname.startsWith(`${paths.dashboard.transactions}/`),
  () =>
    import('./features/transaction-detail/transaction-detail-page').then((module) => ({
      default: module.TransactionDetailPage,
    })),
);
const HelpPage = lazyPage(paths.dashboard.help, () =>
  import('./features/help/help-page').then((module) => ({ default: module.HelpPage })),
);
const HouseholdPage = lazyPage(paths.dashboard.household, () =>
  import('./features/household/household-page').then((module) => ({ default: module.HouseholdPage })),
);
const CalendarPage = lazyPage(
  paths.dashboard.calendar,
  withTexts(
    () => import('./features/calendar/calendar-page').then((module) => ({ default: module.CalendarPage })),
    loadPageTexts,
  ),
);

// A member landing on the dashboard has its figures asked for now, beside the page's code and
// texts; the page's first render then finds them in the query cache, or on their way. In the
// portal the shell has asked already, before this module arrived, and this finds them there. Only a member with a session: signed out (the standalone harness before its sign-in)
// the API would refuse every one of them.
onLandingPage(paths.dashboard.root, () => {
  if (isSignedIn()) void prefetchDashboardQueries(queryClient);
});

registerNamespace('points', loadTexts);

const relative = (path: string) => pathInRemote('mf_points', path);

/** mf-points' slice of the URL space: `/dashboard` and its points pages. */
export default function PointsRoutes() {
  return (
    <Routes>
      <Route index element={<DashboardPage />} />
      <Route path={relative(paths.dashboard.transactions)} element={<TransactionsPage />} />
      <Route path={relative(paths.dashboard.claim)} element={<ClaimPage />} />
      <Route path={relative(paths.dashboard.redeem)} element={<RedeemPage />} />
      <Route path={relative(paths.dashboard.rewards)} element={<RewardsPage />} />
      <Route path={relative(paths.dashboard.myRewards)} element={<MyRewardsPage />} />
      <Route path={relative(paths.dashboard.card)} element={<CardPage />} />
      <Route path={relative(paths.dashboard.tiers)} element={<TiersPage />} />
      <Route path={relative(TRANSACTION_DETAIL_ROUTE)} element={<TransactionDetailPage />} />
      <Route path={relative(paths.dashboard.calendar)} element={<CalendarPage />} />
      <Route path={relative(paths.dashboard.help)} element={<HelpPage />} />
      <Route path={relative(paths.dashboard.household)} element={<HouseholdPage />} />
      {/* An address inside this slice that is no page: the 404, at that address, in the frame. */}
      <Route path="*" element={<NotFound home={paths.dashboard.root} />} />
    </Routes>
  );
}
