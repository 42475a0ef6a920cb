import { screen, within } from '@testing-library/react';
import { setRuntimeConfig } from '@loyalty/shared/config';
import { sessionStore } from '@loyalty/shared/session';
import { mockFetch, renderWithProviders, TEST_USER } from '@loyalty/shared/testing';
import { tierLook } from '@loyalty/shared/ui';
import '../../routes';
import { MembershipCard } from './membership-card';

const tiers = {
  tiers: [
    { level: 1, name: 'Bronze', criterion: 'points', threshold: 0 },
    { level: 2, name: 'Silver', criterion: 'points', threshold: 1000 },
    { level: 3, name: 'Gold', criterion: 'points', threshold: 3000 },
  ],
  current: { level: 2, name: 'Silver', criterion: 'points', threshold: 1000 },
  next: { level: 3, name: 'Gold', criterion: 'points', threshold: 3000 },
  progress: { value: 1600, target: 3000, state: 'keep_going' },
};

jest.setTimeout(30_000);

describe('MembershipCard', () => {
  beforeEach(() => {
    setRuntimeConfig({ HOST_API: 'http://api.test' });
    sessionStore.setState({ user: { ...TEST_USER, MemberNumber: '712345678903' } });
  });

  it('shows the member, the card number in groups, the tier and the balance as the main figure with its unit', async () => {
    const network = mockFetch([
      {
        method: 'GET',
        path: '/api/user/points/balance',
        body: { data: { pointBalance: 12500, pointsPending: 700, totalClaimed: 13200 } },
      },
      { method: 'GET', path: '/api/auth/fetch-tiers', body: { data: tiers } },
    ]);
    await renderWithProviders(<MembershipCard linkToCodes />, { namespaces: ['points'] });
    const card = screen.getByRole('region', { name: 'Ada Lovelace' });
    expect(await within(card).findByText('12,500')).toHaveAttribute('data-testid', 'balance-pointBalance');
    expect(within(card).getByText('points')).toBeInTheDocument();
    expect(within(card).getByTestId('balance-pointsPending')).toHaveTextContent('700');
    // No-break spaces: the number never wraps between its groups.
    expect(within(card).getByTestId('card-number').textContent).toBe('7123\u00a04567\u00a08903');
    expect(await within(card).findByTestId('card-tier')).toHaveTextContent('Silver');
    // The badge leads to the tier page, its name beginning with what it shows.
    expect(within(card).getByRole('link', { name: 'Silver: your tier and its benefits' })).toHaveAttribute(
      'href',
      '/dashboard/tiers',
    );
    // Silver in its one colour, the one the account page gives it too (`tierLook` in the shared UI).
    expect(card.style.background).toBe(tierLook({ level: 2 }).background);
    expect(within(card).getByText('1,600 of 3,000 points to Gold')).toBeInTheDocument();
    expect(within(card).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '53');
    expect(within(card).getByRole('link', { name: 'Show card to scan' })).toHaveAttribute('href', '/dashboard/card');
    // Nothing expires: the API gives no date, the card says nothing of it.
    expect(within(card).queryByTestId('expiry-notice')).not.toBeInTheDocument();
    network.restore();
  });

  it('says how many points expire on which day, in the member’s language', async () => {
    const network = mockFetch([
      {
        method: 'GET',
        path: '/api/user/points/balance',
        body: {
          data: {
            pointBalance: 1350,
            pointsPending: 0,
            totalClaimed: 1600,
            nextExpiry: { points: 1350, date: '2028-01-21', soon: false },
          },
        },
      },
      { method: 'GET', path: '/api/auth/fetch-tiers', body: { data: tiers } },
    ]);
    await renderWithProviders(<MembershipCard />, { namespaces: ['points'] });
    const card = screen.getByRole('region', { name: 'Ada Lovelace' });
    expect(await within(card).findByTestId('expiry-notice')).toHaveTextContent(
      '1,350 points expire on 21 January 2028',
    );
    network.restore();
  });

  it('offers Retry in place of the figures when the balance cannot be loaded', async () => {
    const network = mockFetch([
      { method: 'GET', path: '/api/user/points/balance', status: 500, body: {} },
      { method: 'GET', path: '/api/auth/fetch-tiers', body: { data: { ...tiers, current: null } } },
    ]);
    await renderWithProviders(<MembershipCard />, { namespaces: ['points'] });
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
    // Under the card's h2 (the member's name), the failure's title is the next level.
    expect(within(screen.getByRole('alert')).getByRole('heading', { level: 3 })).toBeVisible();
    expect(await screen.findByText('New member')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Show card to scan' })).not.toBeInTheDocument();
    network.restore();
  });
});
