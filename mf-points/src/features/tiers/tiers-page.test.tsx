import { screen, within } from '@testing-library/react';
import { setRuntimeConfig } from '@loyalty/shared/config';
import type { Tier, Tiers } from '@loyalty/shared/api';
import { mockFetch, renderWithProviders } from '@loyalty/shared/testing';
import '../../routes';
import { TiersPage } from './tiers-page';

const tier = (level: number, name: string, threshold: number, benefits: string[]): Tier => ({
  level,
  name,
  criterion: level === 4 ? 'amount' : 'points',
  threshold,
  benefits,
});
const silver = tier(2, 'Silver', 1000, ['member_rates', 'late_checkout']);
const gold = tier(3, 'Gold', 3000, ['member_rates', 'late_checkout', 'room_upgrade']);
const standing: Tiers = {
  tiers: [tier(1, 'Bronze', 0, ['member_rates']), silver, gold, tier(4, 'Platinum', 10000, ['lounge_access'])],
  current: silver,
  next: gold,
  progress: { value: 1600, target: 3000, state: 'keep_going' },
  qualification: { periodStart: '2025-06-29', periodEnd: '2026-06-28', statusValidUntil: '2027-06-28' },
};

jest.setTimeout(30_000);

describe('TiersPage', () => {
  beforeEach(() => setRuntimeConfig({ HOST_API: 'http://api.test' }));

  it("shows each tier's benefits, the member's tier marked, progress, valid until and the annual check", async () => {
    mockFetch([{ method: 'GET', path: '/api/auth/fetch-tiers', body: { data: standing } }]);
    await renderWithProviders(<TiersPage />, { namespaces: ['points'], route: '/dashboard/tiers' });

    expect(await screen.findByText('Your Silver status is valid until 28 June 2027.')).toBeInTheDocument();
    expect(screen.getByText(/Qualification period: 29 June 2025 to 28 June 2026/)).toBeInTheDocument();

    const progress = screen.getByRole('progressbar', { name: 'Progress to Gold' });
    expect(progress).toHaveAttribute('aria-valuenow', '53');

    const tierList = screen.getByRole('heading', { name: 'What each tier gives' }).parentElement!;
    const cards = within(tierList).getAllByRole('listitem', { name: /^(Bronze|Silver|Gold|Platinum)$/ });
    expect(cards.map((card) => card.getAttribute('aria-labelledby'))).toHaveLength(4);
    const current = cards.find((card) => card.getAttribute('aria-current') === 'true')!;
    expect(within(current).getByRole('heading', { level: 3 })).toHaveTextContent('Silver');
    expect(within(current).getByText('Your tier')).toBeInTheDocument();
    const goldBenefits = within(tierList).getByRole('list', { name: 'Benefits of Gold' });
    expect(
      within(goldBenefits)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Member rates on every booking', 'Late check-out until 2 pm', 'Room upgrade when available']);

    const check = screen.getByRole('region', { name: 'The annual check' });
    expect(within(check).getByText(/for you, on 28 June 2026/)).toBeInTheDocument();
    expect(within(check).getAllByRole('listitem')).toHaveLength(3);
  });
});
