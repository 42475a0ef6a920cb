import { useEffect } from 'react';
import { Card, PageHeading, Stack, Text } from '@loyalty/shared/ui';
import { Skeleton, Stat } from '@loyalty/shared/ui-dashboard';
import { useTranslation } from '@loyalty/shared/i18n';
import { formatNumber } from '@loyalty/shared/i18n';
import { pointsStore, usePoints } from '@loyalty/shared/points';
import { ErrorPanel } from '@loyalty/shared/ui';
import { RedeemPointsForm } from './redeem-form';

/** Redeem from the available balance, which is read from (and written back to) the shared store. */
export function RedeemPage() {
  const { t, i18n } = useTranslation('points');
  const balance = usePoints((state) => state.balance);
  const status = usePoints((state) => state.status.balance);
  const reload = usePoints((state) => state.reload);

  useEffect(() => {
    void pointsStore.getState().reload('balance');
  }, []);

  return (
    <Stack gap="6" maxWidth="xl">
      <Stack gap="1">
        <PageHeading>{t('redeem.title')}</PageHeading>
        <Text color="fg.muted">{t('redeem.intro')}</Text>
      </Stack>
      {status === 'error' ? (
        <ErrorPanel title={t('balance.error')} onRetry={() => void reload('balance')} />
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
