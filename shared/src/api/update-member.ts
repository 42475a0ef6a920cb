import { http } from '@loyalty/shared/http';
import { type UpdateMemberRequest, type UpdateMemberResponse, UpdateMemberResponseSchema } from './contract/auth';
import { parseResponse } from './parse-response';

export async function updateMember(payload: UpdateMemberRequest): Promise<UpdateMemberResponse> {
  return parseResponse(UpdateMemberResponseSchema, await http.post('/api/member/update', payload));
}
