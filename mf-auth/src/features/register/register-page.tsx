import { useState } from 'react';
import { Button, Field, FieldError, FormAlert, Input, SimpleGrid, Text } from '@loyalty/shared/ui';
import { useForm, useWatch } from 'react-hook-form';
import { toLanguageCode, useTranslation } from '@loyalty/shared/i18n';
import { register as registerMember, type RegisterRequest } from '@loyalty/shared/api';
import { checkWhenTyped, formResolver, registerFormSchema } from '@loyalty/shared/validation';
import { paths } from '@loyalty/shared/router';
import { messageText, serverMessage, type ServerMessage } from '@loyalty/shared/api/messages';
import { AuthCard } from '../../components/auth-form/auth-card';
import { AuthForm } from '../../components/auth-form/auth-form';
import { NewPasswordFields } from '../../components/auth-form/new-password-fields';
import { NEW_PASSWORD_FORM_OPTIONS } from '../../components/auth-form/new-password-form';
import { AuthLink } from '../../components/auth-form/auth-link';
import { EmailField } from '../../components/auth-form/email-field';
import { rememberFlow } from '../../components/auth-form/flow-storage';
import { useAuthNavigate } from '../../components/auth-form/use-auth-navigate';
import { setPendingRegistration } from '../../components/auth-form/pending-registration';
import { codeSentState } from '../../components/auth-form/code-sent-state';

/**
 * Sign up (docs/product/frame.md /auth/register). The API answers with no token: the member is signed in only
 * once the e-mailed code is verified, so success moves on to the code screen with the address.
 */
export function RegisterPage() {
  const { t, i18n } = useTranslation(['auth', 'common']);
  const goTo = useAuthNavigate();
  const [failure, setFailure] = useState<ServerMessage | null>(null);
  const form = useForm<RegisterRequest>({
    resolver: formResolver(registerFormSchema),
    ...NEW_PASSWORD_FORM_OPTIONS,
    defaultValues: { firstname: '', lastname: '', email: '', password: '', password2: '' },
  });
  const {
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = form;
  const register = checkWhenTyped(form);
  const password = useWatch({ control, name: 'password' });

  const onSubmit = handleSubmit(async (details) => {
    setFailure(null);
    try {
      // The account, and the code's e-mail, start in the language of the page.
      const { email, resendAfter } = await registerMember({ ...details, language: toLanguageCode(i18n.language) });
      setPendingRegistration(details);
      rememberFlow('registerEmail', email);
      goTo(paths.auth.verifyOtp, codeSentState(email, resendAfter));
    } catch (error) {
      // An address that already has an account is answered as a new one (its owner is told by
      // e-mail), so a refusal here is a rule broken, a limit reached or a lost connection.
      setFailure(serverMessage(error, 'register.errors.fallback'));
    }
  });

  return (
    <AuthCard title={t('register.title')} subtitle={t('register.subtitle')}>
      <AuthForm onSubmit={onSubmit}>
        <FormAlert title={failure && messageText(failure, t)} />
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="5">
          <Field.Root invalid={!!errors.firstname} required>
            <Field.Label>{t('register.first_name')}</Field.Label>
            <Input autoComplete="given-name" {...register('firstname')} />
            <FieldError message={errors.firstname?.message} />
          </Field.Root>
          <Field.Root invalid={!!errors.lastname} required>
            <Field.Label>{t('register.last_name')}</Field.Label>
            <Input autoComplete="family-name" {...register('lastname')} />
            <FieldError message={errors.lastname?.message} />
          </Field.Root>
        </SimpleGrid>
        <EmailField label={t('register.email')} registration={register('email')} error={errors.email?.message} />
        <NewPasswordFields
          labels={{ password: t('register.password'), confirmation: t('register.confirm_password') }}
          password={register('password')}
          confirmation={register('password2')}
          errors={{ password: errors.password?.message, confirmation: errors.password2?.message }}
          value={password}
        />
        <Button type="submit" loading={isSubmitting} loadingText={t('register.submitting')}>
          {t('register.submit')}
        </Button>
        <Text textAlign="center">
          {t('register.have_account')} <AuthLink to={paths.auth.login}>{t('register.sign_in')}</AuthLink>
        </Text>
      </AuthForm>
    </AuthCard>
  );
}
