import type { ReactNode } from 'react';
import { Field } from '@loyalty/shared/ui';

/**
 * A field's error text in a red dark enough to read: the theme's default (red.500 on white,
 * 3.8:1) fails WCAG AA for small text.
 */
export function FieldError({ children }: { children: ReactNode }) {
  return (
    <Field.ErrorText color="red.700" _dark={{ color: 'red.300' }}>
      {children}
    </Field.ErrorText>
  );
}
