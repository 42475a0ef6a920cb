import { Card, EmptyState, Heading, Link, Stack, VStack } from '@loyalty/shared/ui';
import { Skeleton } from '@loyalty/shared/ui-data-display';
import { Link as RouterLink, paths } from '@loyalty/shared/router';
import { useTranslation } from '@loyalty/shared/i18n';
import { useQuery } from '@tanstack/react-query';
import { latestTransactionsQueryOptions } from '@loyalty/shared/api';
import { ErrorPanel } from '@loyalty/shared/ui';
import { TransactionsTable } from '../../components/points/transactions-table';

/** The newest few transactions, with a way to the whole history. */
export function LatestTransactionsCard() {
  const { t } = useTranslation('points');
  const { data: latest, isError, isSuccess, refetch } = useQuery(latestTransactionsQueryOptions());

  return (
    <Card.Root as="section" aria-labelledby="latest-heading">
      <Card.Header display="flex" flexDirection="row" justifyContent="space-between" alignItems="baseline" gap="4">
        <Heading as="h2" size="md" id="latest-heading">
          {t('latest.title')}
        </Heading>
        <Link asChild fontWeight="medium">
          <RouterLink to={paths.dashboard.transactions}>{t('latest.view_all')}</RouterLink>
        </Link>
      </Card.Header>
      <Card.Body>
        {isError ? (
          <ErrorPanel title={t('latest.error')} onRetry={() => void refetch()} />
        ) : !isSuccess ? (
          <Stack gap="3" aria-busy="true">
            {[0, 1, 2].map((row) => (
              <Skeleton key={row} height="8" />
            ))}
          </Stack>
        ) : latest.length === 0 ? (
          <EmptyState.Root size="sm">
            <EmptyState.Content>
              <VStack textAlign="center">
                <EmptyState.Title>{t('transactions.empty_title')}</EmptyState.Title>
                <EmptyState.Description>{t('transactions.empty_text')}</EmptyState.Description>
              </VStack>
              {/* No button of its own: the next steps above already lead a member with nothing to a claim. */}
            </EmptyState.Content>
          </EmptyState.Root>
        ) : (
          <TransactionsTable transactions={latest} caption={t('latest.title')} compact />
        )}
      </Card.Body>
    </Card.Root>
  );
}
