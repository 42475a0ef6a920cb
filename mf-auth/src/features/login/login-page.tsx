import { useState } from 'react';
import { Alert, Button, Card, Field, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useForm } from 'react-hook-form';
import { formResolver } from '@loyalty/shared/validation';
import { useTranslation } from 'react-i18next';
import { sessionStore } from '@loyalty/shared/session';
import { LoginFormSchema, type LoginForm } from './login-schema';
import { loginErrorKey, type LoginErrorKey } from './login-error';

/**
 * Sign in. On success the shared session store changes and the shell's guard takes the member to
 * the dashboard (or to a safe `returnTo`); this page does not navigate itself.
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
    <Card.Root>
      <Card.Body>
        <form onSubmit={(event) => void onSubmit(event)} noValidate>
          <Stack gap="5">
            <Stack gap="1">
              <Heading as="h1" size="xl">
                {t('login.title')}
              </Heading>
              <Text color="fg.muted">{t('login.subtitle')}</Text>
            </Stack>
            {serverError ? (
              <Alert.Root status="error" role="alert">
                <Alert.Indicator />
                <Alert.Title>{t(serverError)}</Alert.Title>
              </Alert.Root>
            ) : null}
            <Field.Root invalid={!!errors.email} required>
              <Field.Label>{t('login.email')}</Field.Label>
              <Input type="email" autoComplete="username" inputMode="email" {...register('email')} />
              <Field.ErrorText>{errors.email?.message ? t(`common:${errors.email.message}`) : null}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={!!errors.password} required>
              <Field.Label>{t('login.password')}</Field.Label>
              <Input type="password" autoComplete="current-password" {...register('password')} />
              <Field.ErrorText>
                {errors.password?.message ? t(`common:${errors.password.message}`) : null}
              </Field.ErrorText>
            </Field.Root>
            <Button type="submit" loading={isSubmitting} loadingText={t('login.submitting')}>
              {t('login.submit')}
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
