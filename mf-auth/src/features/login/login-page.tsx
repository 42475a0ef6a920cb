import { useCallback, useEffect, useRef, useState } from 'react';
import { Box, Button, Field, FieldError, FormAlert, Text } from '@loyalty/shared/ui';
import { useForm, useWatch } from 'react-hook-form';
import { MEMBER_FORM_MODE, checkWhenTyped, formResolver } from '@loyalty/shared/validation';
import { useTranslation } from '@loyalty/shared/i18n';
import { sessionStore } from '@loyalty/shared/session';
import { paths, useLocation } from '@loyalty/shared/router';
import { AuthCard } from '../../components/auth-form/auth-card';
import { AuthForm } from '../../components/auth-form/auth-form';
import { AuthLink } from '../../components/auth-form/auth-link';
import { EmailField } from '../../components/auth-form/email-field';
import { PasswordInput } from '../../components/auth-form/password-input';
import { KeepSignedInChoice } from '../../components/auth-form/keep-signed-in-choice';
import { stateValue } from '../../components/auth-form/flow-storage';
import { ApiError, toldElsewhere } from '@loyalty/shared/http';
import { messageText, limitMessage, type ServerMessage } from '@loyalty/shared/api/messages';
import { LoginFormSchema, type LoginForm } from './login-schema';
import { loginErrorKey } from './login-error';
import { WhyJoin } from './why-join';
import { passkeyErrorMessage, signInWithPasskey, startPasskeyAutofill, type PasskeyAutofill } from './passkey-sign-in';

/**
 * Offers the member's passkeys in the e-mail field's suggestions where the browser can (conditional
 * mediation), from the moment the member first goes to that field: the library and the request
 * come when a member is there to sign in, never with the page (whose first JavaScript stays within
 * its budget). `pause` ends the request (before the dialog asks) and gives a way to offer it again.
 */
function usePasskeyAutofill(onError: (error: unknown) => void, keepSignedIn: () => boolean) {
  const autofill = useRef<PasskeyAutofill | null>(null);
  const offer = useCallback(() => {
    if (!autofill.current || autofill.current.ended) autofill.current = startPasskeyAutofill(onError, keepSignedIn);
    // The page's own setter: stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => () => void autofill.current?.stop(), []);
  return {
    offer,
    pause: async () => {
      await autofill.current?.stop();
      autofill.current = null;
      return offer;
    },
  };
}

/**
 * Sign in. On success the shared session store changes and the shell's guard takes the member to
 * the dashboard (or to a safe `returnTo`); this page does not navigate itself. Nothing is
 * remembered here beyond the session the store keeps (docs/product/accounts.md session storage entries).
 */
export function LoginPage() {
  const { t } = useTranslation(['auth', 'common']);
  const [serverError, setServerError] = useState<ServerMessage | null>(null);
  // When a locked account opens again by itself (the 423's `Retry-After`), in seconds.
  const [unlocksIn, setUnlocksIn] = useState<number | undefined>(undefined);
  const errorKey = serverError && 'key' in serverError ? serverError.key : null;
  const location = useLocation();
  const form = useForm<LoginForm>({
    resolver: formResolver(LoginFormSchema),
    ...MEMBER_FORM_MODE,
    // Back from the reset page with its link, the address typed there or here comes back with them.
    // Not kept unless the member says so: a shared device must keep no one (decision 080).
    defaultValues: { email: stateValue(location.state, 'email') ?? '', password: '', keepSignedIn: false },
  });
  const {
    handleSubmit,
    getValues,
    control,
    formState: { errors, isSubmitting },
  } = form;
  const register = checkWhenTyped(form);
  // What the member typed goes with them to the reset page, so they need not type it again.
  const email = useWatch({ control, name: 'email' });
  const [passkeyPending, setPasskeyPending] = useState(false);
  // A file of the page's build that did not load (a release took it away): the shell's notice
  // says a new version is being fetched, and what was typed stays for after the reload.
  const passkeyFailed = (error: unknown) => toldElsewhere(error) || setServerError(passkeyErrorMessage(error));
  const keepSignedIn = () => getValues('keepSignedIn') === true;
  const autofill = usePasskeyAutofill(passkeyFailed, keepSignedIn);

  const onPasskey = async () => {
    setServerError(null);
    setUnlocksIn(undefined);
    setPasskeyPending(true);
    const offerAgain = await autofill.pause();
    try {
      await signInWithPasskey(keepSignedIn);
    } catch (error) {
      passkeyFailed(error);
      offerAgain();
    } finally {
      setPasskeyPending(false);
    }
  };

  const onSubmit = handleSubmit(async (credentials) => {
    setServerError(null);
    setUnlocksIn(undefined);
    try {
      await sessionStore.getState().login(credentials);
    } catch (error) {
      // A file of the page's build that did not load: the shell's notice speaks (passkeyFailed).
      if (toldElsewhere(error)) return;
      // A limit says when to try again (what was typed stays); else an outcome of
      // docs/product/accounts.md, "Sign-in and lockout".
      setServerError(limitMessage(error) ?? { key: loginErrorKey(error) });
      if (error instanceof ApiError && loginErrorKey(error) === 'login.errors.locked') {
        setUnlocksIn(error.retryAfterSeconds);
      }
    }
  });

  return (
    <>
      <AuthCard title={t('login.title')} subtitle={t('login.subtitle')}>
        <AuthForm onSubmit={onSubmit}>
          <FormAlert title={serverError && messageText(serverError, t)}>
            {errorKey === 'login.errors.locked' ? (
              <>
                <AuthLink to={paths.auth.forgotPassword}>{t('login.reset_to_unlock')}</AuthLink>
                {unlocksIn !== undefined ? (
                  <Text>{t('login.try_again_when_unlocked', { seconds: unlocksIn })}</Text>
                ) : null}
              </>
            ) : errorKey === 'login.errors.unverified' ? (
              <AuthLink to={paths.auth.verifyOtp} state={{ email: getValues('email') }}>
                {t('login.enter_code')}
              </AuthLink>
            ) : null}
          </FormAlert>
          <EmailField
            onFocus={autofill.offer}
            label={t('login.email')}
            registration={register('email')}
            error={errors.email?.message}
            autoComplete="username webauthn"
          />
          <Field.Root invalid={!!errors.password} required>
            <Field.Label>{t('login.password')}</Field.Label>
            <PasswordInput autoComplete="current-password" {...register('password')} />
            <FieldError message={errors.password?.message} />
          </Field.Root>
          {/* After the password, where it is read: the Tab from the e-mail goes to the password,
            and Enter in it signs in (docs/product/accessibility.md, "Keyboard"). */}
          <Box alignSelf="flex-end" marginTop="-3">
            <AuthLink to={paths.auth.forgotPassword} state={{ email }}>
              {t('login.forgot_password')}
            </AuthLink>
          </Box>
          <KeepSignedInChoice field={register('keepSignedIn')} />
          <Button type="submit" loading={isSubmitting} loadingText={t('login.submitting')}>
            {t('login.submit')}
          </Button>
          {/* Beside the password form, not in it: Enter in the form still signs in with the password. */}
          <Button
            type="button"
            variant="outline"
            onClick={() => void onPasskey()}
            loading={passkeyPending}
            loadingText={t('login.passkey_waiting')}
          >
            {t('login.passkey')}
          </Button>
          <Text textAlign="center">
            {t('login.no_account')} <AuthLink to={paths.auth.register}>{t('login.create_account')}</AuthLink>
          </Text>
        </AuthForm>
      </AuthCard>
      <WhyJoin />
    </>
  );
}
