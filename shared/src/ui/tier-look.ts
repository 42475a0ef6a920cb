export interface TierLook {
  /** The card's background, a gradient in the tier's metal. */
  background: string;
  /** Text on that background: at least 4.5:1 against both ends of the gradient (tier-look.test.ts). */
  foreground: string;
  /** The two ends of the gradient, for that check. */
  stops: readonly [string, string];
}

const look = (from: string, to: string, foreground: string): TierLook => ({
  background: `linear-gradient(135deg, ${from}, ${to})`,
  foreground,
  stops: [from, to],
});

/**
 * The one colour of each tier, wherever a tier is shown (the membership card, the account page):
 * the colours of the card by tier level, as a programme's cards are printed: bronze, silver, gold,
 * platinum. Levels past the fourth keep platinum's; a member with no tier yet gets the portal's own.
 * The card's art is the same in light and dark mode, like a plastic card.
 */
const LOOKS: readonly TierLook[] = [
  look('#5c3317', '#8a5330', '#ffffff'),
  look('#3f4752', '#5f6875', '#ffffff'),
  look('#f3d98b', '#d9ae3f', '#1f1600'),
  look('#111827', '#334155', '#f1f5f9'),
];
const NO_TIER = look('#134e4a', '#0f766e', '#ffffff');

export function tierLook(tier: { level: number } | null | undefined): TierLook {
  if (!tier) return NO_TIER;
  return LOOKS[Math.min(Math.max(tier.level, 1), LOOKS.length) - 1]!;
}

export const ALL_TIER_LOOKS = [...LOOKS, NO_TIER];
