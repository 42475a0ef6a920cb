import { Field, List, VisuallyHidden } from '@chakra-ui/react';
import { accessibleText } from '@loyalty/shared/i18n';

const CHECK = 'M9 16.2l-3.5-3.5L4 14.2l5 5 11-11-1.4-1.4z';
const DOT = 'M12 8a4 4 0 100 8 4 4 0 000-8z';

export interface PasswordChecklistRule {
  id: string;
  /** What the rule asks, in the member's language. */
  label: string;
  met: boolean;
}

export interface PasswordChecklistProps {
  /** The list's name ("Password requirements"). */
  title: string;
  rules: PasswordChecklistRule[];
  /** Said after a rule that is met, and after one that is not ("met", "not yet met"). */
  metText: string;
  unmetText: string;
}

/**
 * The live checklist under a new-password field, in the field's helper text (inside `Field.Root`),
 * so the field is described by it. Each line says in words whether it is met (not only by its
 * colour and icon). The list is not a live region: a screen reader is not interrupted on every
 * key press, and the field's error announces what is missing when the member submits.
 */
export function PasswordChecklist({ title, rules, metText, unmetText }: PasswordChecklistProps) {
  return (
    <Field.HelperText>
      <List.Root gap="1" variant="plain" fontSize="sm" aria-label={accessibleText(title)}>
        {rules.map((rule) => (
          <List.Item key={rule.id} color={rule.met ? 'fg.success' : 'fg.muted'} data-met={rule.met}>
            <List.Indicator asChild>
              <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="currentColor">
                <path d={rule.met ? CHECK : DOT} />
              </svg>
            </List.Indicator>
            {rule.label}
            <VisuallyHidden>{`, ${rule.met ? metText : unmetText}`}</VisuallyHidden>
          </List.Item>
        ))}
      </List.Root>
    </Field.HelperText>
  );
}
