import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setRuntimeConfig } from '@loyalty/shared/config';
import { mockFetch, renderWithProviders, type MockRoute } from '@loyalty/shared/testing';
import '../../routes';
import { texts, voucher } from '../../testing/fixtures';
import { MyRewardsPage } from './my-rewards-page';

const breakfast = voucher('aaaa', 'Breakfast for two', {});
const spa = voucher('bbbb', 'Spa voucher', { state: 'used', cancellable: false, usedAt: '2026-11-23T09:00:00.000Z' });
const lounge = voucher('cccc', 'Airport lounge pass', {
  state: 'expired',
  cancellable: false,
  issuedAt: '2026-05-24T10:00:00.000Z',
  validUntil: '2026-11-19',
});
const routes = (extra: MockRoute[] = []): MockRoute[] => [
  ...extra,
  { method: 'GET', path: '/api/user/vouchers', body: { data: [breakfast, spa, lounge] } },
];

jest.setTimeout(30_000);

describe('MyRewardsPage', () => {
  beforeEach(() => setRuntimeConfig({ HOST_API: 'http://api.test' }));

  it('lists the vouchers newest first with their state, code, validity and how to use them', async () => {
    const network = mockFetch(routes());
    await renderWithProviders(<MyRewardsPage />, { namespaces: ['points'], route: '/dashboard/my-rewards' });
    expect(screen.getByRole('heading', { level: 1, name: 'My rewards' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'My vouchers' });
    const cards = within(list).getAllByRole('article');
    expect(cards.map((card) => card.getAttribute('aria-labelledby'))).toEqual([
      'voucher-aaaa',
      'voucher-bbbb',
      'voucher-cccc',
    ]);
    const active = screen.getByRole('article', { name: 'Breakfast for two' });
    expect(active).toHaveTextContent('Active');
    expect(active).toHaveTextContent('AAAA-2XPD-93HT');
    expect(active).toHaveTextContent('Valid until 19 Feb 2027');
    expect(active).toHaveTextContent("How to use it: show this code at the hotel's front desk.");
    expect(active).toHaveTextContent('You can cancel it until 29 Nov 2026');
    expect(await within(active).findByRole('img', { name: 'QR code of voucher AAAA-2XPD-93HT' })).toBeInTheDocument();
    const used = screen.getByRole('article', { name: 'Spa voucher' });
    expect(used).toHaveTextContent('Used');
    expect(used).toHaveTextContent('Used on 23 Nov 2026');
    // A used voucher can be neither cancelled nor scanned.
    expect(within(used).queryByRole('button')).not.toBeInTheDocument();
    expect(within(used).queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument();
    // Past its last day: said so with that day, its code struck through, nothing left to do with it.
    const expired = screen.getByRole('article', { name: 'Airport lounge pass' });
    expect(within(expired).getByTestId('voucher-state')).toHaveTextContent('Expired');
    expect(expired).toHaveTextContent('Expired: it was valid until 19 Nov 2026');
    expect(expired).not.toHaveTextContent('How to use it');
    expect(within(expired).getByTestId('voucher-code')).toHaveStyle({ textDecoration: 'line-through' });
    expect(within(expired).queryByRole('button')).not.toBeInTheDocument();
    expect(within(expired).queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument();
    network.restore();
  });

  it('cancels through a confirm step, says the points are back and links to the refund line', async () => {
    const network = mockFetch(
      routes([
        {
          method: 'POST',
          path: '/api/user/vouchers/aaaa/cancel',
          body: {
            message: 'ok',
            data: {
              voucher: { ...breakfast, state: 'cancelled', cancellable: false, refundTransactionNumber: 'TXN-000043' },
              transaction: {
                id: 'r',
                transactionNumber: 'TXN-000043',
                date: '2026-11-24T10:00:00.000Z',
                type: 'credit',
                points: 450,
                description: 'Cancelled: Breakfast for two',
                reward: { id: 'rw-aaaa', name: texts('Breakfast for two') },
              },
              balance: { pointBalance: 1450, pointsPending: 0, totalClaimed: 2000 },
            },
          },
        },
      ]),
    );
    await renderWithProviders(<MyRewardsPage />, { namespaces: ['points'], route: '/dashboard/my-rewards' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel Breakfast for two' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this reward?' });
    expect(dialog).toHaveTextContent(
      'Cancel Breakfast for two? Its code stops working and 450 points go back to your balance.',
    );
    // Nothing is sent before the member confirms.
    expect(network.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel it' }));
    const outcome = await screen.findByTestId('voucher-outcome');
    expect(outcome).toHaveTextContent(
      'Breakfast for two cancelled. 450 points are back: your balance is now 1,450 points.',
    );
    await waitFor(() => expect(within(outcome).getByRole('status')).toHaveFocus());
    expect(within(outcome).getByRole('link', { name: 'See the refund on your statement' })).toHaveAttribute(
      'href',
      '/dashboard/transactions/TXN-000043',
    );
    network.restore();
  });

  it('says in the member’s words that a voucher used meanwhile cannot be cancelled, and asks for the list again', async () => {
    const network = mockFetch(
      routes([
        {
          method: 'POST',
          path: '/api/user/vouchers/aaaa/cancel',
          status: 409,
          body: { message: 'This voucher has been used', errors: { voucher: 'This voucher has been used' } },
        },
      ]),
    );
    await renderWithProviders(<MyRewardsPage />, { namespaces: ['points'], route: '/dashboard/my-rewards' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel Breakfast for two' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, cancel it' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This reward can no longer be cancelled');
    await waitFor(() =>
      expect(
        network.calls.filter((call) => new URL(call.url).pathname === '/api/user/vouchers').length,
      ).toBeGreaterThan(1),
    );
    network.restore();
  });

  it('says when there are none yet, with a way to the catalogue', async () => {
    const network = mockFetch([{ method: 'GET', path: '/api/user/vouchers', body: { data: [] } }]);
    await renderWithProviders(<MyRewardsPage />, { namespaces: ['points'], route: '/dashboard/my-rewards' });
    expect(await screen.findByText('No rewards yet')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Browse the rewards' })[0]).toHaveAttribute(
      'href',
      '/dashboard/rewards',
    );
    network.restore();
  });
});
