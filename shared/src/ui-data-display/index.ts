// The Chakra components only signed-in screens use: tables, statistics, progress, avatars.
// A module of its own so the sign-in pages never download them or their recipes (see
// `@loyalty/shared/ui`'s chakra.ts for why apps never import `@chakra-ui/react` directly).
import { registerRecipes } from '@loyalty/shared/ui';
import {
  avatarSlotRecipe,
  dataListSlotRecipe,
  progressSlotRecipe,
  skeletonRecipe,
  statSlotRecipe,
  tableSlotRecipe,
} from '@chakra-ui/react/theme';

registerRecipes({
  recipes: { skeleton: skeletonRecipe },
  slotRecipes: {
    avatar: avatarSlotRecipe,
    dataList: dataListSlotRecipe,
    progress: progressSlotRecipe,
    stat: statSlotRecipe,
    table: tableSlotRecipe,
  },
});

export { Avatar, DataList, Progress, Skeleton, Stat, Table } from '@chakra-ui/react';
