import { Button, EmptyState, VStack } from '@chakra-ui/react';
import { useTranslation } from '@loyalty/shared/i18n';

export interface ErrorPanelProps {
  title: string;
  description?: string;
  onRetry?: () => void;
  /** `status` for news that is not a failure yet (an area still on its way), said politely. */
  role?: 'alert' | 'status';
}

/** A failed area with a way to try again; the rest of the page keeps working. */
export function ErrorPanel({ title, description, onRetry, role = 'alert' }: ErrorPanelProps) {
  const { t } = useTranslation('common');
  return (
    <EmptyState.Root role={role} size="md">
      <EmptyState.Content>
        <VStack textAlign="center">
          <EmptyState.Title>{title}</EmptyState.Title>
          {description ? <EmptyState.Description>{description}</EmptyState.Description> : null}
        </VStack>
        {onRetry ? (
          <Button onClick={onRetry} variant="outline">
            {t('actions.retry')}
          </Button>
        ) : null}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
