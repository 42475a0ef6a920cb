import { useState } from 'react';
import {
  Button,
  Field,
  FieldError,
  FormAlert,
  Input,
  PageHeading,
  PasswordChecklist,
  Stack,
  Text,
} from '@loyalty/shared/ui';
import { CheckboxField } from '@loyalty/shared/ui/checkbox-field';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '@loyalty/shared/i18n';
import type { ChangePasswordRequest } from '@loyalty/shared/api';
import { ApiError } from '@loyalty/shared/http';
import { knownServerText, messageText, serverMessage } from '@loyalty/shared/api/messages';
import { sessionStore } from '@loyalty/shared/session';
import { notify } from '@loyalty/shared/ui';
import { PASSWORD_MIN_LENGTH, changePasswordFormSchema, formResolver } from '@loyalty/shared/validation';
import { passwordChecklist } from './password-rules';

// Signing out everywhere else is the safe default: a change is often made because a password leaked.
const EMPTY: ChangePasswordRequest = { oldPassword: '', newPassword: '', confirmPassword: '', signOutOthers: true };
const FIELDS = ['oldPassword', 'newPassword', 'confirmPassword'] as const;
/** The server's refusals of a change (mock API), by their exact text. */
const REFUSALS = {
  'Old password is incorrect': 'password.errors.old_incorrect',
  'The password was changed meanwhile. Please sign in again.': 'password.errors.changed_meanwhile',
  'New password must be different from old password': 'common:validation.new_password_different',
};

/**
 * `/dashboard/user/change-password`. A change ends this session's token, so the fresh one is used at
 * once; the other sessions end or stay as the member chose (decision 079), and the outcome says which.
 */
export function ChangePasswordPage() {
  const { t } = useTranslation('profile');
  const [formError, setFormError] = useState<string | null>(null);
  /** The success text of the last change, as the API said it went. */
  const [done, setDone] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    control,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordRequest>({ resolver: formResolver(changePasswordFormSchema), defaultValues: EMPTY });

  const onSubmit = async (values: ChangePasswordRequest) => {
    setFormError(null);
    setDone(null);
    try {
      const { otherSessionsEnded } = await sessionStore.getState().changePassword(values);
      const outcome = t(otherSessionsEnded ? 'password.success_ended' : 'password.success_kept');
      reset(EMPTY);
      setDone(outcome);
      notify(outcome);
    } catch (error) {
      if (error instanceof ApiError) {
        for (const field of FIELDS) {
          const text = error.fieldErrors?.[field];
          if (!text) continue;
          setError(
            field,
            { type: 'server', message: messageText(knownServerText(text, REFUSALS), t) },
            { shouldFocus: true },
          );
        }
      }
      setFormError(messageText(serverMessage(error, 'password.failure', REFUSALS), t));
    }
  };

  const [oldPassword, newPassword] = useWatch({ control, name: ['oldPassword', 'newPassword'] });
  const rules = passwordChecklist(newPassword, oldPassword).map((rule) => ({
    ...rule,
    label: t(`password.rule_${rule.id}`, { min: PASSWORD_MIN_LENGTH }),
  }));
  const labels = {
    oldPassword: t('password.old'),
    newPassword: t('password.new'),
    confirmPassword: t('password.confirm'),
  };
  const autoComplete = {
    oldPassword: 'current-password',
    newPassword: 'new-password',
    confirmPassword: 'new-password',
  };

  return (
    <Stack gap="6" maxWidth="xl">
      <PageHeading>{t('password.title')}</PageHeading>
      <Text color="fg.muted">{t('password.intro')}</Text>
      <FormAlert status="success" title={done} />
      <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
        <Stack gap="5">
          <FormAlert title={formError} />
          {FIELDS.map((field) => (
            <Field.Root key={field} required invalid={!!errors[field]}>
              <Field.Label>
                {labels[field]}
                <Field.RequiredIndicator />
              </Field.Label>
              <Input type="password" autoComplete={autoComplete[field]} {...register(field)} />
              <FieldError message={errors[field]?.message} />
              {field === 'newPassword' ? (
                <PasswordChecklist
                  title={t('password.rules_title')}
                  rules={rules}
                  metText={t('password.rule_met')}
                  unmetText={t('password.rule_unmet')}
                />
              ) : null}
            </Field.Root>
          ))}
          <CheckboxField
            label={t('password.sign_out_others')}
            help={t('password.sign_out_others_help')}
            {...register('signOutOthers')}
          />
          <Button type="submit" alignSelf="flex-start" loading={isSubmitting} loadingText={t('password.saving')}>
            {t('password.submit')}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
