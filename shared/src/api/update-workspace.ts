import { mutationOptions } from './query-options';
import { http } from '@loyalty/shared/http';
import {
  type UpdateWorkspaceRequest,
  type UpdateWorkspaceResponse,
  UpdateWorkspaceResponseSchema,
} from './contract/account';
import { parseResponse } from './parse-response';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from './query-keys';

export async function updateWorkspace(payload: UpdateWorkspaceRequest): Promise<UpdateWorkspaceResponse> {
  return parseResponse(UpdateWorkspaceResponseSchema, await http.post('/api/account/workspace/update', payload));
}

export const updateWorkspaceMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: updateWorkspace,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.account }),
  });
