import { useEffect } from 'react';
import { Badge } from '@loyalty/shared/ui';
import { useTranslation } from '@loyalty/shared/i18n';
import { formatNumber } from '@loyalty/shared/i18n';
import { pointsStore, usePoints } from '@loyalty/shared/points';

/**
 * The available balance in the top bar. It reads the one points store the points pages write, so
 * a claim or a redemption shows here at once.
 */
export function PointsBalance() {
  const { t, i18n } = useTranslation('shell');
  const balance = usePoints((state) => state.balance);
  const status = usePoints((state) => state.status.balance);

  useEffect(() => {
    if (pointsStore.getState().status.balance === 'idle') void pointsStore.getState().reload('balance');
  }, []);

  if (status !== 'ready' || !balance) return null;
  return (
    <Badge size="lg" variant="subtle" data-testid="top-bar-points" hideBelow="md">
      {t('points.available', { points: formatNumber(balance.pointBalance, i18n.language) })}
    </Badge>
  );
}
