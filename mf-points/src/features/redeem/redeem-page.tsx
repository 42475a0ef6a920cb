import { Card, PageHeading, Stack, Text } from '@loyalty/shared/ui';
import { Skeleton, Stat } from '@loyalty/shared/ui-data-display';
import { useTranslation } from '@loyalty/shared/i18n';
import { formatNumber } from '@loyalty/shared/i18n';
import { useQuery } from '@tanstack/react-query';
import { balanceQueryOptions } from '@loyalty/shared/api';
import { ErrorPanel } from '@loyalty/shared/ui';
import { RedeemPointsForm } from './redeem-form';
import { PAGE_TEXTS_NAMESPACE } from '../../components/page-texts/page-texts';

/** Redeem from the available balance, which is read from (and written back to) the query cache. */
export function RedeemPage() {
  const { t, i18n } = useTranslation([PAGE_TEXTS_NAMESPACE, 'points'], { nsMode: 'fallback' });
  // Asked again on every visit: a redemption must start from the balance the server holds now.
  const { data: balance, isError, refetch } = useQuery({ ...balanceQueryOptions(), refetchOnMount: 'always' });

  return (
    <Stack gap="6" maxWidth="xl">
      <Stack gap="1">
        <PageHeading>{t('redeem.title')}</PageHeading>
        <Text color="fg.muted">{t('redeem.intro')}</Text>
      </Stack>
      {isError ? (
        <ErrorPanel title={t('balance.error')} onRetry={() => void refetch()} />
      ) : (
        <Card.Root>
          <Card.Body>
            <Stack gap="6">
              <Stat.Root as="div">
                <Stat.Label as="p">{t('balance.available')}</Stat.Label>
                <Skeleton loading={!balance} minHeight="9">
                  <Stat.ValueText as="p" data-testid="redeem-available">
                    {formatNumber(balance?.pointBalance ?? 0, i18n.language)}
                  </Stat.ValueText>
                </Skeleton>
              </Stat.Root>
              {balance ? <RedeemPointsForm available={balance.pointBalance} /> : null}
            </Stack>
          </Card.Body>
        </Card.Root>
      )}
    </Stack>
  );
}
