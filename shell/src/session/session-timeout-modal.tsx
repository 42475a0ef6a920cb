import { useState } from 'react';
import { Button, Portal, Text } from '@loyalty/shared/ui';
import { Dialog } from '@loyalty/shared/ui-dialogs';
import { useNavigate, paths } from '@loyalty/shared/router';
import { useTranslation } from '@loyalty/shared/i18n';
import { sessionStore, useSession } from '@loyalty/shared/session';

/** docs/product/frame.md: 400 px wide. */
export const SESSION_TIMEOUT_MODAL_WIDTH = '400px';

/**
 * Opens when the session ended behind the member's back. Ok signs out as the account menu does
 * (the server told now or later), clears session storage — the language lives in localStorage and
 * stays — and goes home.
 */
export function SessionTimeoutModal() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const expired = useSession((state) => state.expired);
  const [leaving, setLeaving] = useState(false);

  const acknowledge = async () => {
    setLeaving(true);
    // The same sign-out as the menu's: offline, the session's sign-out key tells the server later.
    await sessionStore.getState().logout();
    sessionStorage.clear();
    setLeaving(false);
    navigate(paths.root, { replace: true });
  };

  return (
    <Dialog.Root
      open={expired}
      role="alertdialog"
      closeOnInteractOutside={false}
      closeOnEscape={false}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content width={SESSION_TIMEOUT_MODAL_WIDTH} maxWidth="calc(100vw - 2rem)">
            <Dialog.Header>
              <Dialog.Title>{t('session_timeout.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{t('session_timeout.message')}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button onClick={() => void acknowledge()} loading={leaving}>
                {t('session_timeout.ok')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
