import { Badge } from '@loyalty/shared/ui';
import { useTranslation } from '@loyalty/shared/i18n';
import type { VoucherState } from '@loyalty/shared/api';

const PALETTES: Record<VoucherState, string> = {
  active: 'green',
  used: 'gray',
  expired: 'orange',
  cancelled: 'gray',
};

/** A voucher's state in words (never colour alone). */
export function VoucherStateBadge({ state }: { state: VoucherState }) {
  const { t } = useTranslation('points');
  return (
    <Badge colorPalette={PALETTES[state]} variant={state === 'active' ? 'solid' : 'subtle'} data-testid="voucher-state">
      {t(`vouchers.states.${state}`)}
    </Badge>
  );
}
