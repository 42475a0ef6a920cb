import { Box } from '@loyalty/shared/ui';
import scene from './guest-scene.svg';

/**
 * Where the picture's box sits in the guest layout from 1024 px (Chakra's lg): beside the form,
 * hanging from the card's top (AUTH_CARD_TOP) down to a little above the window's bottom, whatever
 * the picture's own size. first-paint.css paints the same box (`.fp-scene`), so nothing moves when
 * the layout or the picture arrives.
 */
export const SCENE_BOX = { height: 'calc(100dvh - 12vh - 7rem)', minHeight: '24rem' } as const;

/**
 * The programme's picture beside the guest pages' forms on wide screens (docs/product/frame.md,
 * "Guest layout"): a hotel at dusk by its pool, in the brand's teal, drawn for the project. It
 * decorates, so assistive technology never meets it; below 1024 px it is not shown, and being lazy,
 * not downloaded: a phone's form stays alone above the fold, and the picture is never its largest
 * paint.
 */
export function GuestScene() {
  return (
    <Box
      data-testid="guest-scene"
      aria-hidden="true"
      display={{ base: 'none', lg: 'block' }}
      flex="1"
      minWidth="0"
      {...SCENE_BOX}
      borderRadius="2xl"
      overflow="hidden"
      // The scene's own dusk teal until it has come: the box keeps its colour from the first paint.
      bg="teal.900"
    >
      <Box
        asChild
        display="block"
        width="full"
        height="full"
        objectFit="cover"
        objectPosition="bottom"
        _dark={{ filter: 'brightness(0.85)' }}
      >
        <img src={scene} alt="" width={800} height={1000} loading="lazy" fetchPriority="low" decoding="async" />
      </Box>
    </Box>
  );
}
