import { useState } from 'react';
import { Button, Field, Input, SimpleGrid, Stack, Text } from '@loyalty/shared/ui';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '@loyalty/shared/i18n';
import { register as registerMember, type RegisterRequest } from '@loyalty/shared/api';
import { formResolver, registerFormSchema } from '@loyalty/shared/validation';
import { paths } from '@loyalty/shared/routes';
import { AuthCard } from '../auth-form/auth-card';
import { NewPasswordFields } from '../auth-form/new-password-fields';
import { AuthLink } from '../auth-form/auth-link';
import { FieldError } from '../auth-form/field-error';
import { FormAlert } from '../auth-form/form-alert';
import { rememberFlow } from '../auth-form/flow-storage';
import { serverMessage, type ServerMessage } from '../auth-form/server-error';
import { useAuthNavigate } from '../auth-form/use-auth-navigate';
import { setPendingRegistration } from './pending-registration';

/**
 * Sign up (SPEC §2 /auth/register). The API answers with no token: the member is signed in only
 * once the e-mailed code is verified, so success moves on to the code screen with the address.
 */
export function RegisterPage() {
  const { t } = useTranslation(['auth', 'common']);
  const goTo = useAuthNavigate();
  const [failure, setFailure] = useState<ServerMessage | null>(null);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useForm<RegisterRequest>({
    resolver: formResolver(registerFormSchema),
    mode: 'onTouched',
    // The resolver stops a pipe at its first issue unless every criterion is asked for, and the
    // "must match" check sits after the object: without this it waits for every other field.
    criteriaMode: 'all',
    defaultValues: { firstname: '', lastname: '', email: '', password: '', password2: '' },
  });
  const password = useWatch({ control, name: 'password' });
  const errorText = (message: string | undefined) => (message ? t(`common:${message}`) : null);

  const onSubmit = handleSubmit(async (details) => {
    setFailure(null);
    try {
      const { email } = await registerMember(details);
      setPendingRegistration(details);
      rememberFlow('registerEmail', email);
      goTo(paths.auth.verifyOtp, { email, sent: true });
    } catch (error) {
      setFailure(serverMessage(error, 'register.errors.fallback'));
    }
  });

  return (
    <AuthCard title={t('register.title')} subtitle={t('register.subtitle')}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="5">
          {failure ? <FormAlert status="error" title={'text' in failure ? failure.text : t(failure.key)} /> : null}
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="5">
            <Field.Root invalid={!!errors.firstname} required>
              <Field.Label>{t('register.first_name')}</Field.Label>
              <Input autoComplete="given-name" {...register('firstname')} />
              <FieldError>{errorText(errors.firstname?.message)}</FieldError>
            </Field.Root>
            <Field.Root invalid={!!errors.lastname} required>
              <Field.Label>{t('register.last_name')}</Field.Label>
              <Input autoComplete="family-name" {...register('lastname')} />
              <FieldError>{errorText(errors.lastname?.message)}</FieldError>
            </Field.Root>
          </SimpleGrid>
          <Field.Root invalid={!!errors.email} required>
            <Field.Label>{t('register.email')}</Field.Label>
            <Input type="email" autoComplete="username" inputMode="email" {...register('email')} />
            <FieldError>{errorText(errors.email?.message)}</FieldError>
          </Field.Root>
          <NewPasswordFields
            labels={{ password: t('register.password'), confirmation: t('register.confirm_password') }}
            password={register('password')}
            confirmation={register('password2')}
            errors={{
              password: errorText(errors.password?.message),
              confirmation: errorText(errors.password2?.message),
            }}
            value={password}
          />
          <Button type="submit" loading={isSubmitting} loadingText={t('register.submitting')}>
            {t('register.submit')}
          </Button>
          <Text textAlign="center">
            {t('register.have_account')} <AuthLink to={paths.auth.login}>{t('register.sign_in')}</AuthLink>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
