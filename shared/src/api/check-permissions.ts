import { http } from '@loyalty/shared/http';
import {
  type AccessRights,
  type CheckPermissionsRequest,
  CheckPermissionsResponseSchema,
} from './contract/permissions';
import { parseResponse } from './parse-response';

export async function checkPermissions(payload: CheckPermissionsRequest): Promise<AccessRights> {
  return parseResponse(CheckPermissionsResponseSchema, await http.post('/api/user/check-permissions', payload)).data;
}
