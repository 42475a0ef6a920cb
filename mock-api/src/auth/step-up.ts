import * as v from 'valibot';
import { generateAuthenticationOptions } from '@simplewebauthn/server';
import { PASSKEY_TEXTS } from '@loyalty/shared/api/messages';
import type { AppContext } from '../context';
import { HttpError } from '../http/errors';
import { memberById } from '../domain/users';
import { passkeysOf } from '../domain/passkeys';
import type { Database, MemberRecord } from '../store/schema';
import type { TokenClaims } from './jwt';
import { verifyPassword } from './password';
import { CHANGED_MEANWHILE } from '../routes/auth';
import { AssertionSchema, challengeOf, credentialDescriptors, passkeyCeremonies } from './passkey-ceremony';

/**
 * A fresh confirmation that the member is at the keyboard, in the request of a change a stolen
 * session must not make alone (adding a passkey, turning password sign-in off; decision 067): the
 * current password, or an assertion of one of the member's passkeys. Absent or wrong, the change
 * is refused with a 4xx and nothing is written.
 */
export const StepUpSchema = v.object({
  password: v.optional(v.pipe(v.string(), v.maxLength(128))),
  passkey: v.optional(AssertionSchema),
});
export type StepUp = v.InferOutput<typeof StepUpSchema>;
type Assertion = v.InferOutput<typeof AssertionSchema>;

/** The member's own check, repeated inside the transaction that acts on it. */
export type StepUpCheck = (data: Database, current: MemberRecord) => void;

export function stepUps(context: AppContext) {
  const ceremonies = passkeyCeremonies(context);

  /**
   * One of the member's own passkeys, answering a `confirm` challenge made for them (single use),
   * on the portal's origin and relying party, its counter moving forward. Every refusal reads the
   * same (a 422), so it tells an attacker nothing about why.
   */
  async function confirmPasskey(assertion: Assertion, member: MemberRecord): Promise<StepUpCheck> {
    const refused = new HttpError(422, PASSKEY_TEXTS.confirmFailed);
    const challenge = challengeOf(assertion.response.clientDataJSON);
    ceremonies.takeChallenge(challenge, 'confirm', member.id, new HttpError(422, PASSKEY_TEXTS.challengeSpent));
    const { owner, use } = await ceremonies.verifyAssertion(assertion, challenge, refused);
    if (owner.id !== member.id) throw refused;
    return (data) => {
      if (ceremonies.recordUse(data, use, refused).id !== member.id) throw refused;
    };
  }

  return {
    confirmPasskey,
    /** Options for a passkey's confirmation: a challenge for this member alone, listing their passkeys. */
    async options(member: MemberRecord) {
      const passkeys = passkeysOf(context.store.data, member.id);
      if (passkeys.length === 0) throw new HttpError(409, PASSKEY_TEXTS.noPasskey);
      const options = await generateAuthenticationOptions({
        rpID: context.webauthn.rpId,
        userVerification: 'required',
        timeout: context.security.passkeyChallengeSeconds * 1000,
        allowCredentials: credentialDescriptors(passkeys),
      });
      ceremonies.keepChallenge(options.challenge, 'confirm', member.id);
      return options;
    },

    /**
     * Checks the confirmation `input` carries for the member of this session, and answers the check
     * to repeat in the acting transaction: the passkey's use recorded (its counter moves, so the
     * same assertion never confirms twice), or the password still the one this session signed in
     * with. Refusals are 4xx but never 401: the session stays, only the confirmation failed.
     */
    async confirm(input: StepUp, member: MemberRecord, claims: TokenClaims): Promise<StepUpCheck> {
      if (input.passkey) return confirmPasskey(input.passkey, member);
      if (member.passwordSignInOff) throw new HttpError(409, PASSKEY_TEXTS.confirmWithPasskey);
      if (!input.password) {
        throw new HttpError(422, PASSKEY_TEXTS.confirmNeeded, { password: PASSKEY_TEXTS.confirmNeeded });
      }
      if (!(await verifyPassword(input.password, member.passwordHash))) {
        throw new HttpError(422, PASSKEY_TEXTS.passwordIncorrect, { password: PASSKEY_TEXTS.passwordIncorrect });
      }
      return (data) => {
        // The password checked is the one this session signed in with; a change meanwhile wins.
        if (memberById(data, member.id)?.passwordVersion !== claims.pwv) throw new HttpError(409, CHANGED_MEANWHILE);
      };
    },
  };
}
