import { bookingDateSchema, bookingIdSchema, v } from '@loyalty/shared/validation';

/** docs/product/limits.md: booking id and date are required, the date a real one. */
export const ClaimFormSchema = v.object({ bookingId: bookingIdSchema, bookingDate: bookingDateSchema });
export type ClaimFormInput = v.InferInput<typeof ClaimFormSchema>;
export type ClaimForm = v.InferOutput<typeof ClaimFormSchema>;
