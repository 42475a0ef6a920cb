import { HStack, Icon, Link, Text } from '@loyalty/shared/ui';
import { Link as RouterLink, paths } from '@loyalty/shared/router';
import { accessibleText, tierName, useTranslation } from '@loyalty/shared/i18n';
import type { Tier } from '@loyalty/shared/api';
import type { TierLook } from '@loyalty/shared/ui';

/**
 * The member's tier as a badge on the card: a medal and the tier's name, in the card's colours
 * reversed, so it reads at the card's contrast. The medal is decoration; the name says it all. It
 * leads to the tier page, where the tier's benefits and standing are explained: its accessible name
 * says so and begins with the name it shows.
 */
export function TierBadge({ tier, look }: { tier: Tier | null; look: TierLook }) {
  const { t, i18n } = useTranslation('points');
  const name = tier ? t('card.tier', { tier: tierName(tier.name, i18n.language) }) : t('card.no_tier');
  return (
    <Link
      asChild
      borderRadius="full"
      flexShrink={0}
      textDecoration="none"
      _hover={{ textDecoration: 'underline' }}
      aria-label={accessibleText(t('card.tier_link', { tier: name }))}
    >
      <RouterLink to={paths.dashboard.tiers}>
        <HStack
          gap="1.5"
          paddingInline="3"
          paddingBlock="1"
          borderRadius="full"
          style={{ background: look.foreground, color: look.stops[0] }}
          data-testid="card-tier"
        >
          <Icon boxSize="4" aria-hidden="true">
            <svg viewBox="0 0 24 24" fill="currentColor">
              <path d="M7 2h4l1 4 1-4h4l-3 7.2A6 6 0 1112 21a6 6 0 01-2-11.8L7 2zm5 9a4 4 0 100 8 4 4 0 000-8z" />
            </svg>
          </Icon>
          <Text as="span" fontSize="sm" fontWeight="bold">
            {name}
          </Text>
        </HStack>
      </RouterLink>
    </Link>
  );
}
