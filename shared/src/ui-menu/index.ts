// Chakra's menu: zag's menu machine and floating-ui's positioning
// (docs/performance.md, "Behind the code"). A module of its own because the portal's one menu, the
// account menu, opens on demand: the shell loads it when a member reaches for the button, so no
// page pays for it up front.
import { registerRecipes } from '@loyalty/shared/ui';
import { menuSlotRecipe } from '@chakra-ui/react/theme';

registerRecipes({ slotRecipes: { menu: menuSlotRecipe } });

export { Menu } from '@chakra-ui/react';
