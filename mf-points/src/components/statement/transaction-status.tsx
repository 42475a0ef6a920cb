import { Stack, Text } from '@loyalty/shared/ui';
import { formatDate, useTranslation } from '@loyalty/shared/i18n';
import type { Transaction } from '@loyalty/shared/api';
import { TransactionTypeLabel } from '../points/transaction-type-label';

/** A line's status in words, and for pending points the day they become available. */
export function TransactionStatus({ transaction }: { transaction: Transaction }) {
  const { t, i18n } = useTranslation('points');
  return (
    <Stack gap="0.5">
      <TransactionTypeLabel type={transaction.type} />
      {transaction.type === 'credit_pending' && transaction.availableOn ? (
        <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap">
          {t('statement.available_on', { date: formatDate(transaction.availableOn, i18n.language) })}
        </Text>
      ) : null}
    </Stack>
  );
}
