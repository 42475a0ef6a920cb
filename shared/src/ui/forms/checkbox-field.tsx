import { useId, type ComponentPropsWithRef } from 'react';
import { HStack, Stack, Text } from '@loyalty/shared/ui';

export type CheckboxFieldProps = Omit<ComponentPropsWithRef<'input'>, 'type' | 'id'> & { label: string; help: string };

/**
 * A yes-or-no choice of a form with its name and a line of help. The browser's own checkbox: it
 * takes the keyboard (Space), a form library's `register` and the forms' reading order as it is,
 * and costs no Chakra component of its own. Not a federated module: the page that uses it bundles
 * it, so the sign-in page and the dashboard do not download it.
 */
export function CheckboxField({ label, help, style, ...input }: CheckboxFieldProps) {
  const id = useId();
  return (
    <HStack align="start" gap="3">
      <input
        type="checkbox"
        id={id}
        aria-describedby={`${id}-help`}
        style={{ width: '1.125rem', height: '1.125rem', marginTop: '0.1875rem', flexShrink: 0, ...style }}
        {...input}
      />
      <Stack gap="0.5">
        <Text asChild fontWeight="semibold">
          <label htmlFor={id}>{label}</label>
        </Text>
        <Text id={`${id}-help`} fontSize="sm" color="fg.muted">
          {help}
        </Text>
      </Stack>
    </HStack>
  );
}
