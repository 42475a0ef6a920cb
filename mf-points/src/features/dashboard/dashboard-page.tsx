import { lazy, Suspense } from 'react';
import { PageHeading, SimpleGrid, Stack } from '@loyalty/shared/ui';
import { useTranslation } from '@loyalty/shared/i18n';
import { PendingPointsCard } from '../../components/points/pending-points-card';
import { MembershipCard } from '../../components/card/membership-card';
import { LatestTransactionsCard } from './latest-transactions-card';
import { NextSteps } from './next-steps';
import { TierTracker } from './tier-tracker';
import { ActiveVouchersCard } from './active-vouchers-card';

// A chunk of its own, asked for once the dashboard has rendered: the stays are not what the member
// reads first, so their code stays out of the dashboard's JavaScript budget (perf/budgets.json).
const UpcomingStaysCard = lazy(() => import(/* webpackChunkName: "upcoming-stays" */ './upcoming-stays-card'));

/**
 * The member's programme at a glance: the membership card first (the balance is the page's main
 * figure), what to do next and the points on their way beside it, then the latest statement lines
 * beside the tiers, then the rewards still to use. On a phone the same order, one under another.
 * Every part loads at once and fails on its own, each reading its query from the one cache.
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
      {/* Below the figures: it shows only once the member's bookings have come (and only with a
          stay ahead or points missing), so it moves nothing the member is reading. */}
      <Suspense fallback={null}>
        <UpcomingStaysCard />
      </Suspense>
      {/* Last: it shows only once the member's vouchers have come (and only if one is active), so
          appearing below everything else moves nothing the member is reading. */}
      <ActiveVouchersCard />
    </Stack>
  );
}
