import { useSyncExternalStore } from 'react';
import { Box, Text } from '@loyalty/shared/ui';
import { useTranslation } from '@loyalty/shared/i18n';
import { pendingSignOutCount, subscribePendingSignOuts, useSession } from '@loyalty/shared/session';

/**
 * Above the page a member lands on after signing out while the server could not be told (decision
 * 078): they are signed out on this device, nothing of theirs is kept on it, and the server ends
 * the sign-in as soon as the device reaches it; then, that it has.
 */
export function SignedOutNotice() {
  const { t } = useTranslation('shell');
  const reason = useSession((state) => state.signOutReason);
  const waiting = useSyncExternalStore(subscribePendingSignOuts, pendingSignOutCount, () => 0) > 0;
  if (reason !== 'logout-pending') return null;
  return (
    <Box
      role="status"
      data-testid="signed-out-notice"
      bg="bg.info"
      color="fg.info"
      borderRadius="l2"
      paddingInline="4"
      paddingBlock="3"
      marginBottom="4"
    >
      <Text fontWeight="semibold">{t('signed_out.on_this_device')}</Text>
      <Text fontSize="sm">{waiting ? t('signed_out.server_when_online') : t('signed_out.server_done')}</Text>
    </Box>
  );
}
