/**
 * How a form with a new password and its confirmation validates (sign-up, reset). The resolver
 * stops a pipe at its first issue unless every criterion is asked for, and the "must match" check
 * sits after the object: without `criteriaMode: 'all'` it waits for every other field.
 */
export const NEW_PASSWORD_FORM_OPTIONS = { mode: 'onTouched', criteriaMode: 'all' } as const;
