import { useState } from 'react';
import { Button, Field, FieldError, FormAlert, Input, NativeSelect, SimpleGrid, Stack } from '@loyalty/shared/ui';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '@loyalty/shared/i18n';
import { updateProfile, type Country, type User } from '@loyalty/shared/api';
import { getRuntimeConfig } from '@loyalty/shared/config';
import { ApiError } from '@loyalty/shared/http';
import { TOLD_ELSEWHERE, messageText, serverMessage } from '@loyalty/shared/api/messages';
import { LANGUAGES, i18n, toLanguageCode } from '@loyalty/shared/i18n';
import { sessionStore } from '@loyalty/shared/session';
import { notify } from '@loyalty/shared/ui';
import { formResolver } from '@loyalty/shared/validation';
import { countryOptions } from '../../components/geo/country-options';
import { RegionFields } from './region-fields';
import {
  initialProfileForm,
  profileFormSchema,
  toUpdateProfileRequest,
  type ProfileFormInput,
  type ProfileFormOutput,
} from './profile-form';

// The server names fields by their payload path; the form splits the phone differently.
const SERVER_FIELD: Record<string, keyof ProfileFormInput> = {
  firstname: 'firstname',
  lastname: 'lastname',
  email: 'email',
  country: 'country',
  preferred_language: 'preferred_language',
  'phoneNumber.code': 'phoneCountry',
  'phoneNumber.phoneCode': 'phoneCountry',
  'phoneNumber.number': 'phoneNumber',
};

export function EditProfileForm({ user, countries }: { user: User; countries: Country[] }) {
  const { t, i18n: translation } = useTranslation('profile');
  const language = toLanguageCode(translation.language);
  const options = countryOptions(countries, language);
  const [formError, setFormError] = useState<string | null>(null);

  const {
    register,
    handleSubmit,
    control,
    setValue,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ProfileFormInput, unknown, ProfileFormOutput>({
    resolver: formResolver(profileFormSchema),
    defaultValues: initialProfileForm(user, countries, getRuntimeConfig().DEFAULT_COUNTRY),
  });

  const onSubmit = async (values: ProfileFormOutput) => {
    setFormError(null);
    try {
      const { data } = await updateProfile(toUpdateProfileRequest(values, user, countries));
      sessionStore.getState().updateUser(data);
      reset(values);
      notify(t('edit.success'));
      // The shell leaves this page's language alone (docs/product/frame.md): the saved preference applies now.
      if (data.PreferredLanguage !== toLanguageCode(i18n.language)) void i18n.changeLanguage(data.PreferredLanguage);
    } catch (error) {
      // What the member typed stays in the form; only the messages change.
      if (error instanceof ApiError) {
        for (const [path, message] of Object.entries(error.fieldErrors ?? {})) {
          const field = SERVER_FIELD[path];
          if (field) setError(field, { type: 'server', message });
        }
      }
      // The server's failure text is docs/product/api.md's, which this page has in every language.
      const message = serverMessage(error, 'edit.failure', { 'Failed to update member Profile.': 'edit.failure' });
      setFormError(messageText(message, t));
      // Told elsewhere (the shell's update notice), the page says nothing of its own, toast included.
      if (message !== TOLD_ELSEWHERE) notify(t('edit.failure'), 'error');
    }
  };

  const country = useWatch({ control, name: 'country' });
  const state = useWatch({ control, name: 'state' });

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <Stack gap="5">
        <FormAlert title={formError} />
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
          <Field.Root required invalid={!!errors.firstname}>
            <Field.Label>
              {t('edit.first_name')}
              <Field.RequiredIndicator />
            </Field.Label>
            <Input autoComplete="given-name" {...register('firstname')} />
            <FieldError message={errors.firstname?.message} />
          </Field.Root>
          <Field.Root required invalid={!!errors.lastname}>
            <Field.Label>
              {t('edit.last_name')}
              <Field.RequiredIndicator />
            </Field.Label>
            <Input autoComplete="family-name" {...register('lastname')} />
            <FieldError message={errors.lastname?.message} />
          </Field.Root>
        </SimpleGrid>

        <Field.Root readOnly>
          <Field.Label>{t('edit.email')}</Field.Label>
          <Input type="email" dir="ltr" autoComplete="email" readOnly {...register('email')} />
          <Field.HelperText>{t('edit.email_read_only')}</Field.HelperText>
        </Field.Root>

        <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
          <Field.Root required invalid={!!errors.phoneCountry}>
            <Field.Label>
              {t('edit.phone_country')}
              <Field.RequiredIndicator />
            </Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field autoComplete="tel-country-code" {...register('phoneCountry')}>
                {options.map((option) => (
                  <option key={option.code} value={option.code}>
                    {t('edit.dial_option', { country: option.name, code: option.phone })}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <FieldError message={errors.phoneCountry?.message} />
          </Field.Root>
          <Field.Root required invalid={!!errors.phoneNumber}>
            <Field.Label>
              {t('edit.phone_number')}
              <Field.RequiredIndicator />
            </Field.Label>
            <Input type="tel" inputMode="numeric" autoComplete="tel-national" dir="ltr" {...register('phoneNumber')} />
            <Field.HelperText>{t('edit.phone_hint')}</Field.HelperText>
            <FieldError message={errors.phoneNumber?.message} />
          </Field.Root>
        </SimpleGrid>

        <Field.Root required invalid={!!errors.country}>
          <Field.Label>
            {t('edit.country')}
            <Field.RequiredIndicator />
          </Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              autoComplete="country"
              {...register('country', {
                // A new country has other states and cities.
                onChange: () => {
                  setValue('state', '');
                  setValue('city', '');
                },
              })}
            >
              <option value="">{t('edit.choose_country')}</option>
              {options.map((option) => (
                <option key={option.code} value={option.code}>
                  {option.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <FieldError message={errors.country?.message} />
        </Field.Root>

        <RegionFields
          country={country}
          state={state}
          stateField={register('state', { onChange: () => setValue('city', '') })}
          cityField={register('city')}
        />

        <Field.Root required invalid={!!errors.preferred_language}>
          <Field.Label>
            {t('edit.preferred_language')}
            <Field.RequiredIndicator />
          </Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field {...register('preferred_language')}>
              {LANGUAGES.map((option) => (
                <option key={option.value} value={option.value} lang={option.value}>
                  {option.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <FieldError message={errors.preferred_language?.message} />
        </Field.Root>

        <Button type="submit" alignSelf="flex-start" loading={isSubmitting} loadingText={t('edit.saving')}>
          {t('edit.submit')}
        </Button>
      </Stack>
    </form>
  );
}
