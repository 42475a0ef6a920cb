import * as v from 'valibot';
import { otpSchema } from '@loyalty/shared/validation';

export const CodeFormSchema = v.object({ otp: otpSchema });
export type CodeForm = v.InferInput<typeof CodeFormSchema>;
