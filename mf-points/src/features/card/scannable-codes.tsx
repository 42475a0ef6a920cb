import { useEffect, useMemo, useRef, useState } from 'react';
import { Box, Flex, Stack, Text } from '@loyalty/shared/ui';
import { accessibleText, useTranslation } from '@loyalty/shared/i18n';
import { keepDrawing } from '@loyalty/shared/api/query-client';
import { groupedMemberNumber } from '../../components/card/member-number';
import { KEPT_BARCODE, KEPT_QR } from './kept-drawings';
import { barcodeModuleWidth, memberBarcode, memberQrSvg } from './member-codes';

// Before the box is measured (and in a test's DOM, which has no layout): two pixels a module.
const UNMEASURED_MODULE_WIDTH = 2;

/** The inner width of an element in CSS pixels, followed as it changes; undefined until measured. */
function useBoxWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState<number>();
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/**
 * The two codes of the member number, black on white whatever the colour mode (a scanner needs
 * the contrast), each an image named by the number it holds.
 */
export function ScannableCodes({ memberNumber }: { memberNumber: string }) {
  const { t } = useTranslation('points');
  const qr = useMemo(() => memberQrSvg(memberNumber), [memberNumber]);
  // The next load's first paint shows both codes before the page has started (its skeleton): the
  // barcode at one pixel a module, which the first paint widens to the module its box holds.
  useEffect(() => keepDrawing(KEPT_QR, qr), [qr]);
  useEffect(() => keepDrawing(KEPT_BARCODE, memberBarcode(memberNumber, 1).svg), [memberNumber]);
  const [barcodeBox, boxWidth] = useBoxWidth();
  const moduleWidth = boxWidth ? barcodeModuleWidth(memberNumber, boxWidth) : UNMEASURED_MODULE_WIDTH;
  const barcode = useMemo(() => memberBarcode(memberNumber, moduleWidth), [memberNumber, moduleWidth]);
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
        <Box width="full" ref={barcodeBox}>
          {/* At its own size, the widest whole-pixel bars that fit the box: stretched, bars blur. */}
          <Box
            role="img"
            aria-label={accessibleText(t('card_page.barcode_label', { number: grouped }))}
            marginInline="auto"
            css={{ '& svg': { width: `${barcode.width}px`, height: `${barcode.height}px`, display: 'block' } }}
            width="fit-content"
            data-testid="member-barcode"
            dangerouslySetInnerHTML={{ __html: barcode.svg }}
          />
        </Box>
        <Text fontFamily="mono" fontSize="xl" fontWeight="semibold" letterSpacing="widest" dir="ltr" aria-hidden="true">
          {grouped}
        </Text>
      </Stack>
    </Flex>
  );
}
