import { useMemo } from 'react';
import { Box, Flex, Stack, Text } from '@loyalty/shared/ui';
import { accessibleText, useTranslation } from '@loyalty/shared/i18n';
import { groupedMemberNumber } from '../../components/card/member-number';
import { memberBarcodeSvg, memberQrSvg } from './member-codes';

/**
 * The two codes of the member number, black on white whatever the colour mode (a scanner needs
 * the contrast), each an image named by the number it holds.
 */
export function ScannableCodes({ memberNumber }: { memberNumber: string }) {
  const { t } = useTranslation('points');
  const qr = useMemo(() => memberQrSvg(memberNumber), [memberNumber]);
  const barcode = useMemo(() => memberBarcodeSvg(memberNumber), [memberNumber]);
  const grouped = groupedMemberNumber(memberNumber);

  return (
    <Flex
      direction="column"
      alignItems="center"
      gap="6"
      padding={{ base: '5', md: '8' }}
      borderRadius="2xl"
      borderWidth="1px"
      style={{ background: '#ffffff', color: '#111111' }}
      data-testid="scannable-codes"
    >
      <Box
        role="img"
        aria-label={accessibleText(t('card_page.qr_label', { number: grouped }))}
        width={{ base: '56', md: '64' }}
        css={{ '& svg': { width: '100%', height: 'auto', display: 'block' } }}
        data-testid="member-qr"
        // bwip-js returns SVG markup built from the digits alone; nothing of the member's text is in it.
        dangerouslySetInnerHTML={{ __html: qr }}
      />
      <Stack gap="2" alignItems="center" width="full" maxWidth="sm">
        <Box
          role="img"
          aria-label={accessibleText(t('card_page.barcode_label', { number: grouped }))}
          width="full"
          css={{ '& svg': { width: '100%', height: '5rem', display: 'block' } }}
          data-testid="member-barcode"
          dangerouslySetInnerHTML={{ __html: barcode }}
        />
        <Text fontFamily="mono" fontSize="xl" fontWeight="semibold" letterSpacing="widest" dir="ltr" aria-hidden="true">
          {grouped}
        </Text>
      </Stack>
    </Flex>
  );
}
