import { Suspense, lazy } from 'react';
import { Flex, Stack, Text } from '@loyalty/shared/ui';
import { Skeleton } from '@loyalty/shared/ui-data-display';
import { formatDate, useTranslation } from '@loyalty/shared/i18n';
import type { Voucher } from '@loyalty/shared/api';

const VoucherQr = lazy(() => import(/* webpackChunkName: "voucher-qr" */ './voucher-qr'));

/**
 * What a member needs to use a voucher: its code (typed or read aloud, so in a fixed-width font,
 * left to right in every language), its QR code while it can be used, its last valid day and how
 * it is used (at the desk, with a booking, online).
 */
export function VoucherDetails({ voucher }: { voucher: Voucher }) {
  const { t, i18n } = useTranslation('points');
  const usable = voucher.state === 'active';
  return (
    <Flex gap="4" alignItems="start" wrap="wrap">
      {usable ? (
        <Suspense fallback={<Skeleton width="32" height="32" />}>
          <VoucherQr code={voucher.code} />
        </Suspense>
      ) : null}
      <Stack gap="1" minWidth="0">
        <Text fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide" fontWeight="semibold">
          {t('vouchers.code_label')}
        </Text>
        <Text
          fontFamily="mono"
          fontSize="xl"
          fontWeight="semibold"
          letterSpacing="wider"
          dir="ltr"
          textDecoration={usable ? undefined : 'line-through'}
          data-testid="voucher-code"
        >
          {voucher.code}
        </Text>
        <Text fontSize="sm">{validityText(voucher, i18n.language, t)}</Text>
        {usable ? <Text fontSize="sm">{t(`vouchers.usage.${voucher.usage}`)}</Text> : null}
      </Stack>
    </Flex>
  );
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The one date that matters in each state: until when it can be used, or when it stopped. */
export function validityText(voucher: Voucher, language: string, t: Translate): string {
  const date = (value: string) => formatDate(value, language);
  switch (voucher.state) {
    case 'used':
      return t('vouchers.used_on', { date: date(voucher.usedAt ?? voucher.issuedAt) });
    case 'cancelled':
      return t('vouchers.cancelled_on', { date: date(voucher.cancelledAt ?? voucher.issuedAt) });
    case 'expired':
      return t('vouchers.expired_on', { date: date(voucher.validUntil) });
    default:
      return t('vouchers.valid_until', { date: date(voucher.validUntil) });
  }
}
