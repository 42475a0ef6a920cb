import { BOOKING_CURRENCY, type Tier } from '@loyalty/shared/api';
import { formatNumber, useTranslation } from '@loyalty/shared/i18n';
import { formatMoney } from '@loyalty/shared/i18n/money';

/** A tier's measure in its own unit, in the member's language: "1,000 points", "€10,000 spent on bookings". */
export function useCriterionText() {
  const { t } = useTranslation('points');
  const measure = useCriterionValue();
  return (tier: Pick<Tier, 'criterion'>, value: number) =>
    t(`tiers.criterion.${tier.criterion}`, { count: value, value: measure(tier, value) });
}

/** A value in a tier's criterion, formatted alone: a number of points, or an amount of money. */
export function useCriterionValue() {
  const { i18n } = useTranslation('points');
  return (tier: Pick<Tier, 'criterion'>, value: number) =>
    tier.criterion === 'amount'
      ? formatMoney(value, BOOKING_CURRENCY, i18n.language)
      : formatNumber(value, i18n.language);
}
