import { http } from '@loyalty/shared/http';
import { type RolePermissionsResponse, RolePermissionsResponseSchema } from './contract/permissions';
import { parseResponse } from './parse-response';

export async function getRolePermissions(): Promise<RolePermissionsResponse['data']> {
  return parseResponse(RolePermissionsResponseSchema, await http.get('/api/user/role-permissions')).data;
}
