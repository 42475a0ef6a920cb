import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setRuntimeConfig } from '@loyalty/shared/config';
import { mockFetch, renderWithProviders } from '@loyalty/shared/testing';
import '../../routes';
import { TransactionsPage } from './transactions-page';

const debit = {
  id: 'd',
  transactionNumber: 'TXN-000042',
  date: '2026-11-22T10:00:00.000Z',
  type: 'debit',
  points: 200,
  description: 'Redeemed: Airport lounge pass',
  reward: { id: 'rw-lounge', name: { en: 'Airport lounge pass', fr: 'a', es: 'b', de: 'c', ar: 'd' } },
};

jest.setTimeout(30_000);

describe('TransactionsPage (the statement)', () => {
  const original = window.matchMedia;
  beforeEach(() => {
    setRuntimeConfig({ HOST_API: 'http://api.test' });
    // jsdom has no media queries: a phone's width, where the lines are cards.
    window.matchMedia = (media: string) =>
      ({
        matches: false,
        media,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList;
  });
  afterEach(() => {
    window.matchMedia = original;
  });

  it('says what each line was, links to its detail, and searches by booking id or description', async () => {
    const network = mockFetch([
      { method: 'GET', path: '/api/user/transactions/all', body: { data: [debit], total: 1, page: 1, pageSize: 10 } },
    ]);
    await renderWithProviders(<TransactionsPage />, { namespaces: ['points'], route: '/dashboard/transactions' });
    expect(await screen.findByRole('link', { name: 'Redeemed: Airport lounge pass' })).toHaveAttribute(
      'href',
      '/dashboard/transactions/TXN-000042',
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Search by booking ID or description'), 'lounge');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(network.calls.some((call) => new URL(call.url).searchParams.get('q') === 'lounge')).toBe(true),
    );
    network.restore();
  });

  it('asks for keywords when Search is pressed with nothing typed, and sends no search', async () => {
    const network = mockFetch([
      { method: 'GET', path: '/api/user/transactions/all', body: { data: [debit], total: 1, page: 1, pageSize: 10 } },
    ]);
    await renderWithProviders(<TransactionsPage />, { namespaces: ['points'], route: '/dashboard/transactions' });
    await screen.findByRole('link', { name: 'Redeemed: Airport lounge pass' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Search by booking ID or description'), '   ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Please enter keywords')).toBeInTheDocument();
    expect(network.calls.some((call) => new URL(call.url).searchParams.has('q'))).toBe(false);
    network.restore();
  });

  it('says the next expiry above the lines, and an expiry line as one, with the last activity before it', async () => {
    const expiry = {
      id: 'txn-expiry-m-2028-01-15',
      transactionNumber: 'TXN-000043',
      date: '2028-01-15T00:00:00.000Z',
      type: 'debit',
      points: 300,
      description: 'Points expired: no activity since 2026-01-15',
      expiry: { lastActivity: '2026-01-15' },
    };
    const network = mockFetch([
      { method: 'GET', path: '/api/user/transactions/all', body: { data: [expiry], total: 1, page: 1, pageSize: 10 } },
      {
        method: 'GET',
        path: '/api/user/points/balance',
        body: {
          data: {
            pointBalance: 40,
            pointsPending: 0,
            totalClaimed: 340,
            nextExpiry: { points: 40, date: '2030-02-01', soon: false },
          },
        },
      },
    ]);
    await renderWithProviders(<TransactionsPage />, { namespaces: ['points'], route: '/dashboard/transactions' });
    expect(
      await screen.findByRole('link', { name: 'Points expired: no activity since 15 January 2026' }),
    ).toHaveAttribute('href', '/dashboard/transactions/TXN-000043');
    expect(await screen.findByTestId('expiry-notice')).toHaveTextContent('40 points expire on 1 February 2030');
    network.restore();
  });
});
