import { act, screen, within } from '@testing-library/react';
import { setRuntimeConfig } from '@loyalty/shared/config';
import { i18n } from '@loyalty/shared/i18n';
import { queryClient } from '@loyalty/shared/api/query-client';
import { mockFetch, renderWithProviders } from '@loyalty/shared/testing';
import '../../routes';
import { HelpPage } from './help-page';

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
    ).toEqual(['Bronze: from 0 points', 'Silver: from 1,000 points', 'Platinum: from 10,000 spent on bookings']);
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
