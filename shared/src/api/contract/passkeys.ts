import * as v from 'valibot';
import { UserSchema } from './auth';

/** A member's passkey as the profile lists it: never its key or counter. */
export const PasskeySchema = v.object({
  id: v.string(),
  /** Its device and the day it was added, e.g. 'Chrome on Linux, 2026-11-28'. */
  name: v.string(),
  createdAt: v.string(),
  lastUsedAt: v.nullable(v.string()),
  /** Backed up (synced) by its provider at its last use. */
  synced: v.boolean(),
});
export type Passkey = v.InferOutput<typeof PasskeySchema>;

export const PasskeysResponseSchema = v.object({
  data: v.array(PasskeySchema),
  /** Whether the password still signs in: it then counts as a way in beside the passkeys. */
  passwordSignIn: v.boolean(),
  /** While it is off: when a reset by e-mail lets the new password sign in, unless kept off. */
  passwordSignInBackAt: v.optional(v.string()),
});
export type PasskeysResponse = v.InferOutput<typeof PasskeysResponseSchema>;

/**
 * WebAuthn options (`PublicKeyCredentialCreationOptionsJSON` / `…RequestOptionsJSON`), handed to
 * the browser as they came: `@simplewebauthn/browser` checks them, the page need not.
 */
export const PasskeyOptionsResponseSchema = v.object({
  data: v.looseObject({ challenge: v.string() }),
});
export type PasskeyOptionsResponse = v.InferOutput<typeof PasskeyOptionsResponseSchema>;

export const AddPasskeyResponseSchema = v.object({ message: v.string(), data: PasskeySchema });
export type AddPasskeyResponse = v.InferOutput<typeof AddPasskeyResponseSchema>;

/** A passkey sign-in answers as the password's does: the same token, the same member. */
export const PasskeySignInResponseSchema = v.object({
  token: v.string(),
  data: UserSchema,
  keptUntil: v.optional(v.string()),
});
export type PasskeySignInResponse = v.InferOutput<typeof PasskeySignInResponseSchema>;

export const PasswordSignInResponseSchema = v.object({ message: v.string(), passwordSignIn: v.boolean() });
export type PasswordSignInResponse = v.InferOutput<typeof PasswordSignInResponseSchema>;
