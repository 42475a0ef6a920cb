import { Box, List, VisuallyHidden } from '@loyalty/shared/ui';
import { accessibleText, useTranslation } from '@loyalty/shared/i18n';
import { PASSWORD_MIN_LENGTH } from '@loyalty/shared/validation';
import { passwordChecklist } from './password-rules';

/** Live as the member types; each rule says in words (not only colour) whether it is met. */
export function PasswordChecklist({
  id,
  newPassword,
  oldPassword,
}: {
  id: string;
  newPassword: string;
  oldPassword: string;
}) {
  const { t } = useTranslation('profile');
  return (
    <List.Root id={id} gap="1" fontSize="sm" variant="plain" aria-label={accessibleText(t('password.rules_title'))}>
      {passwordChecklist(newPassword, oldPassword).map((rule) => (
        <List.Item key={rule.id} color={rule.met ? 'fg.success' : 'fg.muted'} data-met={rule.met}>
          <Box as="span" aria-hidden="true" marginEnd="1.5">
            {rule.met ? '✓' : '○'}
          </Box>
          <VisuallyHidden>{rule.met ? t('password.rule_met') : t('password.rule_unmet')}</VisuallyHidden>
          {t(`password.rule_${rule.id}`, { min: PASSWORD_MIN_LENGTH })}
        </List.Item>
      ))}
    </List.Root>
  );
}
