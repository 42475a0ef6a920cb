import { PASSWORD_RULES, type PasswordRuleId as PolicyRuleId } from '@loyalty/shared/validation';

/** The shared policy, plus the rule only a change has: the new password differs from the old. */
export type PasswordRuleId = PolicyRuleId | 'different';

export function passwordChecklist(
  newPassword: string,
  oldPassword: string,
): Array<{ id: PasswordRuleId; met: boolean }> {
  return [
    ...PASSWORD_RULES.map((rule) => ({ id: rule.id, met: rule.test(newPassword) })),
    { id: 'different' as const, met: newPassword.length > 0 && newPassword !== oldPassword },
  ];
}
