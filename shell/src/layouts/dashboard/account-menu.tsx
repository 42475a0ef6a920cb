import { useState, type KeyboardEvent } from 'react';
import { notify } from '@loyalty/shared/ui';
import { useTranslation } from '@loyalty/shared/i18n';
import { AccountButton } from './account-button';
import type { AccountMenuPopup, FirstHighlight } from './account-menu-popup';

// The menu's code (Chakra's menu, `@loyalty/shared/ui-menu`: zag's menu machine and floating-ui;
// docs/performance.md, "Behind the code") comes when a member reaches for the button: pointing at
// it or focusing it starts the download, so it is usually there by the click. No page waits for it.
const loadPopup = () => import('./account-menu-popup').then((module) => module.AccountMenuPopup);
const prefetchPopup = () => void loadPopup().catch(() => undefined);

const ARROW_HIGHLIGHTS: Partial<Record<string, FirstHighlight>> = { ArrowDown: 'first', ArrowUp: 'last' };

/**
 * The top bar's account menu (docs/product/frame.md). Until first opened it is the button alone; the first
 * opening loads the menu and mounts it open in the button's place. If its code cannot be fetched
 * the button stays, says so, and tries again on the next press.
 */
export function AccountMenu() {
  const { t } = useTranslation('shell');
  const [opened, setOpened] = useState<{ Popup: typeof AccountMenuPopup; highlight: FirstHighlight }>();
  const [loading, setLoading] = useState(false);

  const open = (highlight: FirstHighlight) => {
    if (loading) return;
    setLoading(true);
    loadPopup()
      .then((Popup) => setOpened({ Popup, highlight }))
      .catch((error: unknown) => {
        console.error('The account menu failed to load', error);
        notify(t('account.menu_unavailable'), 'error');
      })
      .finally(() => setLoading(false));
  };

  const openWithArrow = (event: KeyboardEvent) => {
    const highlight = ARROW_HIGHLIGHTS[event.key];
    if (!highlight) return;
    event.preventDefault();
    open(highlight);
  };

  if (opened) return <opened.Popup highlight={opened.highlight} />;
  return (
    <AccountButton
      aria-expanded={false}
      aria-busy={loading || undefined}
      onPointerEnter={prefetchPopup}
      onFocus={prefetchPopup}
      onClick={() => open(null)}
      onKeyDown={openWithArrow}
    />
  );
}
