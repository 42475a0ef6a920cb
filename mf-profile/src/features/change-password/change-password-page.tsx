import { useState } from 'react';
import { ActionOutcome, Button, Field, Input, PageHeading, Stack, Text } from '@loyalty/shared/ui';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '@loyalty/shared/i18n';
import type { ChangePasswordRequest } from '@loyalty/shared/api';
import { ApiError } from '@loyalty/shared/http';
import { knownServerText, messageText, serverMessage } from '@loyalty/shared/api/messages';
import { sessionStore } from '@loyalty/shared/session';
import { notify } from '@loyalty/shared/ui';
import { changePasswordFormSchema, formResolver } from '@loyalty/shared/validation';
import { FormAlert } from '../../components/form/form-alert';
import { fieldErrorText } from '../../components/form/form-error-message';
import { PasswordChecklist } from './password-checklist';

const EMPTY: ChangePasswordRequest = { oldPassword: '', newPassword: '', confirmPassword: '' };
const FIELDS = ['oldPassword', 'newPassword', 'confirmPassword'] as const;
/** The server's refusals of a change (mock API), by their exact text. */
const REFUSALS = {
  'Old password is incorrect': 'password.errors.old_incorrect',
  'The password was changed meanwhile. Please sign in again.': 'password.errors.changed_meanwhile',
  'New password must be different from old password': 'common:validation.new_password_different',
};

/** `/dashboard/user/change-password`. A change ends older sessions, so the fresh token is used at once. */
export function ChangePasswordPage() {
  const { t } = useTranslation('profile');
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
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
    setDone(false);
    try {
      await sessionStore.getState().changePassword(values);
      reset(EMPTY);
      setDone(true);
      notify(t('password.success'));
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
  const errorText = (message: string | undefined) => fieldErrorText(t, message);
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
      {done ? <ActionOutcome status="success" title={t('password.success')} /> : null}
      <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
        <Stack gap="5">
          <FormAlert message={formError} />
          {FIELDS.map((field) => (
            <Field.Root key={field} required invalid={!!errors[field]}>
              <Field.Label>
                {labels[field]}
                <Field.RequiredIndicator />
              </Field.Label>
              <Input type="password" autoComplete={autoComplete[field]} {...register(field)} />
              <Field.ErrorText>{errorText(errors[field]?.message)}</Field.ErrorText>
              {field === 'newPassword' ? (
                <PasswordChecklist id="new-password-rules" newPassword={newPassword} oldPassword={oldPassword} />
              ) : null}
            </Field.Root>
          ))}
          <Button type="submit" alignSelf="flex-start" loading={isSubmitting} loadingText={t('password.saving')}>
            {t('password.submit')}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
