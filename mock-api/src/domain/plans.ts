import type { MembershipPlan } from '@loyalty/shared/api';

/** What each membership plan costs a month, taxes extra (docs/product/profile.md, "Membership plan"). */
const PLAN_PRICES: Record<string, MembershipPlan['price']> = {
  'Loyalty Plus': { amount: 9.99, currency: 'EUR' },
};
/** A plan the table does not know is free: nothing is billed that was not priced. */
const FREE: MembershipPlan['price'] = { amount: 0, currency: 'EUR' };

export function planPrice(plan: string): MembershipPlan['price'] {
  return { ...(PLAN_PRICES[plan] ?? FREE) };
}
