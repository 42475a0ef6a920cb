import { PageHeading, SimpleGrid, Stack } from '@loyalty/shared/ui';
import { useTranslation } from '@loyalty/shared/i18n';
import { PendingPointsCard } from '../../components/points/pending-points-card';
import { MembershipCard } from '../../components/card/membership-card';
import { LatestTransactionsCard } from './latest-transactions-card';
import { NextSteps } from './next-steps';
import { TierTracker } from './tier-tracker';

/**
 * The member's programme at a glance: the membership card first (the balance is the page's main
 * figure), what to do next beside it, then tiers, pending points and the latest statement lines.
 * Every part loads at once and fails on its own, each reading its query from the one cache.
 */
export function DashboardPage() {
  const { t } = useTranslation('points');

  return (
    <Stack gap="6">
      <PageHeading>{t('dashboard.title')}</PageHeading>
      <SimpleGrid templateColumns={{ base: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }} gap="6" alignItems="stretch">
        <MembershipCard linkToCodes />
        <NextSteps />
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6" alignItems="start">
        <TierTracker />
        <PendingPointsCard />
      </SimpleGrid>
      <LatestTransactionsCard />
    </Stack>
  );
}
