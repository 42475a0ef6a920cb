import { Button, Card, Flex, Heading, PageHeading, SimpleGrid, Stack, Text } from '@loyalty/shared/ui';
import { Link as RouterLink, paths } from '@loyalty/shared/router';
import { useTranslation } from '@loyalty/shared/i18n';
import { PendingPointsCard } from '../../components/points/pending-points-card';
import { BalanceCards } from './balance-cards';
import { LatestTransactionsCard } from './latest-transactions-card';
import { TierTracker } from './tier-tracker';

/**
 * The member's points at a glance; every part loads at once and fails on its own. Each card reads
 * its query: fresh figures on every visit, except those asked for moments ago (on landing, beside
 * the page's code), which the cards take from the cache.
 */
export function DashboardPage() {
  const { t } = useTranslation('points');

  return (
    <Stack gap="6">
      <PageHeading>{t('dashboard.title')}</PageHeading>
      <BalanceCards />
      <Card.Root
        as="section"
        aria-labelledby="claim-cta-heading"
        bg="colorPalette.subtle"
        borderColor="colorPalette.muted"
      >
        <Card.Body>
          <Flex
            gap="4"
            direction={{ base: 'column', md: 'row' }}
            justifyContent="space-between"
            alignItems={{ md: 'center' }}
          >
            <Stack gap="1">
              <Heading as="h2" size="md" id="claim-cta-heading">
                {t('dashboard.claim_cta_title')}
              </Heading>
              <Text>{t('dashboard.claim_cta_text')}</Text>
            </Stack>
            <Flex gap="3" wrap="wrap">
              <Button asChild>
                <RouterLink to={paths.dashboard.claim}>{t('dashboard.claim_cta_action')}</RouterLink>
              </Button>
              <Button asChild variant="outline" bg="bg.panel">
                <RouterLink to={paths.dashboard.redeem}>{t('dashboard.redeem_action')}</RouterLink>
              </Button>
            </Flex>
          </Flex>
        </Card.Body>
      </Card.Root>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6" alignItems="start">
        <TierTracker />
        <PendingPointsCard />
      </SimpleGrid>
      <LatestTransactionsCard />
    </Stack>
  );
}
