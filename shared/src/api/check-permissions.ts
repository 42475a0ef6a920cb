import { queryOptions } from './query-options';
import { http, type RequestOptions } from '@loyalty/shared/http';
import {
  type AccessRights,
  type CheckPermissionsRequest,
  CheckPermissionsResponseSchema,
} from './contract/permissions';
import { parseResponse } from './parse-response';
import { queryKeys } from './query-keys';
import type { StartUpRequestOptions } from './start-up-answers';
import { START_UP_ADDRESSES } from './start-up-addresses';

export async function checkPermissions(
  payload: CheckPermissionsRequest,
  options?: RequestOptions,
): Promise<AccessRights> {
  return parseResponse(CheckPermissionsResponseSchema, await http.post(START_UP_ADDRESSES.permission, payload, options))
    .data;
}

/**
 * Whether the member may open `path` (docs/product/frame.md, "Permission Denied"). Asked once per
 * path for the signed-in member: the answer is kept until the session ends, when the cache is
 * emptied, so returning to a page asks nothing.
 */
export const permissionQueryOptions = (path: string, request: StartUpRequestOptions = {}) =>
  queryOptions({
    queryKey: [...queryKeys.permissions, path],
    queryFn: ({ signal }) => checkPermissions({ path }, { ...request, signal }),
    staleTime: Infinity,
    gcTime: Infinity,
  });
