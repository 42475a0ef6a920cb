// The Chakra components only signed-in screens use: menus, drawers, dialogs, tables, statistics.
// A module of its own so the sign-in pages never download them or their recipes (see
// `@loyalty/shared/ui`'s chakra.ts for why apps never import `@chakra-ui/react` directly).
import { registerRecipes } from '@loyalty/shared/ui';
import {
  avatarSlotRecipe,
  dataListSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  menuSlotRecipe,
  progressSlotRecipe,
  radioGroupSlotRecipe,
  radiomarkRecipe,
  skeletonRecipe,
  statSlotRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
} from '@chakra-ui/react/theme';

registerRecipes({
  recipes: { radiomark: radiomarkRecipe, skeleton: skeletonRecipe },
  slotRecipes: {
    avatar: avatarSlotRecipe,
    dataList: dataListSlotRecipe,
    dialog: dialogSlotRecipe,
    drawer: drawerSlotRecipe,
    menu: menuSlotRecipe,
    progress: progressSlotRecipe,
    radioGroup: radioGroupSlotRecipe,
    stat: statSlotRecipe,
    switch: switchSlotRecipe,
    table: tableSlotRecipe,
  },
});

export {
  Avatar,
  DataList,
  Dialog,
  Drawer,
  Menu,
  Progress,
  RadioGroup,
  Skeleton,
  Stat,
  Switch,
  Table,
} from '@chakra-ui/react';
