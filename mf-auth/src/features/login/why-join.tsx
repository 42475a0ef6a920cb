import { Box, Flex, Heading, Stack, Text } from '@loyalty/shared/ui';
import { useTranslation } from '@loyalty/shared/i18n';

// Outlines of 24 px icons, drawn in the text's colour.
const ICONS = {
  points: 'M12 2l2.9 6.3 6.9.8-5.1 4.7 1.4 6.8L12 17.2l-6.1 3.4 1.4-6.8L2.2 9.1l6.9-.8L12 2z',
  rewards:
    'M20 7h-2.2A3 3 0 0012 3.8 3 3 0 006.2 7H4v5h1v8h14v-8h1V7zm-7-1a1 1 0 111 1h-1V6zm-3 0a1 1 0 011 1H10a1 1 0 010-1zm1 12H7v-6h4v6zm6 0h-4v-6h4v6z',
  passkey: 'M7 14a3 3 0 110-6 3 3 0 010 6zm5.6-4A6 6 0 101 11a6 6 0 0011.6 1H15v3h3v-3h3v-2h-8.4z',
} as const;

const REASONS = ['points', 'rewards', 'passkey'] as const;

/**
 * Under the sign-in card: why a visitor would join, in three lines. Text and inline icons only, so
 * the page's first JavaScript and its largest paint (the card) are what they were.
 */
export function WhyJoin() {
  const { t } = useTranslation('auth');
  return (
    <Box as="section" aria-labelledby="why-join" marginTop="8" paddingInline="2">
      <Heading as="h2" size="md" id="why-join" marginBottom="4">
        {t('login.why.title')}
      </Heading>
      <Stack as="ul" gap="4" listStyleType="none">
        {REASONS.map((reason) => (
          <Flex as="li" key={reason} gap="3" alignItems="flex-start">
            <Box color="colorPalette.fg" flexShrink={0} marginTop="0.5">
              <svg width="24" height="24" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
                <path d={ICONS[reason]} />
              </svg>
            </Box>
            <Box>
              <Text fontWeight="semibold">{t(`login.why.${reason}_title`)}</Text>
              <Text color="fg.muted" fontSize="sm">
                {t(`login.why.${reason}_text`)}
              </Text>
            </Box>
          </Flex>
        ))}
      </Stack>
    </Box>
  );
}
