import { Router } from 'express';
import { CheckPermissionsRequestSchema } from '@loyalty/shared/api';
import type { AppContext } from '../context';
import { requireMember, session } from '../auth/session';
import { parseInput } from '../http/validate';
import { checkAccess, permissionsOf } from '../domain/permissions';

export function permissionRoutes(context: AppContext): Router {
  const router = Router();
  const authenticated = requireMember(context);
  router.get('/role-permissions', authenticated, (_request, response) => {
    const { role } = session(response).member;
    response.json({ data: { role, permissions: permissionsOf(role) } });
  });
  router.post('/check-permissions', authenticated, (request, response) => {
    const { path } = parseInput(CheckPermissionsRequestSchema, request.body);
    response.json({ data: checkAccess(session(response).member.role, path) });
  });
  return router;
}
