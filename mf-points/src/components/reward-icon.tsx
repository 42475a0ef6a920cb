import { Center, Icon } from '@loyalty/shared/ui';
import { REWARD_ICON_PATHS, type RewardIcon as RewardIconName } from '@loyalty/shared/api';

/** A reward's picture in a round tile of the accent colour; decoration, as the name says it all. */
export function RewardIcon({ icon }: { icon: RewardIconName }) {
  return (
    <Center boxSize="12" borderRadius="full" bg="colorPalette.subtle" color="colorPalette.fg" flexShrink={0}>
      <Icon boxSize="6" aria-hidden="true">
        <svg
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d={REWARD_ICON_PATHS[icon]} />
        </svg>
      </Icon>
    </Center>
  );
}
