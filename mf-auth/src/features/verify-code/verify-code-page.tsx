import { useState } from 'react';
import { Button, Field, FieldError, FormAlert, HStack, Input, Stack, Text } from '@loyalty/shared/ui';
import { useForm } from 'react-hook-form';
import { isolate, useTranslation } from '@loyalty/shared/i18n';
import { Navigate, useLocation, paths } from '@loyalty/shared/router';
import { forgotPassword, register as registerMember, verifyOtp, type OtpPurpose } from '@loyalty/shared/api';
import { MEMBER_FORM_MODE, OTP_LENGTH, checkWhenTyped, formResolver } from '@loyalty/shared/validation';
import { sessionStore } from '@loyalty/shared/session';
import { ApiError, toldElsewhere } from '@loyalty/shared/http';
import { messageText, limitMessage, serverMessage, type ServerMessage } from '@loyalty/shared/api/messages';
import { AuthCard } from '../../components/auth-form/auth-card';
import { AuthForm } from '../../components/auth-form/auth-form';
import { AuthLink } from '../../components/auth-form/auth-link';
import { KeepSignedInChoice } from '../../components/auth-form/keep-signed-in-choice';
import { flowValue, forgetFlow, rememberFlow } from '../../components/auth-form/flow-storage';
import { useAuthNavigate } from '../../components/auth-form/use-auth-navigate';
import { pendingRegistration, setPendingRegistration } from '../../components/auth-form/pending-registration';
import { CodeFormSchema, type CodeForm } from './code-form-schema';
import { useCooldown } from './use-cooldown';
import { secondsUntilResend } from '../../components/auth-form/code-sent-state';

type ResendOutcome = { sent: true } | { failed: ServerMessage } | null;

/** Where each journey starts, for a code screen reached without an address. */
const START_OF: Record<OtpPurpose, string> = {
  register: paths.auth.register,
  reset: paths.auth.forgotPassword,
};

/**
 * The code step of both journeys: `/auth/verify-otp` after registering (a good code signs the
 * member in; the shell's guard then opens the dashboard) and `/auth/verify-password` after
 * "forgot password" (a good code is exchanged for a reset token, then the new-password screen).
 */
