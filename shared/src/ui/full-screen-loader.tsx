import { Center, Spinner } from '@chakra-ui/react';
import { accessibleText, useTranslation } from '@loyalty/shared/i18n';

/** docs/product/frame.md: shown while the session is being determined. */
export function FullScreenLoader() {
  const { t } = useTranslation('common');
  return (
    <Center minHeight="100dvh" role="status" aria-live="polite">
      <Spinner size="lg" color="colorPalette.solid" aria-label={accessibleText(t('status.loading'))} />
    </Center>
  );
}
