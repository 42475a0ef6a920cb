import { Badge, Card, Heading, HStack, Link, PageHeading, Stack, Text } from '@loyalty/shared/ui';
import { DataList, Skeleton } from '@loyalty/shared/ui-data-display';
import { Link as RouterLink, paths, useParams } from '@loyalty/shared/router';
import { accessibleText, formatDate, useTranslation } from '@loyalty/shared/i18n';
import { useQuery } from '@tanstack/react-query';
import { transactionQueryOptions } from '@loyalty/shared/api';
import { ApiError } from '@loyalty/shared/http';
import { ErrorPanel } from '@loyalty/shared/ui';
import { signedPoints } from '../../components/points/signed-points';
import { localized } from '../../components/localized-text';
import { transactionText } from '../../components/statement/transaction-text';
import { TransactionStatus } from '../../components/statement/transaction-status';
import { stayDates } from '../../components/statement/stay-dates';

/** `/dashboard/transactions/:transactionNumber`: one statement line with all it holds. */
export function TransactionDetailPage() {
  const { t, i18n } = useTranslation('points');
  const { transactionNumber = '' } = useParams();
  const query = useQuery(transactionQueryOptions(transactionNumber));
  const notFound = query.error instanceof ApiError && query.error.status === 404;

  return (
    <Stack gap="6" maxWidth="3xl">
      <Link asChild alignSelf="start" fontWeight="medium">
        <RouterLink to={paths.dashboard.transactions}>{t('detail.back')}</RouterLink>
      </Link>
      {query.isSuccess ? (
        <>
          <Stack gap="1">
            <PageHeading>{transactionText(query.data, i18n.language, t)}</PageHeading>
            <Text color="fg.muted">{t('detail.subtitle', { number: query.data.transactionNumber })}</Text>
          </Stack>
          <Card.Root>
            <Card.Header>
              <HStack justifyContent="space-between" wrap="wrap" gap="3">
                <Heading as="h2" size="md">
                  {t('detail.title')}
                </Heading>
                <Badge size="lg" variant="subtle" data-testid="detail-points">
                  <bdi dir="ltr">{signedPoints(query.data.points, query.data.type, i18n.language)}</bdi>
                </Badge>
              </HStack>
            </Card.Header>
            <Card.Body>
              <DataList.Root orientation="horizontal" gap="4">
                <DataList.Item>
                  <DataList.ItemLabel>{t('transactions.columns.date')}</DataList.ItemLabel>
                  <DataList.ItemValue>{formatDate(query.data.date, i18n.language, 'long')}</DataList.ItemValue>
                </DataList.Item>
                <DataList.Item>
                  <DataList.ItemLabel>{t('transactions.columns.status')}</DataList.ItemLabel>
                  <DataList.ItemValue>
                    <TransactionStatus transaction={query.data} />
                  </DataList.ItemValue>
                </DataList.Item>
                {query.data.reward ? (
                  <DataList.Item>
                    <DataList.ItemLabel>{t('detail.reward')}</DataList.ItemLabel>
                    <DataList.ItemValue data-testid="detail-reward">
                      {localized(query.data.reward.name, i18n.language)}
                    </DataList.ItemValue>
                  </DataList.Item>
                ) : null}
                {query.data.bookingId ? (
                  <DataList.Item>
                    <DataList.ItemLabel>{t('transactions.columns.booking')}</DataList.ItemLabel>
                    <DataList.ItemValue>{query.data.bookingId}</DataList.ItemValue>
                  </DataList.Item>
                ) : null}
                {query.data.stay ? (
                  <DataList.Item>
                    <DataList.ItemLabel>{t('detail.stay')}</DataList.ItemLabel>
                    <DataList.ItemValue>{stayDates(query.data, i18n.language)}</DataList.ItemValue>
                  </DataList.Item>
                ) : null}
                {query.data.availableOn ? (
                  <DataList.Item>
                    <DataList.ItemLabel>{t('detail.available_on')}</DataList.ItemLabel>
                    <DataList.ItemValue>{formatDate(query.data.availableOn, i18n.language, 'long')}</DataList.ItemValue>
                  </DataList.Item>
                ) : null}
                <DataList.Item>
                  <DataList.ItemLabel>{t('detail.number')}</DataList.ItemLabel>
                  <DataList.ItemValue>{query.data.transactionNumber}</DataList.ItemValue>
                </DataList.Item>
              </DataList.Root>
            </Card.Body>
          </Card.Root>
        </>
      ) : query.isError ? (
        <>
          <PageHeading>{t(notFound ? 'detail.not_found' : 'detail.title')}</PageHeading>
          {notFound ? (
            <Text>{t('detail.not_found_text')}</Text>
          ) : (
            <ErrorPanel title={t('detail.error')} onRetry={() => void query.refetch()} />
          )}
        </>
      ) : (
        <Stack gap="3" aria-busy="true" aria-label={accessibleText(t('detail.loading'))}>
          <PageHeading>{t('detail.title')}</PageHeading>
          <Skeleton height="40" />
        </Stack>
      )}
    </Stack>
  );
}
