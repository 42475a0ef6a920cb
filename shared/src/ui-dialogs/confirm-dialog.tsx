import type { ReactNode } from 'react';
import { Dialog } from '@chakra-ui/react';
import { Button, Portal, Text } from '@loyalty/shared/ui';
import { useTranslation } from '@loyalty/shared/i18n';

/**
 * The confirm step of an action that cannot be taken back (a spend of points, a passkey removed):
 * a question, Cancel, and the action. An alert dialog, because it interrupts to ask; while the
 * answer is on its way it cannot be closed, so a member never wonders whether a closed dialog still
 * went through.
 */
export function ConfirmDialog({
  open,
  title,
  text,
  action,
  sending,
  onConfirm,
  onClose,
  finalFocusEl,
  actionPalette,
}: {
  open: boolean;
  title: string;
  text: ReactNode;
  action: string;
  sending: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** Where the focus goes once it closes (Chakra's default: the element that opened it). */
  finalFocusEl?: () => HTMLElement | null;
  /** The action button's colour palette (`red` for a removal); the theme's by default. */
  actionPalette?: string;
}) {
  const { t } = useTranslation('common');
  return (
    <Dialog.Root
      role="alertdialog"
      open={open}
      // An alert dialog stays on a click outside by default; every overlay here closes on one
      // (docs/product/accessibility.md, "Keyboard"), as on Cancel and Escape.
      closeOnInteractOutside
      onOpenChange={(event) => !event.open && !sending && onClose()}
      finalFocusEl={finalFocusEl}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{text}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline" disabled={sending}>
                  {t('actions.cancel')}
                </Button>
              </Dialog.ActionTrigger>
              <Button loading={sending} onClick={onConfirm} colorPalette={actionPalette}>
                {action}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
