// The Chakra components every screen may use, including the sign-in pages. Apps import Chakra from
// here, never from `@chakra-ui/react`: federation shares a library whole, so sharing Chakra itself
// would send all of it (docs/performance.md, "Behind the code") to every page. Shared through this
// module, the page gets only what is listed, once, with one set of Chakra contexts for the shell
// and every remote. Components only signed-in screens use live in
// `@loyalty/shared/ui-data-display`, loaded after sign-in; dialogs and drawers in
// `@loyalty/shared/ui-dialogs` and the menu in `@loyalty/shared/ui-menu`, loaded when first opened.
export {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Center,
  CloseButton,
  Container,
  EmptyState,
  Field,
  Flex,
  HStack,
  Heading,
  Icon,
  IconButton,
  Input,
  InputGroup,
  Link,
  List,
  NativeSelect,
  Portal,
  Separator,
  SimpleGrid,
  Spinner,
  Stack,
  Text,
  VStack,
  VisuallyHidden,
  useBreakpointValue,
} from '@chakra-ui/react';
