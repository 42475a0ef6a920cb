import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setRuntimeConfig } from '@loyalty/shared/config';
import { balanceQueryOptions } from '@loyalty/shared/api';
import { queryClient } from '@loyalty/shared/api/query-client';
import { mockFetch, renderWithProviders, type MockRoute } from '@loyalty/shared/testing';
import '../../routes';
import { RedeemPointsForm } from './redeem-form';

const debit = {
  id: 't-2',
  transactionNumber: 'TXN-000011',
  date: '2026-11-22T10:00:00.000Z',
  type: 'debit',
  points: 100,
  description: 'Redemption',
};
const balanceAfter = {
  pointBalance: 550,
  pointsPending: 0,
  totalClaimed: 650,
  nextExpiry: { points: 550, date: '2028-11-22', soon: false },
};
/** What the store asks for when it refreshes after a redemption. */
const refreshRoutes: MockRoute[] = [
  {
    method: 'GET',
    path: '/api/auth/fetch-tiers',
    body: {
      data: {
        tiers: [{ level: 1, name: 'Bronze', criterion: 'points', threshold: 0 }],
        current: { level: 1, name: 'Bronze', criterion: 'points', threshold: 0 },
        next: null,
        progress: { value: 0, target: 0, state: 'all_unlocked' },
      },
    },
  },
  { method: 'GET', path: '/api/user/points/balance', body: { data: balanceAfter } },
  { method: 'GET', path: '/api/user/points/pending', body: { data: [] } },
  { method: 'GET', path: '/api/user/transactions/all', body: { data: [debit], total: 1, page: 1, pageSize: 5 } },
];

// Typing through user-event is slow on a busy machine; the default 5 s is not enough there.
jest.setTimeout(30_000);

describe('RedeemPointsForm', () => {
  beforeEach(() => {
    setRuntimeConfig({ HOST_API: 'http://api.test' });
    queryClient.clear();
  });

  it.each([
    ['', 'Points are required'],
    ['0', 'Points must be at least 1'],
    ['1.5', 'Points must be a whole number'],
    ['651', 'You can redeem at most 650 points.'],
  ])('refuses %j with "%s" and sends nothing', async (typed, message) => {
    const network = mockFetch([]);
    await renderWithProviders(<RedeemPointsForm available={650} />, { namespaces: ['points'] });
    const user = userEvent.setup();
    if (typed) await user.type(screen.getByLabelText(/Points to redeem/), typed);
    await user.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByText(message)).toBeVisible();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(network.calls).toHaveLength(0);
    network.restore();
  });

  it('asks to confirm, redeems, and shows the new balance at once', async () => {
    const network = mockFetch([
      {
        method: 'POST',
        path: '/api/user/points/redeem',
        body: { message: 'ok', data: { transaction: debit, balance: balanceAfter } },
      },
      ...refreshRoutes,
    ]);
    await renderWithProviders(<RedeemPointsForm available={650} />, { namespaces: ['points'] });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Points to redeem/), '100');
    await user.click(screen.getByRole('button', { name: 'Redeem' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm the redemption' });
    expect(dialog).toHaveTextContent('Redeem 100 points? Your balance will then be 550 points.');
    expect(network.calls).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, redeem' }));
    expect(await screen.findByRole('status')).toHaveTextContent('100 points redeemed. Your new balance is 550 points.');
    expect(queryClient.getQueryData(balanceQueryOptions().queryKey)).toEqual(balanceAfter);
    const redeem = network.calls.find((call) => call.url.endsWith('/api/user/points/redeem'))!;
    expect(await redeem.json()).toEqual({ points: 100 });
    network.restore();
  });

  it('cancelling the dialog sends nothing', async () => {
    const network = mockFetch([]);
    await renderWithProviders(<RedeemPointsForm available={650} />, { namespaces: ['points'] });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Points to redeem/), '10');
    await user.click(screen.getByRole('button', { name: 'Redeem' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(network.calls).toHaveLength(0);
    network.restore();
  });

  it.each([
    [
      'without naming a field: as sent',
      { message: 'You can redeem at most 40 points (your available balance).' },
      'You can redeem at most 40 points (your available balance).',
    ],
    [
      'on the figure (the balance went down): in the member’s words, fetching the new balance',
      {
        message: 'You can redeem at most 40 points: that is your available balance.',
        errors: { points: 'You can redeem at most 40 points: that is your available balance.' },
      },
      'You cannot redeem more points than your available balance, shown above.',
    ],
  ])('shows a refusal %s, and keeps the figure typed', async (_case, body, shown) => {
    const network = mockFetch([{ method: 'POST', path: '/api/user/points/redeem', status: 422, body }]);
    await renderWithProviders(<RedeemPointsForm available={650} />, { namespaces: ['points'] });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Points to redeem/), '100');
    await user.click(screen.getByRole('button', { name: 'Redeem' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, redeem' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(shown);
    expect(screen.getByLabelText(/Points to redeem/)).toHaveValue(100);
    const balanceAskedFor = () =>
      network.calls.some((call) => new URL(call.url).pathname === '/api/user/points/balance');
    await waitFor(() => expect(balanceAskedFor()).toBe('errors' in body));
    network.restore();
  });
});
