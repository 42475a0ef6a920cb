import { HStack, Text } from '@loyalty/shared/ui';
import { useTranslation } from '@loyalty/shared/i18n';

export function LogoMark() {
  return (
    <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--chakra-colors-color-palette-solid)" />
      <path d="M16 7l2.6 5.6 6.1.7-4.5 4.2 1.2 6-5.4-3-5.4 3 1.2-6-4.5-4.2 6.1-.7z" fill="white" />
    </svg>
  );
}

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
