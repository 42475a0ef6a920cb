import { SimpleGrid } from '@loyalty/shared/ui';
import { Skeleton, Stat } from '@loyalty/shared/ui-data-display';
import { useTranslation } from '@loyalty/shared/i18n';
import { formatNumber } from '@loyalty/shared/i18n';
import { useQuery } from '@tanstack/react-query';
import { balanceQueryOptions } from '@loyalty/shared/api';
import { ErrorPanel } from '@loyalty/shared/ui';

const FIGURES = [
  { key: 'pointBalance', label: 'balance.available', help: 'balance.available_help' },
  { key: 'pointsPending', label: 'balance.pending', help: 'balance.pending_help' },
  { key: 'totalClaimed', label: 'balance.total_claimed', help: 'balance.total_claimed_help' },
] as const;

/** The three figures of the member's balance (docs/product/points.md), from the query cache. */
export function BalanceCards() {
  const { t, i18n } = useTranslation('points');
  const { data: balance, isError, isSuccess, refetch } = useQuery(balanceQueryOptions());

  if (isError) return <ErrorPanel title={t('balance.error')} onRetry={() => void refetch()} />;
  const loading = !isSuccess;
  return (
    <SimpleGrid columns={{ base: 1, md: 3 }} gap="4" aria-busy={loading}>
      {FIGURES.map(({ key, label, help }) => (
        // Plain paragraphs rather than Stat's dl/dt/dd: a skeleton wrapper inside a dl is invalid.
        <Stat.Root as="div" key={key} borderWidth="1px" borderRadius="l3" padding="5" bg="bg.panel">
          <Stat.Label as="p">{t(label)}</Stat.Label>
          {/* The skeleton holds the figure's place, so nothing moves when it arrives. */}
          <Skeleton loading={loading} minHeight="9">
            <Stat.ValueText as="p" data-testid={`balance-${key}`}>
              {balance ? formatNumber(balance[key], i18n.language) : formatNumber(0, i18n.language)}
            </Stat.ValueText>
          </Skeleton>
          <Stat.HelpText as="p">{t(help)}</Stat.HelpText>
        </Stat.Root>
      ))}
    </SimpleGrid>
  );
}
