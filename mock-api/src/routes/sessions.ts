import { Router } from 'express';
import type { AppContext } from '../context';
import { requireMember, session } from '../auth/session';
import { HttpError } from '../http/errors';
import { memberById } from '../domain/users';
import { endSessions, liveSessionsOf, viewOf } from '../domain/sessions';

/** docs/product/api.md texts of "Sessions and devices". */
export const SESSION_NOT_FOUND = 'This session has ended or is not yours';
export const SESSION_ENDED = 'The session has ended';
export const OTHER_SESSIONS_ENDED = 'Your other sessions have ended';

/**
 * `/api/account/sessions…` (docs/product/accounts.md, "Sessions and devices"): the member's
 * signed-in sessions, and ending one or all the others. A session of another member answers as one
 * that does not exist.
 */
export function sessionRoutes(context: AppContext): Router {
  const { store } = context;
  const router = Router();
  const authenticated = requireMember(context);

  router.get('/sessions', authenticated, (_request, response) => {
    const { member, claims } = session(response);
    const sessions = liveSessionsOf(store.data, member, Date.now())
      .map((live) => viewOf(live, claims.jti))
      .sort((a, b) => Number(b.current) - Number(a.current) || b.lastUsedAt.localeCompare(a.lastUsedAt));
    response.json({ data: sessions });
  });

  router.post('/sessions/end-others', authenticated, (_request, response) => {
    const { member, claims } = session(response);
    const nowMs = Date.now();
    const ended = store.transact((data) => {
      const current = memberById(data, member.id);
      const others = current ? liveSessionsOf(data, current, nowMs).filter((live) => live.id !== claims.jti) : [];
      endSessions(data, others, Math.floor(nowMs / 1000));
      return others.length;
    });
    response.json({ message: OTHER_SESSIONS_ENDED, data: { ended } });
  });

  router.post('/sessions/:sessionId/end', authenticated, (request, response) => {
    const { member } = session(response);
    const nowMs = Date.now();
    store.transact((data) => {
      const current = memberById(data, member.id);
      const target = current
        ? liveSessionsOf(data, current, nowMs).find((live) => live.id === request.params.sessionId)
        : undefined;
      if (!target) throw new HttpError(404, SESSION_NOT_FOUND);
      endSessions(data, [target], Math.floor(nowMs / 1000));
    });
    response.json({ message: SESSION_ENDED });
  });

  return router;
}
