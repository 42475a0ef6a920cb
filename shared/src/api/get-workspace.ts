import { queryOptions } from './query-options';
import { http, type RequestOptions } from '@loyalty/shared/http';
import { type Workspace, WorkspaceResponseSchema } from './contract/account';
import { parseResponse } from './parse-response';
import { queryKeys } from './query-keys';

export async function getWorkspace(options?: RequestOptions): Promise<Workspace> {
  return parseResponse(WorkspaceResponseSchema, await http.get('/api/account/workspace', options)).data;
}

export const workspaceQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.account, 'workspace'],
    queryFn: ({ signal }) => getWorkspace({ signal }),
  });
