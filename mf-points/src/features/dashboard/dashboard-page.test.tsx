import { act, screen, within } from '@testing-library/react';
import { setRuntimeConfig } from '@loyalty/shared/config';
import type { MemberBooking } from '@loyalty/shared/api';
import { queryClient } from '@loyalty/shared/api/query-client';
import { mockFetch, ONE_TIER, renderWithProviders, type MockRoute } from '@loyalty/shared/testing';
import '../../routes';
import { voucher } from '../../testing/fixtures';
import { DashboardPage } from './dashboard-page';

const BALANCE = '/api/user/points/balance';
const BELOW_THE_FIGURES = ['/api/user/vouchers', '/api/user/bookings'];

const spa = voucher('AAAA', 'Spa voucher');
const stay: MemberBooking = {
  bookingId: 'BK-0004',
  property: 'Hotel BK-0004',
  startDate: '2026-12-20',
  endDate: '2026-12-23',
  points: 300,
  status: 'upcoming',
  pointsMissingUntil: null,
};

/**
 * The dashboard's network, with the balance's answer held back until `answerBalance` is called
 * (then as `balance` says); `asked` lists the paths asked for so far, in order.
 */
function dashboardNetwork(balance: Omit<MockRoute, 'method' | 'path'>) {
  const network = mockFetch([
    { method: 'GET', path: BALANCE, ...balance },
    { method: 'GET', path: '/api/user/points/pending', body: { data: [] } },
    { method: 'GET', path: '/api/auth/fetch-tiers', body: { data: ONE_TIER } },
    { method: 'GET', path: '/api/user/vouchers', body: { data: [spa] } },
    { method: 'GET', path: '/api/user/bookings', body: { data: [stay] } },
  ]);
  const answer = globalThis.fetch;
  const asked: string[] = [];
  let answerBalance!: () => void;
  const balanceHeld = new Promise<void>((resolve) => (answerBalance = resolve));
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    asked.push(new URL(request.url).pathname);
    if (asked.at(-1) === BALANCE) await balanceHeld;
    return answer(request);
  }) as typeof fetch;
  return {
    answerBalance,
    asked: () => [...asked],
    restore: network.restore,
  };
}

jest.setTimeout(30_000);

describe('DashboardPage: the cards below the figures wait for the balance', () => {
  beforeEach(() => setRuntimeConfig({ HOST_API: 'http://api.test' }));
  afterEach(() => queryClient.clear());

  it('asks for the vouchers and the stays, and loads their cards, only once the balance is on screen', async () => {
    const network = dashboardNetwork({
      body: { data: { pointBalance: 12500, pointsPending: 0, totalClaimed: 13200 } },
    });
    await renderWithProviders(<DashboardPage />, { namespaces: ['points'] });

    // The other figures have been asked for, answered and drawn while the balance is on its way.
    const tiers = screen.getByRole('region', { name: 'Tier tracker' });
    expect(await within(tiers).findByText('Current')).toBeInTheDocument();
    expect(network.asked()).toContain(BALANCE);
    expect(screen.getByTestId('membership-card')).toHaveAttribute('aria-busy', 'true');
    for (const path of BELOW_THE_FIGURES) expect(network.asked()).not.toContain(path);

    await act(async () => network.answerBalance());
    expect(await screen.findByText('12,500')).toHaveAttribute('data-testid', 'balance-pointBalance');
    expect(await screen.findByRole('region', { name: 'Rewards to use' })).toHaveTextContent('AAAA-2XPD-93HT');
    expect(await screen.findByRole('region', { name: 'Upcoming stays' })).toHaveTextContent('Hotel BK-0004');
    // After the balance's own request, once each.
    const asked = network.asked();
    for (const path of BELOW_THE_FIGURES) {
      expect(asked.filter((each) => each === path)).toHaveLength(1);
      expect(asked.indexOf(path)).toBeGreaterThan(asked.indexOf(BALANCE));
    }
    network.restore();
  });

  it('still brings them when the balance fails: its failure is what the member sees there', async () => {
    const network = dashboardNetwork({ status: 500, body: { message: 'Down' } });
    await renderWithProviders(<DashboardPage />, { namespaces: ['points'] });
    await act(async () => network.answerBalance());
    const card = screen.getByTestId('membership-card');
    expect(await within(card).findByRole('button', { name: /retry/i })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Rewards to use' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Upcoming stays' })).toBeInTheDocument();
    network.restore();
  });
});
