import type { Country, LanguageCode, UpdateProfileRequest, User } from '@loyalty/shared/api';
import {
  countryCodeSchema,
  firstNameSchema,
  lastNameSchema,
  phoneCodeSchema,
  phoneNumberSchema,
  preferredLanguageSchema,
  v,
} from '@loyalty/shared/validation';
import { defaultCountry, parseInternationalNumber } from '@loyalty/shared/api';

/**
 * The edit-profile form. The phone is two fields (dial-code country and national number); state
 * and city narrow the address but the profile API has no place for them, so they stay optional.
 */
export const profileFormSchema = v.object({
  firstname: firstNameSchema,
  lastname: lastNameSchema,
  /** Shown read-only: the e-mail is how the member signs in and cannot change. */
  email: v.string(),
  phoneCountry: countryCodeSchema,
  phoneNumber: phoneNumberSchema,
  country: countryCodeSchema,
  state: v.string(),
  city: v.string(),
  preferred_language: preferredLanguageSchema,
});

export type ProfileFormInput = v.InferInput<typeof profileFormSchema>;
export type ProfileFormOutput = v.InferOutput<typeof profileFormSchema>;

/** The form as it opens: the stored profile, its phone split by the longest matching dial code. */
export function initialProfileForm(
  user: User,
  countries: readonly Country[],
  configuredCountry: string | undefined,
): ProfileFormInput {
  const parsed = parseInternationalNumber(user.MobileNumber, countries, user.Country);
  const fallback = defaultCountry(countries, configuredCountry);
  return {
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.Email,
    phoneCountry: parsed?.country.code ?? fallback?.code ?? '',
    phoneNumber: parsed?.number ?? '',
    country: user.Country,
    state: '',
    city: '',
    preferred_language: user.PreferredLanguage as LanguageCode,
  };
}

/** docs/product/api.md payload: firstname, lastname, email, phoneNumber {code, phoneCode, number}, preferred_language, country, id. */
export function toUpdateProfileRequest(
  values: ProfileFormOutput,
  user: User,
  countries: readonly Country[],
): UpdateProfileRequest {
  const phoneCountry = countries.find((country) => country.code === values.phoneCountry);
  return {
    firstname: values.firstname,
    lastname: values.lastname,
    email: user.Email,
    phoneNumber: {
      code: values.phoneCountry,
      phoneCode: v.parse(phoneCodeSchema, phoneCountry?.phone ?? ''),
      number: values.phoneNumber,
    },
    preferred_language: values.preferred_language,
    country: values.country,
    id: user.Id,
  };
}
