import { Center, Icon } from '@loyalty/shared/ui';
import type { RewardIcon as RewardIconName } from '@loyalty/shared/api';

// One outline picture per icon the catalogue may name (24×24, stroked with the text colour).
const PATHS: Record<RewardIconName, string> = {
  bed: 'M3 18V7M3 14h18v4M21 14v-2a3 3 0 00-3-3h-7v5M7 12a2 2 0 100-4 2 2 0 000 4z',
  upgrade: 'M12 19V5M6 11l6-6 6 6M5 21h14',
  clock: 'M12 7v5l3 3M12 21a9 9 0 100-18 9 9 0 000 18z',
  dining: 'M7 3v8M5 3v5a2 2 0 004 0V3M7 11v10M17 3c-2 2-2 7 0 9v9',
  spa: 'M12 21c-4 0-7-3-7-7 3 0 5 1 7 3 2-2 4-3 7-3 0 4-3 7-7 7zM12 17c-2-3-2-7 0-11 2 4 2 8 0 11z',
  lounge: 'M4 11v6h16v-6M6 11V8a2 2 0 012-2h8a2 2 0 012 2v3M4 17v3M20 17v3M2 11h4M18 11h4',
  car: 'M5 16l1.5-5h11L19 16M4 16h16v3H4zM7 19v2M17 19v2M7.5 13.5h.01M16.5 13.5h.01',
  ticket: 'M3 8a2 2 0 002-2h14a2 2 0 002 2v2a2 2 0 000 4v2a2 2 0 00-2 2H5a2 2 0 00-2-2v-2a2 2 0 000-4V8zM14 6v12',
};

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
          <path d={PATHS[icon]} />
        </svg>
      </Icon>
    </Center>
  );
}
