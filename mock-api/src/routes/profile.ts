import { Router } from 'express';
import { UpdateMemberRequestSchema, UpdateProfileRequestSchema, type User } from '@loyalty/shared/api';
import type * as v from 'valibot';
import type { AppContext } from '../context';
import { requireMember, session } from '../auth/session';
import { HttpError, UNAUTHORIZED } from '../http/errors';
import { parseInput } from '../http/validate';
import { memberById, toUser } from '../domain/users';
import { COUNTRY_CODES } from '../data/countries';
import type { MemberRecord } from '../store/schema';

export const PROFILE_UPDATED = 'Profile Updated Successfully';
export const PROFILE_UPDATE_FAILED = 'Failed to update member Profile.';
export const MEMBER_UPDATED = 'Member updated successfully';
export const MEMBER_UPDATE_FAILED = 'Update Failed';

type MemberForm = v.InferOutput<typeof UpdateMemberRequestSchema>;

/**
 * Checks what the schemas cannot (known countries, unchangeable e-mail), then applies the form;
 * returns the member as stored.
 */
function applyMemberForm(context: AppContext, member: MemberRecord, form: MemberForm, failure: string): User {
  const errors: Record<string, string> = {};
  if (form.email !== member.email) errors.email = 'Email cannot be changed';
  if (!COUNTRY_CODES.has(form.country)) errors.country = 'Unknown country';
  if (!COUNTRY_CODES.has(form.phoneNumber.code)) errors['phoneNumber.code'] = 'Unknown country';
  if (Object.keys(errors).length > 0) throw new HttpError(422, failure, errors);
  return context.store.transact((data) => {
    const current = memberById(data, member.id);
    if (!current) throw new HttpError(401, UNAUTHORIZED);
    current.firstname = form.firstname;
    current.lastname = form.lastname;
    current.phone = { ...form.phoneNumber };
    current.country = form.country;
    current.preferredLanguage = form.preferred_language;
    return toUser(current);
  });
}

export function profileRoutes(context: AppContext): { auth: Router; member: Router } {
  const authenticated = requireMember(context);

  const auth = Router();
  auth.post('/update-profile', authenticated, (request, response) => {
    const input = parseInput(UpdateProfileRequestSchema, request.body, PROFILE_UPDATE_FAILED);
    const { member } = session(response);
    if (input.id !== member.id)
      throw new HttpError(403, PROFILE_UPDATE_FAILED, { id: 'You can only update your own profile' });
    const user = applyMemberForm(context, member, input, PROFILE_UPDATE_FAILED);
    response.json({ success: true, message: PROFILE_UPDATED, data: user });
  });

  /** updateMember (docs/product/api.md, path ours): `POST /api/member/update` with the member form. */
  const memberRouter = Router();
  memberRouter.post('/update', authenticated, (request, response) => {
    const input = parseInput(UpdateMemberRequestSchema, request.body, MEMBER_UPDATE_FAILED);
    const { member } = session(response);
    const user = applyMemberForm(context, member, input, MEMBER_UPDATE_FAILED);
    response.json({ message: MEMBER_UPDATED, data: user });
  });

  return { auth, member: memberRouter };
}
