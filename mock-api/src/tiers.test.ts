import { addDays } from './clock';
import { defaultTiers, tierStanding, type TierClaim } from './domain/tiers';
import { DEMO_EMAIL, DEMO_PASSWORD } from './store/seed';
import { TEST_NOW, useTestApi } from './testing/test-api';

// docs/product/tiers.md: the membership year qualifies, a tier is held to the end of the next one, and the annual
// check keeps, moves up or moves down one tier.

const api = useTestApi();
let demo: string;
beforeAll(async () => {
  demo = await api.login(DEMO_EMAIL, DEMO_PASSWORD);
});

const today = TEST_NOW.slice(0, 10);
const tiersOf = async (token: string) => (await api.call('GET', '/api/auth/fetch-tiers', { token })).body.data;

test("the demo member's standing: Silver, earned in this membership year and held to the end of the next", async () => {
  // The demo member joined 200 days before the seed's clock.
  const joined = addDays(today, -200);
  expect(await tiersOf(demo)).toMatchObject({
    current: { name: 'Silver' },
    next: { name: 'Gold' },
    progress: { value: 1600, target: 3000, state: 'keep_going' },
    qualification: { periodStart: joined, periodEnd: '2026-06-28', statusValidUntil: '2027-06-28' },
  });
});

test('every tier is served with its benefits, the higher tiers giving more', async () => {
  const { tiers } = await tiersOf(demo);
  expect(tiers.map((tier: { name: string }) => tier.name)).toEqual(['Bronze', 'Silver', 'Gold', 'Platinum']);
  const counts = tiers.map((tier: { benefits: string[] }) => tier.benefits.length);
  expect(counts.every((count: number, index: number) => index === 0 || count > counts[index - 1])).toBe(true);
  expect(tiers[3].benefits).toContain('lounge_access');
});

test('the annual check keeps a tier for a year without claims, then moves it down one tier', async () => {
  api.clock.set('2026-07-01T12:00:00.000Z');
  expect(await tiersOf(demo)).toMatchObject({
    current: { name: 'Silver' },
    progress: { value: 0, state: 'get_started' },
    qualification: { periodStart: '2026-06-29', periodEnd: '2027-06-28', statusValidUntil: '2027-06-28' },
  });
  api.clock.set('2027-07-01T12:00:00.000Z');
  expect((await tiersOf(demo)).current.name).toBe('Bronze');
});

describe('tierStanding', () => {
  const claim = (day: string, points: number, amount = 0): TierClaim => ({ day, points, amount });
  const standing = (claims: TierClaim[], on: string) => tierStanding(defaultTiers(), claims, '2024-03-10', on);

  test('a tier reached applies at once and counts only the membership year it was claimed in', () => {
    const claims = [claim('2024-04-01', 800), claim('2025-04-01', 400)];
    expect(standing(claims, '2025-03-09').current?.name).toBe('Bronze');
    // 800 + 400 across two years never make 1 000 in one.
    expect(standing(claims, '2025-05-01').current?.name).toBe('Bronze');
    expect(standing([...claims, claim('2025-05-01', 700)], '2025-05-02')).toMatchObject({
      current: { name: 'Silver' },
      qualification: { periodStart: '2025-03-10', periodEnd: '2026-03-09', statusValidUntil: '2027-03-09' },
    });
  });

  test('kept, moved up, or moved down one tier only', () => {
    const gold = [claim('2024-05-01', 3200)];
    expect(standing([...gold, claim('2025-05-01', 3000)], '2026-03-10').current?.name).toBe('Gold');
    expect(standing([...gold, claim('2025-05-01', 3000, 10_000)], '2026-03-10').current?.name).toBe('Platinum');
    // Gold, then a year of nothing: Silver (not Bronze), held to the end of the year that starts.
    expect(standing(gold, '2026-03-10')).toMatchObject({
      current: { name: 'Silver' },
      qualification: { statusValidUntil: '2027-03-09' },
    });
  });

  test('a member who joined on 29 February counts years from 28 February in common years', () => {
    const leap = tierStanding(defaultTiers(), [], '2024-02-29', '2025-03-01');
    expect(leap.qualification).toMatchObject({ periodStart: '2025-02-28', periodEnd: '2026-02-27' });
  });
});
