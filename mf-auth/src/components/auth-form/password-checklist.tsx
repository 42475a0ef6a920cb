import { List, VisuallyHidden } from '@loyalty/shared/ui';
import { accessibleText, useTranslation } from '@loyalty/shared/i18n';
import { PASSWORD_MIN_LENGTH, PASSWORD_RULES } from '@loyalty/shared/validation';

const CHECK = 'M9 16.2l-3.5-3.5L4 14.2l5 5 11-11-1.4-1.4z';
const DOT = 'M12 8a4 4 0 100 8 4 4 0 000-8z';

/**
 * A live checklist under a new-password field, inside the field's helper text so the field
 * describes itself with it. Each line's text says whether it is met ("met" is
 * part of its accessible text, not only its colour), and the list is not a live region, so screen
 * readers are not interrupted on every key press; the field's error announces what is missing.
 */
export function PasswordChecklist({ value }: { value: string }) {
  const { t } = useTranslation('auth');
  return (
    <List.Root gap="1" variant="plain" fontSize="sm" aria-label={accessibleText(t('password.rules_title'))}>
      {PASSWORD_RULES.map((rule) => {
        const met = rule.test(value);
        return (
          <List.Item key={rule.id} color={met ? 'fg.success' : 'fg.muted'} data-met={met}>
            <List.Indicator asChild>
              <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="currentColor">
                <path d={met ? CHECK : DOT} />
              </svg>
            </List.Indicator>
            {t(`password.rules.${rule.id}`, { min: PASSWORD_MIN_LENGTH })}
            <VisuallyHidden>{`, ${met ? t('password.rule_met') : t('password.rule_unmet')}`}</VisuallyHidden>
          </List.Item>
        );
      })}
    </List.Root>
  );
}
