import type { ReactNode } from 'react';
import { Card, PageHeading, Stack, Text } from '@loyalty/shared/ui';

/** The card every auth screen sits in: one h1, an optional line under it, then the content. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <Card.Root>
      <Card.Body>
        <Stack gap="5">
          <Stack gap="1">
            <PageHeading size="xl">{title}</PageHeading>
            {subtitle ? <Text color="fg.muted">{subtitle}</Text> : null}
          </Stack>
          {children}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
