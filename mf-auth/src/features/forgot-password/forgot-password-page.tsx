import { useState } from 'react';
import { Button, FormAlert, Stack } from '@loyalty/shared/ui';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '@loyalty/shared/i18n';
import { forgotPassword } from '@loyalty/shared/api';
import { MEMBER_FORM_MODE, checkWhenTyped, emailSchema, formResolver, v } from '@loyalty/shared/validation';
import { paths, useLocation } from '@loyalty/shared/router';
import { messageText, serverMessage, type ServerMessage } from '@loyalty/shared/api/messages';
import { AuthCard } from '../../components/auth-form/auth-card';
import { AuthForm } from '../../components/auth-form/auth-form';
import { AuthLink } from '../../components/auth-form/auth-link';
import { EmailField } from '../../components/auth-form/email-field';
import { forgetFlow, rememberFlow, stateValue } from '../../components/auth-form/flow-storage';
import { useAuthNavigate } from '../../components/auth-form/use-auth-navigate';
import { codeSentState } from '../../components/auth-form/code-sent-state';

const ForgotPasswordFormSchema = v.object({ email: emailSchema });
type ForgotPasswordForm = v.InferInput<typeof ForgotPasswordFormSchema>;

/**
 * Forgot password: the API answers the same for every address (so the form cannot tell who is a
 * member) and e-mails a code to a known one; the code screen comes next.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation(['auth', 'common']);
  const goTo = useAuthNavigate();
  const [failure, setFailure] = useState<ServerMessage | null>(null);
  const location = useLocation();
  const form = useForm<ForgotPasswordForm>({
    resolver: formResolver(ForgotPasswordFormSchema),
    ...MEMBER_FORM_MODE,
    // The address the member typed on the sign-in page, when they came from there (not an earlier
    // reset's, which the code screen keeps for a reload).
    defaultValues: { email: stateValue(location.state, 'email') ?? '' },
  });
  const {
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = form;
  const register = checkWhenTyped(form);
  // The address goes back to the sign-in page too, so a member who remembers the password need
  // not type it again.
  const email = useWatch({ control, name: 'email' });

  const onSubmit = handleSubmit(async ({ email }) => {
    setFailure(null);
    try {
      const { resendAfter } = await forgotPassword({ email });
      forgetFlow('resetToken');
      rememberFlow('resetEmail', email);
      goTo(paths.auth.verifyPassword, codeSentState(email, resendAfter));
    } catch (error) {
      setFailure(serverMessage(error, 'forgot.errors.fallback'));
    }
  });

  return (
    <AuthCard title={t('forgot.title')} subtitle={t('forgot.subtitle')}>
      <AuthForm onSubmit={onSubmit}>
        <FormAlert title={failure && messageText(failure, t)} />
        <EmailField label={t('forgot.email')} registration={register('email')} error={errors.email?.message} />
        <Button type="submit" loading={isSubmitting} loadingText={t('forgot.submitting')}>
          {t('forgot.submit')}
        </Button>
        <Stack align="center">
          <AuthLink to={paths.auth.login} state={{ email }}>
            {t('common_links.back_to_sign_in')}
          </AuthLink>
        </Stack>
      </AuthForm>
    </AuthCard>
  );
}
