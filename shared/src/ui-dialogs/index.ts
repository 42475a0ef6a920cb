// Chakra's dialogs and drawers and the controls only they hold (the settings' radio groups and
// switches). A module of its own because nothing on a page needs them until a member opens one:
// the shell and the remotes load the component that uses them when it first opens, so no page
// pays for focus traps and scroll locks up front.
import { registerRecipes } from '@loyalty/shared/ui';
import {
  dialogSlotRecipe,
  drawerSlotRecipe,
  radioGroupSlotRecipe,
  radiomarkRecipe,
  switchSlotRecipe,
} from '@chakra-ui/react/theme';

registerRecipes({
  recipes: { radiomark: radiomarkRecipe },
  slotRecipes: {
    dialog: dialogSlotRecipe,
    drawer: drawerSlotRecipe,
    radioGroup: radioGroupSlotRecipe,
    switch: switchSlotRecipe,
  },
});

export { Dialog, Drawer, RadioGroup, Switch } from '@chakra-ui/react';
export { ConfirmDialog } from './confirm-dialog';
