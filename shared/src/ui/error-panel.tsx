import { Button, EmptyState, VStack } from '@chakra-ui/react';
import { useTranslation } from '@loyalty/shared/i18n';

export interface ErrorPanelProps {
  title: string;
  description?: string;
  onRetry?: () => void;
  /** `status` for news that is not a failure yet (an area still on its way), said politely. */
  role?: 'alert' | 'status';
  /**
   * The level of its title, one below the heading it sits under: 2 where it stands in for a page's
   * content under the page's h1, 3 inside a section headed by an h2 (a card). Headings that skip a
   * level leave a screen reader's outline with a gap (WCAG 1.3.1; axe's heading-order).
   */
  headingLevel?: 2 | 3 | 4;
}

const HEADINGS = { 2: 'h2', 3: 'h3', 4: 'h4' } as const;

/** A failed area with a way to try again; the rest of the page keeps working. */
export function ErrorPanel({ title, description, onRetry, role = 'alert', headingLevel = 2 }: ErrorPanelProps) {
  const { t } = useTranslation('common');
  return (
    <EmptyState.Root role={role} size="md">
      <EmptyState.Content>
        <VStack textAlign="center">
          <EmptyState.Title as={HEADINGS[headingLevel]}>{title}</EmptyState.Title>
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
