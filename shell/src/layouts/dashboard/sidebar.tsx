import { Box, Flex, IconButton } from '@loyalty/shared/ui';
import { accessibleText, useTranslation } from '@loyalty/shared/i18n';
import { paths } from '@loyalty/shared/router';
import type { NavGroup } from '../../navigation/menu-tree';
import { NavMini } from '../../navigation/nav-mini';
import { NavVertical } from '../../navigation/nav-vertical';
import { HomeLink } from '../home-link';
import { SIDEBAR_MINI_WIDTH, SIDEBAR_WIDTH } from './dimensions';
import { CollapseIcon, ExpandIcon } from './icons';

interface SidebarProps {
  groups: NavGroup[];
  mini: boolean;
  /** Large screens toggle between the vertical and the mini layout (docs/product/frame.md). */
  onToggleMini: () => void;
}

export function Sidebar({ groups, mini, onToggleMini }: SidebarProps) {
  const { t } = useTranslation('shell');
  return (
    <Box
      as="aside"
      width={mini ? SIDEBAR_MINI_WIDTH : SIDEBAR_WIDTH}
      flexShrink={0}
      borderInlineEndWidth="1px"
      position="sticky"
      top="0"
      height="100dvh"
      bg="bg"
      transition="width 0.2s"
      zIndex="docked"
    >
      <IconButton
        size="xs"
        variant="outline"
        rounded="full"
        bg="bg"
        position="absolute"
        top="7"
        insetInlineEnd="-3"
        zIndex="1"
        aria-label={accessibleText(mini ? t('nav.expand') : t('nav.collapse'))}
        onClick={onToggleMini}
        css={{ '[dir=rtl] & svg': { transform: 'scaleX(-1)' } }}
      >
        {mini ? <ExpandIcon /> : <CollapseIcon />}
      </IconButton>
      <Flex direction="column" height="full" overflowY="auto" paddingInline={mini ? '1' : '4'} paddingBlock="5">
        <HomeLink
          to={paths.dashboard.root}
          logo={mini ? 'mark' : 'full'}
          marginBottom="6"
          alignSelf={mini ? 'center' : 'flex-start'}
        />
        <Box as="nav" aria-label={accessibleText(t('nav.label'))}>
          {mini ? <NavMini groups={groups} /> : <NavVertical groups={groups} />}
        </Box>
      </Flex>
    </Box>
  );
}
