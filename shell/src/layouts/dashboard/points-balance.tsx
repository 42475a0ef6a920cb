import { useQuery } from '@tanstack/react-query';
import { balanceQueryOptions } from '@loyalty/shared/api';
import { Badge } from '@loyalty/shared/ui';
import { formatNumber, useTranslation } from '@loyalty/shared/i18n';

/**
 * The available balance in the top bar. It reads the same cache entry as the points pages, so a
 * claim or a redemption shows here at once.
 */
export function PointsBalance() {
  const { t, i18n } = useTranslation('shell');
  const { data: balance, isSuccess } = useQuery(balanceQueryOptions());

  if (!isSuccess) return null;
  return (
    <Badge size="lg" variant="subtle" data-testid="top-bar-points" hideBelow="md">
      {t('points.available', { points: formatNumber(balance.pointBalance, i18n.language) })}
    </Badge>
  );
}
