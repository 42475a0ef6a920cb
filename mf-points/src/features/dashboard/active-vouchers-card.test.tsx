import { screen, waitFor, within } from '@testing-library/react';
import { setRuntimeConfig } from '@loyalty/shared/config';
import { vouchersQueryOptions } from '@loyalty/shared/api';
import { queryClient } from '@loyalty/shared/api/query-client';
import { mockFetch, renderWithProviders } from '@loyalty/shared/testing';
import '../../routes';
import { voucher } from '../../testing/fixtures';
import { ActiveVouchersCard } from './active-vouchers-card';

jest.setTimeout(30_000);

describe('ActiveVouchersCard', () => {
  beforeEach(() => setRuntimeConfig({ HOST_API: 'http://api.test' }));

  it('names the active vouchers only, with code and last day, and leads to My rewards', async () => {
    const network = mockFetch([
      {
        method: 'GET',
        path: '/api/user/vouchers',
        body: {
          data: [
            voucher('AAAA', 'Spa voucher'),
            voucher('BBBB', 'Breakfast for two', { state: 'used', cancellable: false }),
          ],
        },
      },
    ]);
    await renderWithProviders(<ActiveVouchersCard />, { namespaces: ['points'] });
    const card = await screen.findByRole('region', { name: 'Rewards to use' });
    const items = within(card).getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent('Spa voucher');
    expect(items[0]).toHaveTextContent('AAAA-2XPD-93HT');
    expect(items[0]).toHaveTextContent('Valid until 19 Feb 2027');
    expect(within(card).getByRole('link', { name: 'My rewards' })).toHaveAttribute('href', '/dashboard/my-rewards');
    network.restore();
  });

  it('shows nothing when no voucher is active', async () => {
    const network = mockFetch([
      {
        method: 'GET',
        path: '/api/user/vouchers',
        body: { data: [voucher('BBBB', 'Breakfast for two', { state: 'expired', cancellable: false })] },
      },
    ]);
    await renderWithProviders(<ActiveVouchersCard />, { namespaces: ['points'] });
    // Once the list has come, the card still draws nothing.
    await waitFor(() => expect(queryClient.getQueryState(vouchersQueryOptions().queryKey)?.status).toBe('success'));
    expect(screen.queryByRole('region', { name: 'Rewards to use' })).not.toBeInTheDocument();
    network.restore();
  });
});
