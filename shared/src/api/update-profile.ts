import { http } from '@loyalty/shared/http';
import { type UpdateProfileRequest, type UpdateProfileResponse, UpdateProfileResponseSchema } from './contract/auth';
import { parseResponse } from './parse-response';

export async function updateProfile(payload: UpdateProfileRequest): Promise<UpdateProfileResponse> {
  return parseResponse(UpdateProfileResponseSchema, await http.post('/api/auth/update-profile', payload));
}
