import { act, screen, waitFor, within } from '@testing-library/react';
import { setRuntimeConfig } from '@loyalty/shared/config';
import { formatNumber, i18n } from '@loyalty/shared/i18n';
import { queryClient } from '@loyalty/shared/api/query-client';
import { mockFetch, renderWithProviders } from '@loyalty/shared/testing';
import '../../routes';
import { reward } from '../../testing/fixtures';
import { HelpPage } from './help-page';

// The rate is the contract's: a rate other than the one the texts once said shows the page reads it.
jest.mock('@loyalty/shared/api', () => ({ ...jest.requireActual('@loyalty/shared/api'), POINTS_PER_NIGHT: 150 }));

const tiers = [
  { level: 2, name: 'Silver', criterion: 'points', threshold: 1000 },
  { level: 1, name: 'Bronze', criterion: 'points', threshold: 0 },
  { level: 4, name: 'Platinum', criterion: 'amount', threshold: 10000 },
];
const tiersRoute = {
  method: 'GET' as const,
  path: '/api/auth/fetch-tiers',
  body: {
    data: {
      tiers,
      current: null,
      next: tiers[1],
      progress: { value: 0, target: 0, state: 'get_started' },
    },
  },
};

// Windows no text ever named: the page can only have them from the catalogue.
const catalogueRoute = {
  method: 'GET' as const,
  path: '/api/rewards',
  body: {
    data: [
      reward('rw-a', 'A', { validityDays: 45, cancellationDays: 0 }),
      reward('rw-b', 'B', { validityDays: 400, cancellationDays: 5 }),
      reward('rw-c', 'C', { validityDays: 120, cancellationDays: 21 }),
    ],
  },
};

jest.setTimeout(30_000);

describe('HelpPage', () => {
  beforeEach(() => {
    setRuntimeConfig({ HOST_API: 'http://api.test' });
    queryClient.clear();
  });

  it('has one h1 and a named section under an h2 for each of the rules', async () => {
    const network = mockFetch([tiersRoute]);
    await renderWithProviders(<HelpPage />, { namespaces: ['points'], route: '/dashboard/help' });
    expect(screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent)).toEqual(['Help']);
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Earning points',
      'Claiming missing points',
      'When points expire',
      'Tiers',
      'Rewards and vouchers',
      'Contact',
    ]);
    const claims = screen.getByRole('region', { name: 'Claiming missing points' });
    expect(claims).toHaveAttribute('id', 'help-claims');
    expect(claims).toHaveTextContent('up to 180 days after its check-out, that day included');
    expect(within(claims).getByRole('link', { name: 'Claim points' })).toHaveAttribute('href', '/dashboard/claim');
    expect(screen.getByRole('region', { name: 'When points expire' })).toHaveTextContent(
      'Points expire after 24 months without activity.',
    );
    // The tiers as the API holds them, in level order, each in its own unit.
    const levels = await within(screen.getByRole('region', { name: 'Tiers' })).findByRole('list', {
      name: 'Tier levels',
    });
    expect(
      within(levels)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Bronze: from 0 points', 'Silver: from 1,000 points', 'Platinum: from €10,000 spent on bookings']);
    // The period that counts is named, and the tier page is one link away.
    const tierSection = screen.getByRole('region', { name: 'Tiers' });
    expect(tierSection).toHaveTextContent('within one membership year');
    expect(within(tierSection).getByRole('link', { name: 'Your tier and its benefits' })).toHaveAttribute(
      'href',
      '/dashboard/tiers',
    );
    expect(screen.getByRole('region', { name: 'Contact' })).toHaveTextContent('members@example.com');
    network.restore();
  });

  it('says the figures of the rules in force: the rate a night, and the catalogue’s validity and cancellation windows', async () => {
    const network = mockFetch([tiersRoute, catalogueRoute]);
    await renderWithProviders(<HelpPage />, { namespaces: ['points'], route: '/dashboard/help' });
    expect(screen.getByRole('region', { name: 'Earning points' })).toHaveTextContent(
      '150 points a night at the standard rate',
    );
    const rewards = screen.getByRole('region', { name: 'Rewards and vouchers' });
    await waitFor(() =>
      expect(rewards).toHaveTextContent('Rewards in the catalogue today are valid for 45 to 400 days.'),
    );
    expect(rewards).toHaveTextContent('In the catalogue today, these windows run from 5 to 21 days after redeeming.');
    expect(rewards).toHaveTextContent('Some rewards, such as concert tickets, can never be cancelled.');
    // In Arabic, with the plural form of the largest number.
    await act(() => i18n.changeLanguage('ar'));
    const number = (value: number) => formatNumber(value, 'ar');
    expect(screen.getByRole('region', { name: 'كسب النقاط' })).toHaveTextContent(`${number(150)} نقطة لليلة`);
    expect(screen.getByRole('region', { name: 'المكافآت والقسائم' })).toHaveTextContent(
      `من ${number(45)} إلى ${number(400)} يوم`,
    );
    network.restore();
  });

  it("speaks the member's language", async () => {
    const network = mockFetch([tiersRoute]);
    await renderWithProviders(<HelpPage />, { namespaces: ['points'], route: '/dashboard/help' });
    await screen.findByRole('list', { name: 'Tier levels' });
    await act(() => i18n.changeLanguage('de'));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Hilfe');
    expect(screen.getByRole('region', { name: 'Fehlende Punkte anfordern' })).toHaveTextContent(
      'bis zu 180 Tage nach dem Check-out',
    );
    network.restore();
  });
});
