import { HStack, Icon, Text } from '@loyalty/shared/ui';
import { tierName, useTranslation } from '@loyalty/shared/i18n';
import type { Tier } from '@loyalty/shared/api';
import type { TierLook } from '@loyalty/shared/ui';

/**
 * The member's tier as a badge on the card: a medal and the tier's name, in the card's colours
 * reversed, so it reads at the card's contrast. The medal is decoration; the name says it all.
 */
export function TierBadge({ tier, look }: { tier: Tier | null; look: TierLook }) {
  const { t, i18n } = useTranslation('points');
  return (
    <HStack
      gap="1.5"
      paddingInline="3"
      paddingBlock="1"
      borderRadius="full"
      style={{ background: look.foreground, color: look.stops[0] }}
      data-testid="card-tier"
      flexShrink={0}
    >
      <Icon boxSize="4" aria-hidden="true">
        <svg viewBox="0 0 24 24" fill="currentColor">
          <path d="M7 2h4l1 4 1-4h4l-3 7.2A6 6 0 1112 21a6 6 0 01-2-11.8L7 2zm5 9a4 4 0 100 8 4 4 0 000-8z" />
        </svg>
      </Icon>
      <Text as="span" fontSize="sm" fontWeight="bold">
        {tier ? t('card.tier', { tier: tierName(tier.name, i18n.language) }) : t('card.no_tier')}
      </Text>
    </HStack>
  );
}
