import { useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import { balanceQueryOptions } from '@loyalty/shared/api';
import { Box, Text } from '@loyalty/shared/ui';
import { useTranslation } from '@loyalty/shared/i18n';

function subscribe(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Whether the browser says it has a network. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * Offline, above a signed-in member's pages: the figures are the last ones kept on the device, as
 * of the time they were answered, and what changes anything (a claim, a redemption, the profile)
 * needs a connection. Forms stay as they are: what the member typed is there when it comes back.
 */
export function OfflineNotice() {
  const { t, i18n } = useTranslation('shell');
  const online = useOnline();
  const { dataUpdatedAt } = useQuery({ ...balanceQueryOptions(), enabled: false });
  if (online) return null;
  const asOf = dataUpdatedAt
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(dataUpdatedAt)
    : undefined;
  return (
    <Box
      role="status"
      data-testid="offline-notice"
      bg="bg.warning"
      color="fg.warning"
      paddingInline="4"
      paddingBlock="2"
    >
      <Text fontWeight="semibold">{asOf ? t('offline.figures_as_of', { time: asOf }) : t('offline.no_figures')}</Text>
      <Text fontSize="sm">{t('offline.actions_need_connection')}</Text>
    </Box>
  );
}
