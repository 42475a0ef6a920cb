import { Router } from 'express';
import { UpdateWorkspaceRequestSchema, type MembershipPlan, type Workspace } from '@loyalty/shared/api';
import type { AppContext } from '../context';
import { requireMember, session } from '../auth/session';
import { parseInput } from '../http/validate';
import { fullName, memberById, mobileNumber } from '../domain/users';
import { HttpError, UNAUTHORIZED } from '../http/errors';
import { memberTierStanding } from '../domain/tiers';
import { planPrice } from '../domain/plans';
import type { MemberRecord } from '../store/schema';

/** docs/product/profile.md, "Account page": billed monthly, taxes extra, 128-bit SSL. */
function planOf(member: MemberRecord): MembershipPlan {
  return {
    plan: member.plan,
    price: planPrice(member.plan),
    billing: 'monthly',
    taxesExtra: true,
    paymentSecurity: '128-bit SSL',
  };
}

function workspaceOf(member: MemberRecord): Workspace {
  return { ...member.workspace, plan: planOf(member) };
}

export function accountRoutes(context: AppContext): Router {
  const { store, clock } = context;
  const router = Router();
  const authenticated = requireMember(context);

  router.get('/general', authenticated, (_request, response) => {
    const { member } = session(response);
    const { current } = memberTierStanding(store.data, member.id, clock.today());
    response.json({
      data: {
        id: member.id,
        fullName: fullName(member),
        email: member.email,
        mobileNumber: mobileNumber(member),
        country: member.country,
        preferredLanguage: member.preferredLanguage,
        memberSince: member.createdAt,
        tier: current,
        plan: planOf(member),
      },
    });
  });

  router.get('/workspace', authenticated, (_request, response) => {
    response.json({ data: workspaceOf(session(response).member) });
  });

  router.post('/workspace/update', authenticated, (request, response) => {
    const changes = parseInput(UpdateWorkspaceRequestSchema, request.body);
    const { member } = session(response);
    const workspace = store.transact((data) => {
      const current = memberById(data, member.id);
      if (!current) throw new HttpError(401, UNAUTHORIZED);
      for (const [key, value] of Object.entries(changes)) {
        if (value !== undefined) Object.assign(current.workspace, { [key]: value });
      }
      return workspaceOf(current);
    });
    response.json({ message: 'Workspace updated successfully', data: workspace });
  });

  return router;
}
