import { lazy, Suspense, type ComponentType } from 'react';
import { PageHeading, SimpleGrid, Stack } from '@loyalty/shared/ui';
import { useTranslation } from '@loyalty/shared/i18n';
import { PendingPointsCard } from '../../components/points/pending-points-card';
import { MembershipCard } from '../../components/card/membership-card';
import { LatestTransactionsCard } from './latest-transactions-card';
import { NextSteps } from './next-steps';
import { TierTracker } from './tier-tracker';
import { useBalancePainted } from './use-balance-painted';

// The stays and the vouchers are not what the member reads first: their code, a chunk of its own,
// and their requests wait until the balance has painted (useBalancePainted), so they stay out of
// the balance's way and out of the dashboard's JavaScript budget (perf/budgets.json). A chunk that
// cannot come (offline, never kept) leaves them out, as their own failures do, not the page.
const NothingBelow: ComponentType = () => null;
const BelowTheFigures = lazy<ComponentType>(() =>
  import(/* webpackChunkName: "below-the-figures" */ './below-the-figures').catch(() => ({ default: NothingBelow })),
);

/**
 * The member's programme at a glance: the membership card first (the balance is the page's main
 * figure), what to do next and the points on their way beside it, then the latest statement lines
 * beside the tiers, then the stays and the rewards still to use. On a phone the same order, one
 * under another. The figures load at once, the cards below them once the balance is on screen;
 * every part fails on its own, each reading its query from the one cache.
 */
// The wide column for the card and the statement, the narrow one for what goes with them.
const COLUMNS = { base: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' };

export function DashboardPage() {
  const { t } = useTranslation('points');

  return (
    <Stack gap="6">
      <PageHeading>{t('dashboard.title')}</PageHeading>
      <SimpleGrid templateColumns={COLUMNS} gap="6" alignItems="start">
        <MembershipCard linkToCodes />
        <Stack gap="6">
          <NextSteps />
          <PendingPointsCard />
        </Stack>
      </SimpleGrid>
      <SimpleGrid templateColumns={COLUMNS} gap="6" alignItems="start">
        <LatestTransactionsCard />
        <TierTracker />
      </SimpleGrid>
      <OnceTheBalanceIsPainted />
    </Stack>
  );
}

// A component of its own: the balance settling and its paint render this alone, not the page.
function OnceTheBalanceIsPainted() {
  return useBalancePainted() ? (
    <Suspense fallback={null}>
      <BelowTheFigures />
    </Suspense>
  ) : null;
}