export function VerifyCodePage({ purpose }: { purpose: OtpPurpose }) {
  const { t } = useTranslation(['auth', 'common']);
  const location = useLocation();
  const goTo = useAuthNavigate();
  // Read once: the journey's storage is cleared on success, which must not bounce this screen.
  const [email] = useState(() =>
    flowValue(location.state, 'email', purpose === 'register' ? 'registerEmail' : 'resetEmail'),
  );
  const justSent = typeof location.state === 'object' && location.state !== null && 'sent' in location.state;
  // The server's cool-down from the answer that sent the code, kept as an instant so that a reload
  // (which keeps router state) shows what is left of it. Without one, a resend asked too soon is
  // answered 429 with the wait, which starts it then.
  const [initialWait] = useState(() => (justSent ? secondsUntilResend(location.state) : 0));
  const cooldown = useCooldown(initialWait);
  const [resending, setResending] = useState(false);
  const [resendOutcome, setResendOutcome] = useState<ResendOutcome>(null);
  const [checkFailure, setCheckFailure] = useState<ServerMessage | null>(null);
  const form = useForm<CodeForm>({
    resolver: formResolver(CodeFormSchema),
    ...MEMBER_FORM_MODE,
    // Not kept unless the member says so: a shared device must keep no one (decision 080).
    defaultValues: { otp: '', keepSignedIn: false },
  });
  const {
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  const register = checkWhenTyped(form);

  if (!email) return <Navigate to={{ pathname: START_OF[purpose], search: location.search }} replace />;

  const onSubmit = handleSubmit(async ({ otp, keepSignedIn }) => {
    setCheckFailure(null);
    try {
      if (purpose === 'register') {
        await sessionStore.getState().verifyRegistrationCode({ email, otp: otp.trim(), keepSignedIn });
        forgetFlow('registerEmail');
        setPendingRegistration(null);
      } else {
        const { resetToken } = await verifyOtp({ email, otp: otp.trim(), purpose });
        rememberFlow('resetToken', resetToken);
        goTo(paths.auth.newPassword, { resetToken });
      }
    } catch (error) {
      // A file of the page's build that did not load: the shell's notice tells of it, the code stays.
      if (toldElsewhere(error)) return;
      // A limit (too many checks, or the address's codes suspended) says when to come back, and the
      // code typed stays; docs/product/api.md: any other failure of the code step reads 'Invalid OTP'.
      const limit = limitMessage(error);
      if (limit) setCheckFailure(limit);
      else setError('otp', { message: 'validation.otp_invalid' }, { shouldFocus: true });
    }
  });

  const registration = purpose === 'register' ? pendingRegistration(email) : null;
  const resendFailure = resendOutcome && 'failed' in resendOutcome ? resendOutcome.failed : null;
  const canResend = purpose === 'reset' || registration !== null;

  const resend = async () => {
    setResending(true);
    setResendOutcome(null);
    try {
      // Registering an unverified address again sends a fresh code; a reset asks again.
      const { resendAfter } = registration ? await registerMember(registration) : await forgotPassword({ email });
      setResendOutcome({ sent: true });
      cooldown.start(resendAfter);
    } catch (error) {
      setResendOutcome({ failed: serverMessage(error, 'verify.errors.resend_failed') });
      if (error instanceof ApiError && error.status === 429) cooldown.start(error.retryAfterSeconds ?? 0);
    } finally {
      setResending(false);
    }
  };

  return (
    <AuthCard
      title={t(`verify.${purpose}.title`)}
      // Isolated, the address keeps its dots and @ in order inside Arabic text.
      subtitle={t('verify.subtitle', { email: isolate(email), length: OTP_LENGTH })}
    >
      {/* The outcome of the previous page's submit ("Send request", "Create account"): it takes the
          focus, which that page's button took with it when it went. */}
      {justSent && !resendOutcome ? (
        purpose === 'reset' ? (
          <FormAlert status="success" title={t('forgot.sent')}>
            {t('forgot.check_email')}
          </FormAlert>
        ) : (
          <FormAlert status="success" title={t('forgot.check_email')} />
        )
      ) : null}
      <FormAlert status="success" title={resendOutcome && 'sent' in resendOutcome ? t('verify.resent') : null} />
      <FormAlert title={resendFailure && messageText(resendFailure, t)} />
      <AuthForm onSubmit={onSubmit}>
        <FormAlert title={checkFailure && messageText(checkFailure, t)} />
        <Field.Root invalid={!!errors.otp} required>
          <Field.Label>{t('verify.code')}</Field.Label>
          <Input
            inputMode="numeric"
            autoComplete="one-time-code"
            fontSize="xl"
            letterSpacing="0.5em"
            fontVariantNumeric="tabular-nums"
            {...register('otp')}
          />
          <Field.HelperText>{t('verify.code_help', { length: OTP_LENGTH })}</Field.HelperText>
          <FieldError message={errors.otp?.message} />
        </Field.Root>
        {/* A sign-up's right code signs the member in: the same choice as the sign-in page's. */}
        {purpose === 'register' ? <KeepSignedInChoice field={register('keepSignedIn')} /> : null}
        <Button type="submit" loading={isSubmitting} loadingText={t('verify.submitting')}>
          {t('verify.submit')}
        </Button>
      </AuthForm>
      <Stack gap="3" align="center">
        {canResend ? (
          <Button
            variant="outline"
            width="full"
            onClick={() => void resend()}
            loading={resending}
            disabled={cooldown.remaining > 0}
          >
            {cooldown.remaining > 0 ? t('verify.resend_in', { seconds: cooldown.remaining }) : t('verify.resend')}
          </Button>
        ) : (
          <Text textAlign="center">
            {t('verify.expired_details')} <AuthLink to={paths.auth.register}>{t('verify.register_again')}</AuthLink>
          </Text>
        )}
        <HStack gap="4" wrap="wrap" justify="center">
          <AuthLink to={START_OF[purpose]}>{t('verify.change_email')}</AuthLink>
          <AuthLink to={paths.auth.login}>{t('common_links.back_to_sign_in')}</AuthLink>
        </HStack>
      </Stack>
    </AuthCard>
  );
}
