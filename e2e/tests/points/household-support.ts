import type { TestMember } from '../support/fixtures';
import type { MockApi } from '../support/mock-api';

/** The size of the phone the household's guest uses in its journeys. */
export const PHONE = { width: 375, height: 812 };

/** A second member of the test's own, registered and verified through the API as the fixture's is. */
export async function secondMember(api: MockApi, owner: TestMember): Promise<TestMember> {
  const member = {
    email: owner.email.replace('@', '-guest@'),
    password: 'Sunny#Day42',
    firstname: 'Grace',
    lastname: 'Hopper',
  };
  await api.post('/api/auth/register', { ...member, password2: member.password });
  const verified = await api.post<{ data: { accessToken: string } }>('/api/auth/verify-otp', {
    email: member.email,
    otp: await api.latestCode(member.email),
    purpose: 'register',
  });
  return { ...member, fullName: 'Grace Hopper', token: verified.data.accessToken };
}
