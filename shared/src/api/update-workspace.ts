import { http } from '@loyalty/shared/http';
import {
  type UpdateWorkspaceRequest,
  type UpdateWorkspaceResponse,
  UpdateWorkspaceResponseSchema,
} from './contract/account';
import { parseResponse } from './parse-response';

export async function updateWorkspace(payload: UpdateWorkspaceRequest): Promise<UpdateWorkspaceResponse> {
  return parseResponse(UpdateWorkspaceResponseSchema, await http.post('/api/account/workspace/update', payload));
}
