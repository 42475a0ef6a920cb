import { HStack, Text } from '@loyalty/shared/ui';
import { useTranslation } from '@loyalty/shared/i18n';
import { LogoMark } from './logo-mark';

/** `compactBelowSm`: on the narrowest screens only the mark shows, leaving room in the top bar. */
export function Logo({ compactBelowSm = false }: { compactBelowSm?: boolean }) {
  const { t } = useTranslation('shell');
  return (
    <HStack gap="2">
      <LogoMark />
      <Text
        fontWeight="bold"
        fontSize="lg"
        color="fg"
        whiteSpace="nowrap"
        hideBelow={compactBelowSm ? 'sm' : undefined}
      >
        {t('app.name')}
      </Text>
    </HStack>
  );
}
