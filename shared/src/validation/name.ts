import * as v from 'valibot';

/** docs/product/limits.md / §9: first and last names are at most 15 characters. */
export const NAME_MAX_LENGTH = 15;

export const firstNameSchema = v.pipe(
  v.string('validation.first_name_required'),
  v.trim(),
  v.nonEmpty('validation.first_name_required'),
  v.maxLength(NAME_MAX_LENGTH, 'validation.first_name_max'),
);

export const lastNameSchema = v.pipe(
  v.string('validation.last_name_required'),
  v.trim(),
  v.nonEmpty('validation.last_name_required'),
  v.maxLength(NAME_MAX_LENGTH, 'validation.last_name_max'),
);
