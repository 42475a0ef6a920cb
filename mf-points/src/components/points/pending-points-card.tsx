import { Card, Heading, List, Stack, Text } from '@loyalty/shared/ui';
import { Skeleton } from '@loyalty/shared/ui-data-display';
import { useTranslation } from '@loyalty/shared/i18n';
import { formatDate, formatNumber, isolate } from '@loyalty/shared/i18n';
import { useQuery } from '@tanstack/react-query';
import { balanceQueryOptions, pendingPointsQueryOptions } from '@loyalty/shared/api';
import { ErrorPanel } from '@loyalty/shared/ui';

/** Each pending credit with the day it becomes available (docs/product/points.md: after the booking ends). */
export function PendingPointsCard() {
  const { t, i18n } = useTranslation('points');
  const { data: pending, isError, isSuccess, refetch } = useQuery(pendingPointsQueryOptions());
  const pendingTotal = useQuery(balanceQueryOptions()).data?.pointsPending;

  return (
    <Card.Root as="section" aria-labelledby="pending-heading">
      <Card.Header>
        <Heading as="h2" size="md" id="pending-heading">
          {t('pending.title')}
        </Heading>
        {pendingTotal !== undefined ? (
          <Text color="fg.muted" data-testid="pending-total">
            {t('pending.total', { points: formatNumber(pendingTotal, i18n.language) })}
          </Text>
        ) : null}
      </Card.Header>
      <Card.Body>
        {isError ? (
          <ErrorPanel title={t('pending.error')} headingLevel={3} onRetry={() => void refetch()} />
        ) : !isSuccess ? (
          <Stack gap="3" aria-busy="true">
            <Skeleton height="5" />
            <Skeleton height="5" />
          </Stack>
        ) : pending.length === 0 ? (
          <Text color="fg.muted">{t('pending.empty')}</Text>
        ) : (
          <List.Root gap="3" variant="plain">
            {pending.map((item) => (
              <List.Item key={item.transactionNumber} display="block" data-testid="pending-item">
                <Text fontWeight="semibold">
                  {t('pending.item_points', { count: item.points, points: formatNumber(item.points, i18n.language) })}
                </Text>
                <Text color="fg.muted" fontSize="sm">
                  {t('pending.item_available', {
                    date: formatDate(item.availableOn, i18n.language, 'long'),
                    booking: isolate(item.bookingId),
                  })}
                </Text>
              </List.Item>
            ))}
          </List.Root>
        )}
      </Card.Body>
    </Card.Root>
  );
}
