import { otpSchema, v } from '@loyalty/shared/validation';

export const CodeFormSchema = v.object({ otp: otpSchema });
export type CodeForm = v.InferInput<typeof CodeFormSchema>;
