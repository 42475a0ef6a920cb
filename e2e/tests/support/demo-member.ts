/** The member seeded by the mock API on first start (README "Demo member"). */
export const DEMO_MEMBER = {
  email: 'member@example.com',
  password: 'Demo@1234',
  fullName: 'Demo Member',
} as const;
