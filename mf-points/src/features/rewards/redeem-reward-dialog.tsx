import { Button, Portal, Text } from '@loyalty/shared/ui';
import { Dialog } from '@loyalty/shared/ui-dialogs';
import { formatNumber, useTranslation } from '@loyalty/shared/i18n';
import type { Reward } from '@loyalty/shared/api';
import { localized } from '../../components/statement/transaction-text';

/** The confirm step: the reward, its price and the balance after, then Yes or Cancel. */
export function RedeemRewardDialog({
  reward,
  balance,
  sending,
  onConfirm,
  onClose,
}: {
  reward: Reward | null;
  balance: number;
  sending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation(['points', 'common']);
  const format = (value: number) => formatNumber(value, i18n.language);
  return (
    <Dialog.Root
      role="alertdialog"
      open={reward !== null}
      onOpenChange={(event) => !event.open && !sending && onClose()}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('rewards.confirm_title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {reward ? (
                <Text>
                  {t('rewards.confirm_text', {
                    reward: localized(reward.name, i18n.language),
                    points: format(reward.cost),
                    balance: format(balance - reward.cost),
                  })}
                </Text>
              ) : null}
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline" disabled={sending}>
                  {t('common:actions.cancel')}
                </Button>
              </Dialog.ActionTrigger>
              <Button loading={sending} onClick={onConfirm}>
                {t('rewards.confirm_action')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
