import type { Tier } from '@loyalty/shared/api';
import { formatNumber, useTranslation } from '@loyalty/shared/i18n';

/** A tier's measure in its own unit, in the member's language ("1,000 points"). */
export function useCriterionText() {
  const { t, i18n } = useTranslation('points');
  return (tier: Pick<Tier, 'criterion'>, value: number) =>
    t(`tiers.criterion.${tier.criterion}`, { count: value, value: formatNumber(value, i18n.language) });
}
