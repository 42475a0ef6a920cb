import type { User } from '@loyalty/shared/api';

/** A member as `/api/auth/me` describes one, for component and store tests in every app. */
export const TEST_USER: User = {
  Id: 'mbr-1',
  FullName: 'Ada Lovelace',
  firstname: 'Ada',
  lastname: 'Lovelace',
  Email: 'ada@example.com',
  RelationReference: 'ada@example.com',
  MobileNumber: '+33612345678',
  MemberNumber: '700000000018',
  Country: 'FR',
  PreferredLanguage: 'en',
  role: 'member',
  photo: '',
  menu: [],
};
