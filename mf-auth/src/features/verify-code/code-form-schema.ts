import { keepSignedInSchema, otpSchema, v } from '@loyalty/shared/validation';

/** `keepSignedIn` counts on a sign-up's code step alone: a reset's code signs no one in. */
export const CodeFormSchema = v.object({ otp: otpSchema, keepSignedIn: keepSignedInSchema });
export type CodeForm = v.InferInput<typeof CodeFormSchema>;
