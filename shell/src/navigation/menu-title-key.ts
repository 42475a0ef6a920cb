import registry from '../../../scripts/lib/remotes.cjs';

/** The i18n key of the title of the registry's menu entry `key` (texts: menu-texts.ts). */
export const menuTitleKey = (key: string): string => `${registry.MENU_NAMESPACE}:${key}`;
