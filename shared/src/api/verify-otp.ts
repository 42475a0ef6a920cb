import { http } from '@loyalty/shared/http';
import {
  VerifyRegisterOtpResponseSchema,
  VerifyResetOtpResponseSchema,
  type VerifyOtpRequest,
  type VerifyRegisterOtpResponse,
  type VerifyResetOtpResponse,
} from './contract/auth';
import { afterSignIn } from './kept-session';
import { parseResponse } from './parse-response';

/**
 * Checks an e-mailed code. A registration code signs the member in (token and user); a reset code
 * is exchanged for the token that {@link setPassword} takes. Any failure rejects with 'Invalid OTP'.
 */
export async function verifyOtp(
  payload: VerifyOtpRequest & { purpose: 'register' },
): Promise<VerifyRegisterOtpResponse['data']>;
export async function verifyOtp(
  payload: VerifyOtpRequest & { purpose: 'reset' },
): Promise<VerifyResetOtpResponse['data']>;
export async function verifyOtp(
  payload: VerifyOtpRequest,
): Promise<VerifyRegisterOtpResponse['data'] | VerifyResetOtpResponse['data']> {
  const body = await http.post('/api/auth/verify-otp', payload);
  if (payload.purpose !== 'register') return parseResponse(VerifyResetOtpResponseSchema, body).data;
  const signedIn = parseResponse(VerifyRegisterOtpResponseSchema, body).data;
  afterSignIn(signedIn.keptUntil);
  return signedIn;
}
