import { useState } from 'react';
import { Button, Field, HStack, Input, Stack, Text } from '@loyalty/shared/ui';
import { useForm } from 'react-hook-form';
import { formResolver } from '@loyalty/shared/validation';
import { useTranslation } from '@loyalty/shared/i18n';
import { sessionStore } from '@loyalty/shared/session';
import { paths } from '@loyalty/shared/routes';
import { AuthCard } from '../auth-form/auth-card';
import { AuthLink } from '../auth-form/auth-link';
import { FieldError } from '../auth-form/field-error';
import { FormAlert } from '../auth-form/form-alert';
import { PasswordInput } from '../auth-form/password-input';
import { LoginFormSchema, type LoginForm } from './login-schema';
import { loginErrorKey, type LoginErrorKey } from './login-error';

/**
 * Sign in. On success the shared session store changes and the shell's guard takes the member to
 * the dashboard (or to a safe `returnTo`); this page does not navigate itself. Nothing is
 * remembered here beyond the session the store keeps (SPEC §3 session storage entries).
 */
export function LoginPage() {
  const { t } = useTranslation(['auth', 'common']);
  const [serverError, setServerError] = useState<LoginErrorKey | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginForm>({ resolver: formResolver(LoginFormSchema), mode: 'onTouched' });

  const onSubmit = handleSubmit(async (credentials) => {
    setServerError(null);
    try {
      await sessionStore.getState().login(credentials);
    } catch (error) {
      setServerError(loginErrorKey(error));
    }
  });

  return (
    <AuthCard title={t('login.title')} subtitle={t('login.subtitle')}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="5">
          {serverError ? (
            <FormAlert status="error" title={t(serverError)}>
              {serverError === 'login.errors.locked' ? (
                <AuthLink to={paths.auth.forgotPassword}>{t('login.reset_to_unlock')}</AuthLink>
              ) : null}
            </FormAlert>
          ) : null}
          <Field.Root invalid={!!errors.email} required>
            <Field.Label>{t('login.email')}</Field.Label>
            <Input type="email" autoComplete="username" inputMode="email" {...register('email')} />
            <FieldError>{errors.email?.message ? t(`common:${errors.email.message}`) : null}</FieldError>
          </Field.Root>
          <Field.Root invalid={!!errors.password} required>
            <HStack justify="space-between" width="full" wrap="wrap">
              <Field.Label>{t('login.password')}</Field.Label>
              <AuthLink to={paths.auth.forgotPassword}>{t('login.forgot_password')}</AuthLink>
            </HStack>
            <PasswordInput autoComplete="current-password" {...register('password')} />
            <FieldError>{errors.password?.message ? t(`common:${errors.password.message}`) : null}</FieldError>
          </Field.Root>
          <Button type="submit" loading={isSubmitting} loadingText={t('login.submitting')}>
            {t('login.submit')}
          </Button>
          <Text textAlign="center">
            {t('login.no_account')} <AuthLink to={paths.auth.register}>{t('login.create_account')}</AuthLink>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
