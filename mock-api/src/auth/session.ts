import type { RequestHandler, Response } from 'express';
import type { AppContext } from '../context';
import { HttpError, UNAUTHORIZED } from '../http/errors';
import type { MemberRecord } from '../store/schema';
import { sessionNeedsWriting, touchSession, versionSignsIn } from '../domain/sessions';
import { signToken, verifyToken, type TokenClaims } from './jwt';

interface SessionLocals {
  member: MemberRecord;
  claims: TokenClaims;
}

export function issueToken(context: AppContext, member: MemberRecord, origin?: string): string {
  return issueSession(context, member, origin).token;
}

/** A new token of `member` at their current password version, with its claims (a session's id, its end). */
export function issueSession(context: AppContext, member: MemberRecord, origin?: string) {
  const claims = { sub: member.id, pwv: member.passwordVersion, ...(origin ? { org: origin } : {}) };
  return signToken(claims, context.secret, context.tokenTtlSeconds);
}

/**
 * Lets a request through only with a bearer token that is signed by us, unexpired, not revoked by
 * logout or by the member ending its session, and issued since the member's last password change
 * that ended the other sessions (decision 079); anything else is a 401. The token's session is
 * recorded the first time it is seen, and its last use kept to the minute (docs/product/accounts.md,
 * "Sessions and devices").
 */
export function requireMember(context: AppContext): RequestHandler {
  return (request, response, next) => {
    const header = request.get('authorization') ?? '';
    const match = /^Bearer ([A-Za-z0-9_.-]{10,4096})$/i.exec(header.trim());
    const claims = match ? verifyToken(match[1]!, context.secret) : null;
    const { data } = context.store;
    const member = claims ? data.members.find((candidate) => candidate.id === claims.sub) : undefined;
    if (
      !claims ||
      !member ||
      !member.verified ||
      !versionSignsIn(member, claims.pwv) ||
      data.revokedTokens.some((revoked) => revoked.jti === claims.jti)
    ) {
      next(new HttpError(401, UNAUTHORIZED));
      return;
    }
    const nowMs = Date.now();
    if (sessionNeedsWriting(data, claims, nowMs)) {
      context.store.transact((draft) => {
        const current = draft.members.find((candidate) => candidate.id === member.id);
        if (current) touchSession(draft, current, claims, request.get('user-agent') ?? '', nowMs);
      });
    }
    const locals: SessionLocals = { member, claims };
    response.locals.session = locals;
    next();
  };
}

/** The signed-in member of a request that passed {@link requireMember}. */
export function session(response: Response): SessionLocals {
  const locals = response.locals.session as SessionLocals | undefined;
  if (!locals) throw new HttpError(401, UNAUTHORIZED);
  return locals;
}
