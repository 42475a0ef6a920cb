import { useMemo } from 'react';
import { Box } from '@loyalty/shared/ui';
import { accessibleText, useTranslation } from '@loyalty/shared/i18n';
import { qrSvg } from '../../features/card/member-codes';

/**
 * A voucher's code as a QR code, black on white whatever the colour mode (a scanner needs the
 * contrast). Its own module, loaded when a voucher is first shown: the pages that list vouchers
 * do not wait for the barcode library.
 */
export default function VoucherQr({ code }: { code: string }) {
  const { t } = useTranslation('points');
  const svg = useMemo(() => qrSvg(code), [code]);
  return (
    <Box
      role="img"
      aria-label={accessibleText(t('vouchers.qr_label', { code }))}
      width="32"
      flexShrink="0"
      padding="2"
      borderRadius="md"
      borderWidth="1px"
      style={{ background: '#ffffff' }}
      css={{ '& svg': { width: '100%', height: 'auto', display: 'block' } }}
      data-testid="voucher-qr"
      // bwip-js returns SVG markup built from the code alone, which the API makes of 32 safe characters.
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  );
}
