import { MEMBER_FORM_MODE } from '@loyalty/shared/validation';

/**
 * How a form with a new password and its confirmation validates (sign-up, reset): as every member
 * form does (MEMBER_FORM_MODE), with every criterion asked for. The resolver stops a pipe at its
 * first issue otherwise, and the "must match" check sits after the object: without
 * `criteriaMode: 'all'` it waits for every other field.
 */
export const NEW_PASSWORD_FORM_OPTIONS = { ...MEMBER_FORM_MODE, criteriaMode: 'all' } as const;
