import * as v from 'valibot';

export const countryCodeSchema = v.pipe(
  v.string('validation.country_required'),
  v.trim(),
  v.nonEmpty('validation.country_required'),
  v.regex(/^[A-Za-z]{2}$/, 'validation.country_invalid'),
  v.toUpperCase(),
);

export const LANGUAGE_CODES = ['en', 'fr', 'es', 'de', 'ar'] as const;

export const preferredLanguageSchema = v.picklist(LANGUAGE_CODES, 'validation.language_invalid');
