import { useState } from 'react';
import { Button, FormAlert, Stack } from '@loyalty/shared/ui';
import { CheckboxField } from '@loyalty/shared/ui/checkbox-field';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '@loyalty/shared/i18n';
import { Navigate, useLocation, paths } from '@loyalty/shared/router';
import { setPassword } from '@loyalty/shared/api';
import { checkWhenTyped, formResolver, newPasswordFormSchema, type v } from '@loyalty/shared/validation';
import { messageText, serverMessage, type ServerMessage } from '@loyalty/shared/api/messages';
import { AuthCard } from '../../components/auth-form/auth-card';
import { AuthForm } from '../../components/auth-form/auth-form';
import { NewPasswordFields } from '../../components/auth-form/new-password-fields';
import { NEW_PASSWORD_FORM_OPTIONS } from '../../components/auth-form/new-password-form';
import { AuthLink } from '../../components/auth-form/auth-link';
import { flowValue, forgetFlow } from '../../components/auth-form/flow-storage';
import { useAuthNavigate } from '../../components/auth-form/use-auth-navigate';

type NewPasswordForm = v.InferInput<typeof newPasswordFormSchema>;

/** The server's refusals of a new password (mock API), by their exact text. */
const NEW_PASSWORD_REFUSALS = {
  'This reset link is invalid or has expired. Please request a new code.': 'new_password.errors.link_invalid',
  'New password must be different from old password': 'common:validation.new_password_different',
};

/**
 * The new password of the reset journey. The reset token from the code step authorises it; the
 * API checks the rest (a used or expired token, a password it refuses) and its text is shown. The
 * member chooses whether every session of the account ends (decision 079); the success screen says
 * which happened.
 */
export function NewPasswordPage() {
  const { t } = useTranslation(['auth', 'common']);
  const location = useLocation();
  const goTo = useAuthNavigate();
  // Read once: the journey's storage is cleared on success, which must not bounce this screen.
  const [resetToken] = useState(() => flowValue(location.state, 'resetToken', 'resetToken'));
  const [failure, setFailure] = useState<ServerMessage | null>(null);
  const form = useForm<NewPasswordForm>({
    resolver: formResolver(newPasswordFormSchema),
    ...NEW_PASSWORD_FORM_OPTIONS,
    // Ending every session is the default: a reset is often made because someone else got in.
    defaultValues: { password: '', confirmPassword: '', signOutOthers: true },
  });
  const {
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = form;
  const register = checkWhenTyped(form);
  const password = useWatch({ control, name: 'password' });

  if (!resetToken) return <Navigate to={{ pathname: paths.auth.forgotPassword, search: location.search }} replace />;

  const onSubmit = handleSubmit(async (form) => {
    setFailure(null);
    try {
      const { otherSessionsEnded } = await setPassword({ resetToken, ...form });
      forgetFlow('resetToken', 'resetEmail');
      goTo(paths.auth.successPassword, { reset: true, sessionsEnded: otherSessionsEnded });
    } catch (error) {
      setFailure(serverMessage(error, 'forgot.errors.fallback', NEW_PASSWORD_REFUSALS));
    }
  });

  return (
    <AuthCard title={t('new_password.title')} subtitle={t('new_password.subtitle')}>
      <AuthForm onSubmit={onSubmit}>
        <FormAlert title={failure && messageText(failure, t)}>
          <AuthLink to={paths.auth.forgotPassword}>{t('new_password.request_again')}</AuthLink>
        </FormAlert>
        <NewPasswordFields
          labels={{ password: t('new_password.password'), confirmation: t('new_password.confirm_password') }}
          password={register('password')}
          confirmation={register('confirmPassword')}
          errors={{ password: errors.password?.message, confirmation: errors.confirmPassword?.message }}
          value={password}
        />
        <CheckboxField
          label={t('new_password.sign_out_others')}
          help={t('new_password.sign_out_others_help')}
          {...register('signOutOthers')}
        />
        <Button type="submit" loading={isSubmitting} loadingText={t('new_password.submitting')}>
          {t('new_password.submit')}
        </Button>
        <Stack align="center">
          <AuthLink to={paths.auth.login}>{t('common_links.back_to_sign_in')}</AuthLink>
        </Stack>
      </AuthForm>
    </AuthCard>
  );
}
