import type { User } from '@loyalty/shared/api';
import type { Database, MemberRecord } from '../store/schema';
import { memberNumberOf } from './member-number';

export function fullName(member: MemberRecord): string {
  return `${member.firstname} ${member.lastname}`.trim();
}

/** `+` and the dial code (hyphens dropped, so `1-268` gives `+1268`) and the national number. */
export function mobileNumber(member: MemberRecord): string {
  return `+${member.phone.phoneCode.replace(/-/g, '')}${member.phone.number}`;
}

/** The member as the apps see them: no hash, no counters. */
export function toUser(member: MemberRecord): User {
  return {
    Id: member.id,
    FullName: fullName(member),
    firstname: member.firstname,
    lastname: member.lastname,
    Email: member.email,
    RelationReference: member.email,
    MobileNumber: mobileNumber(member),
    MemberNumber: memberNumberOf(member.id),
    Country: member.country,
    PreferredLanguage: member.preferredLanguage,
    role: member.role,
    photo: member.photo,
    menu: member.menu.map((item) => ({ ...item })),
  };
}

/**
 * The member as the state holds it now: inside a transaction, the one to change. A record read
 * before an `await` is a value of that moment, frozen; changing it would throw.
 */
export function memberById(data: Database, id: string): MemberRecord | undefined {
  return data.members.find((member) => member.id === id);
}
