import { PASSWORD_MIN_LENGTH } from '@loyalty/shared/validation';

/** The SPEC §5 policy as a checklist; each rule mirrors one check of the shared `passwordSchema`. */
export const PASSWORD_RULES = [
  { id: 'min', test: (password: string) => password.length >= PASSWORD_MIN_LENGTH },
  { id: 'lowercase', test: (password: string) => /[a-z]/.test(password) },
  { id: 'uppercase', test: (password: string) => /[A-Z]/.test(password) },
  { id: 'number', test: (password: string) => /\d/.test(password) },
  { id: 'special', test: (password: string) => /[^A-Za-z\d\s]/.test(password) },
] as const;

export type PasswordRuleId = (typeof PASSWORD_RULES)[number]['id'] | 'different';

export function passwordChecklist(
  newPassword: string,
  oldPassword: string,
): Array<{ id: PasswordRuleId; met: boolean }> {
  return [
    ...PASSWORD_RULES.map((rule) => ({ id: rule.id, met: rule.test(newPassword) })),
    { id: 'different' as const, met: newPassword.length > 0 && newPassword !== oldPassword },
  ];
}
