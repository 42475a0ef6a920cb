// The Chakra components only signed-in screens use: menus, drawers, dialogs, tables, statistics.
// A module of its own so the sign-in pages never download them (see `@loyalty/shared/ui`'s
// chakra.ts for why apps never import `@chakra-ui/react` directly). Their recipes are in the
// shared system, so they look the same wherever they render.
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
