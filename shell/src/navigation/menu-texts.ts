import registry from '../../../scripts/lib/remotes.cjs';
import menuTitles from '../../../scripts/lib/menu-titles.cjs';
import { registerNamespace } from '@loyalty/shared/i18n';

/**
 * Registers the titles of the menu's entries. Each remote declares its entries and their titles in
 * the registry (remotes.json). The member's frame imports this module, so its chunk holds the
 * texts: the menu renders before any remote's code has arrived (decision 063), and the sign-in
 * page, which draws no menu, never loads them.
 */
export function registerMenuTexts(): void {
  registerNamespace(registry.MENU_NAMESPACE, (language) => Promise.resolve(menuTitles[language] ?? menuTitles.en!));
}
