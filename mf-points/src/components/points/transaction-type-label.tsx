import { HStack, Icon, Text } from '@loyalty/shared/ui';
import { useTranslation } from '@loyalty/shared/i18n';
import type { TransactionType } from '@loyalty/shared/api';

// Each type has its own shape as well as its own colour, and always its name in words, so the
// type never rests on colour alone (WCAG 1.4.1).
const ICON_PATHS: Record<TransactionType, string> = {
  credit: 'M12 5v14M5 12h14',
  credit_pending: 'M12 7v5l3 3M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z',
  debit: 'M5 12h14',
};
// The system's status colours, the same red and green every app uses for failure and success.
const COLOURS: Record<TransactionType, string> = {
  credit: 'fg.success',
  credit_pending: 'fg.warning',
  debit: 'fg.error',
};

export function TransactionTypeLabel({ type }: { type: TransactionType }) {
  const { t } = useTranslation('points');
  return (
    <HStack gap="1.5" color={COLOURS[type]} whiteSpace="nowrap">
      <Icon boxSize="4" aria-hidden="true">
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round">
          <path d={ICON_PATHS[type]} />
        </svg>
      </Icon>
      <Text as="span" fontWeight="medium">
        {t(`transactions.types.${type}`)}
      </Text>
    </HStack>
  );
}
