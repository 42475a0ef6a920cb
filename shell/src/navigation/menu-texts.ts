import registry from '../../../scripts/lib/remotes.cjs';
import { registerNamespace } from '@loyalty/shared/i18n';

/**
 * Registers the titles of the menu's entries. Each remote declares its entries and their titles in
 * the registry (remotes.json), which the shell's bundle holds: the menu renders before any
 * remote's code has arrived (decision 063).
 */
export function registerMenuTexts(): void {
  registerNamespace(registry.MENU_NAMESPACE, (language) => Promise.resolve(registry.menuTitles(language)));
}

/** The i18n key of the title of the registry's menu entry `key`. */
export const menuTitleKey = (key: string): string => `${registry.MENU_NAMESPACE}:${key}`;
