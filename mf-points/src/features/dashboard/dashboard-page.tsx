import { Heading, SimpleGrid, Skeleton, Stack, Stat } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@loyalty/shared/i18n';
import { ErrorPanel } from '@loyalty/shared/ui';
import { useBalance } from './use-balance';

export function DashboardPage() {
  const { t, i18n } = useTranslation('points');
  const balanceState = useBalance();

  const figures = [
    { key: 'pointBalance', label: t('balance.available') },
    { key: 'pointsPending', label: t('balance.pending') },
    { key: 'totalClaimed', label: t('balance.total_claimed') },
  ] as const;

  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        {t('dashboard.title')}
      </Heading>
      {balanceState.status === 'error' ? (
        <ErrorPanel title={t('balance.error')} onRetry={balanceState.retry} />
      ) : (
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4" aria-busy={balanceState.status === 'loading'}>
          {figures.map(({ key, label }) => (
            <Stat.Root key={key} borderWidth="1px" borderRadius="l3" padding="5" bg="bg.panel">
              <Stat.Label>{label}</Stat.Label>
              <Skeleton loading={balanceState.status === 'loading'} minHeight="9">
                <Stat.ValueText data-testid={`balance-${key}`}>
                  {balanceState.status === 'ready' ? formatNumber(balanceState.balance[key], i18n.language) : '0'}
                </Stat.ValueText>
              </Skeleton>
            </Stat.Root>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
