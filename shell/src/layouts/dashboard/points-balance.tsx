import { useQuery } from '@tanstack/react-query';
import { balanceQueryOptions } from '@loyalty/shared/api';
import { Badge } from '@loyalty/shared/ui';
import { Skeleton } from '@loyalty/shared/ui-data-display';
import { formatNumber, useTranslation } from '@loyalty/shared/i18n';

/** The chip's size while the figure is on its way: the first paint's `.fp-chip`, the same place. */
const CHIP = { width: '93px', height: '28px' } as const;

/**
 * The available balance in the top bar. It reads the same cache entry as the points pages, so a
 * claim or a redemption shows here at once. Until it is in, a chip-shaped placeholder holds its
 * place: the header's other controls, aligned to the end, never move for it.
 */
export function PointsBalance() {
  const { t, i18n } = useTranslation('shell');
  const { data: balance, isSuccess, isPending } = useQuery(balanceQueryOptions());

  if (isPending)
    return <Skeleton {...CHIP} borderRadius="l2" hideBelow="md" data-testid="top-bar-points-placeholder" />;
  if (!isSuccess) return null;
  return (
    <Badge size="lg" variant="subtle" data-testid="top-bar-points" hideBelow="md">
      {t('points.available', {
        count: balance.pointBalance,
        points: formatNumber(balance.pointBalance, i18n.language),
      })}
    </Badge>
  );
}
