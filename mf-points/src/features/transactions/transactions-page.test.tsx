import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setRuntimeConfig } from '@loyalty/shared/config';
import { mockFetch, renderWithProviders } from '@loyalty/shared/testing';
import '../../routes';
import { TransactionsPage } from './transactions-page';

const credit = {
  id: 'c',
  transactionNumber: 'TXN-000042',
  date: '2026-11-22T10:00:00.000Z',
  type: 'credit',
  points: 200,
  description: 'Stay at the harbour hotel',
};

jest.setTimeout(30_000);

describe('TransactionsPage', () => {
  const original = window.matchMedia;
  beforeEach(() => {
    setRuntimeConfig({ HOST_API: 'http://api.test' });
    // jsdom has no media queries: a phone's width.
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

  it('asks for keywords when Search is pressed with nothing typed, and sends no search', async () => {
    const network = mockFetch([
      { method: 'GET', path: '/api/user/transactions/all', body: { data: [credit], total: 1, page: 1, pageSize: 10 } },
    ]);
    await renderWithProviders(<TransactionsPage />, { namespaces: ['points'], route: '/dashboard/transactions' });
    await waitFor(() => expect(screen.getAllByText(/TXN-000042/).length).toBeGreaterThan(0));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Search by transaction number'), '   ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Please enter keywords')).toBeInTheDocument();
    expect(network.calls.some((call) => new URL(call.url).searchParams.has('q'))).toBe(false);

    // A real search afterwards leaves the prompt behind.
    await user.type(screen.getByLabelText('Search by transaction number'), 'TXN-000042');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(network.calls.some((call) => new URL(call.url).searchParams.get('q') === 'TXN-000042')).toBe(true),
    );
    expect(screen.queryByText('Please enter keywords')).not.toBeInTheDocument();
    network.restore();
  });
});
