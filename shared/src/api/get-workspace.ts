import { http } from '@loyalty/shared/http';
import { type Workspace, WorkspaceResponseSchema } from './contract/account';
import { parseResponse } from './parse-response';

export async function getWorkspace(): Promise<Workspace> {
  return parseResponse(WorkspaceResponseSchema, await http.get('/api/account/workspace')).data;
}
