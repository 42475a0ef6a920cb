import { Card, Heading, HStack, Stack } from '@loyalty/shared/ui';
import { Skeleton } from '@loyalty/shared/ui-data-display';
import { useTranslation } from '@loyalty/shared/i18n';
import { useQuery } from '@tanstack/react-query';
import { tiersQueryOptions } from '@loyalty/shared/api';
import { ErrorPanel, Link } from '@loyalty/shared/ui';
import { Link as RouterLink, paths } from '@loyalty/shared/router';
import { TierProgress } from '../../components/tiers/tier-progress';
import { useCriterionText } from '../../components/points/criterion-text';

/**
 * docs/product/points.md "Tier progress": every level with its criterion, where the member stands, and what is
 * left to the next level — said in words and by a progressbar with values, never by colour alone.
 */
export function TierTracker() {
  const { t, i18n } = useTranslation('points');
  const { data: tiers, isError, isSuccess, refetch } = useQuery(tiersQueryOptions());
  const criterionText = useCriterionText();

  return (
    <Card.Root as="section" aria-labelledby="tiers-heading">
      <Card.Header>
        <HStack justifyContent="space-between" flexWrap="wrap" gap="2">
          <Heading as="h2" size="md" id="tiers-heading">
            {t('tiers.title')}
          </Heading>
          <Link asChild fontWeight="medium">
            <RouterLink to={paths.dashboard.tiers}>{t('tier_page.link')}</RouterLink>
          </Link>
        </HStack>
      </Card.Header>
      <Card.Body>
        {isError ? (
          <ErrorPanel title={t('tiers.error')} headingLevel={3} onRetry={() => void refetch()} />
        ) : !isSuccess ? (
          <Stack gap="3" aria-busy="true">
            <Skeleton height="6" />
            <Skeleton height="3" />
            <Skeleton height="16" />
          </Stack>
        ) : (
          <TierProgress tiers={tiers} criterionText={criterionText} language={i18n.language} />
        )}
      </Card.Body>
    </Card.Root>
  );
}
