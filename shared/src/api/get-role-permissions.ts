import { queryOptions } from './query-options';
import { http, type RequestOptions } from '@loyalty/shared/http';
import { type RolePermissionsResponse, RolePermissionsResponseSchema } from './contract/permissions';
import { parseResponse } from './parse-response';
import { queryKeys } from './query-keys';

export async function getRolePermissions(options?: RequestOptions): Promise<RolePermissionsResponse['data']> {
  return parseResponse(RolePermissionsResponseSchema, await http.get('/api/user/role-permissions', options)).data;
}

export const rolePermissionsQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.permissions, 'role'],
    queryFn: ({ signal }) => getRolePermissions({ signal }),
    staleTime: Infinity,
  });
