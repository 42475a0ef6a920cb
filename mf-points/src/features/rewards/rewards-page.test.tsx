import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setRuntimeConfig } from '@loyalty/shared/config';
import type { Reward } from '@loyalty/shared/api';
import { mockFetch, renderWithProviders, type MockRoute } from '@loyalty/shared/testing';
import '../../routes';
import { texts, voucher } from '../../testing/fixtures';
import { RewardsPage } from './rewards-page';

const reward = (
  id: string,
  name: string,
  category: Reward['category'],
  cost: number,
  remaining: number | null,
): Reward => ({
  id,
  name: texts(name),
  description: texts(`${name}, described`),
  category,
  icon: 'lounge',
  cost,
  remaining,
  soldOut: remaining === 0,
  validityDays: 180,
  cancellationDays: 7,
  usage: 'online',
  image: {
    src: `/api/rewards/${id}/images/640.webp?v=1`,
    width: 640,
    height: 360,
    sources: [
      {
        type: 'image/avif',
        srcSet: `/api/rewards/${id}/images/320.avif?v=1 320w, /api/rewards/${id}/images/640.avif?v=1 640w`,
      },
      { type: 'image/webp', srcSet: `/api/rewards/${id}/images/320.webp?v=1 320w` },
    ],
    alt: texts(`${name}, pictured`),
  },
  featured: id === 'rw-dinner',
});
const catalogue = [
  reward('rw-lounge', 'Airport lounge pass', 'travel', 200, 50),
  reward('rw-dinner', 'Tasting dinner', 'dining', 2500, 3),
  reward('rw-concert', 'Rooftop concert', 'experiences', 100, 0),
];
const routes = (extra: MockRoute[] = []): MockRoute[] => [
  ...extra,
  { method: 'GET', path: '/api/rewards', body: { data: catalogue } },
  {
    method: 'GET',
    path: '/api/user/points/balance',
    body: { data: { pointBalance: 650, pointsPending: 0, totalClaimed: 650 } },
  },
];

jest.setTimeout(30_000);

describe('RewardsPage', () => {
  beforeEach(() => setRuntimeConfig({ HOST_API: 'http://api.test' }));

  it('lists the catalogue with prices and what can be had, and filters it by category and by balance', async () => {
    const network = mockFetch(routes());
    await renderWithProviders(<RewardsPage />, { namespaces: ['points'], route: '/dashboard/rewards' });
    const list = await screen.findByRole('list', { name: 'Rewards' });
    expect(within(list).getAllByRole('article')).toHaveLength(3);
    const dinner = screen.getByRole('article', { name: 'Tasting dinner' });
    expect(dinner).toHaveTextContent('2,500 points');
    expect(dinner).toHaveTextContent('Only 3 left');
    expect(dinner).toHaveTextContent('1,850 more points needed');
    expect(within(dinner).getByRole('button', { name: 'Redeem Tasting dinner' })).toBeDisabled();
    expect(within(screen.getByRole('article', { name: 'Rooftop concert' })).getByRole('button')).toBeDisabled();
    expect(screen.getByRole('article', { name: 'Rooftop concert' })).toHaveTextContent('Sold out');
    // The featured reward leads, large, with its picture in the member's language and from the API.
    const articles = within(list).getAllByRole('article');
    expect(articles[0]).toBe(dinner);
    expect(dinner).toHaveAttribute('data-featured', 'true');
    expect(dinner).toHaveTextContent('Featured');
    const picture = within(dinner).getByRole('img', { name: 'Tasting dinner, pictured' });
    expect(picture).toHaveAttribute('src', 'http://api.test/api/rewards/rw-dinner/images/640.webp?v=1');
    expect(picture).toHaveAttribute('width', '640');
    expect(picture).toHaveAttribute('height', '360');
    expect(dinner.querySelector('source[type="image/avif"]')).toHaveAttribute(
      'srcset',
      'http://api.test/api/rewards/rw-dinner/images/320.avif?v=1 320w, http://api.test/api/rewards/rw-dinner/images/640.avif?v=1 640w',
    );

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Dining' }));
    expect(screen.getByRole('button', { name: 'Dining' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(screen.getByRole('list', { name: 'Rewards' })).getAllByRole('article')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Within my balance' }));
    expect(await screen.findByText('No rewards match')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show every reward' }));
    expect(within(screen.getByRole('list', { name: 'Rewards' })).getAllByRole('article')).toHaveLength(3);
    network.restore();
  });

  it('redeems through the confirm step at the catalogue price, shows the voucher and links to the statement line', async () => {
    const debit = {
      id: 'd',
      transactionNumber: 'TXN-000042',
      date: '2026-11-22T10:00:00.000Z',
      type: 'debit',
      points: 200,
      description: 'Redeemed: Airport lounge pass',
      reward: { id: 'rw-lounge', name: texts('Airport lounge pass') },
    };
    const network = mockFetch(
      routes([
        {
          method: 'POST',
          path: '/api/rewards/rw-lounge/redeem',
          body: {
            message: 'ok',
            data: {
              transaction: debit,
              balance: { pointBalance: 450, pointsPending: 0, totalClaimed: 650 },
              reward: catalogue[0],
              voucher: voucher('6f1c9b3e-1111-4222-8333-944455556666', 'Airport lounge pass', {
                code: 'K7QM-2XPD-93HT',
                rewardId: 'rw-lounge',
                icon: 'lounge',
                usage: 'online',
                points: 200,
                validUntil: '2027-05-20',
              }),
            },
          },
        },
      ]),
    );
    await renderWithProviders(<RewardsPage />, { namespaces: ['points'] });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Redeem Airport lounge pass' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm the reward' });
    expect(dialog).toHaveTextContent(
      'Redeem Airport lounge pass for 200 points? Your balance will then be 450 points.',
    );
    expect(network.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, redeem' }));
    const outcome = await screen.findByTestId('reward-outcome');
    expect(outcome).toHaveTextContent('Airport lounge pass redeemed for 200 points. Your new balance is 450 points.');
    await waitFor(() => expect(outcome).toHaveFocus());
    expect(within(outcome).getByRole('link', { name: 'See it on your statement' })).toHaveAttribute(
      'href',
      '/dashboard/transactions/TXN-000042',
    );
    // The voucher to use: its code, as a QR code too, its last day and how to use it.
    expect(within(outcome).getByTestId('voucher-code')).toHaveTextContent('K7QM-2XPD-93HT');
    expect(await within(outcome).findByRole('img', { name: 'QR code of voucher K7QM-2XPD-93HT' })).toBeInTheDocument();
    expect(outcome).toHaveTextContent('Valid until 20 May 2027');
    expect(outcome).toHaveTextContent('How to use it: enter this code online when you book.');
    expect(within(outcome).getByRole('link', { name: 'See all my rewards' })).toHaveAttribute(
      'href',
      '/dashboard/my-rewards',
    );
    const redeem = network.calls.find((call) => call.method === 'POST')!;
    expect(await redeem.json()).toEqual({ cost: 200 });
    network.restore();
  });

  it.each([
    [{ reward: 'This reward is sold out' }, 'Sorry, this reward has just sold out.'],
    [{ cost: 'The price of this reward is now 300 points' }, 'The price of this reward has just changed.'],
  ])('says a refusal (%j) in the member’s words', async (errors, shown) => {
    const network = mockFetch(
      routes([
        { method: 'POST', path: '/api/rewards/rw-lounge/redeem', status: 409, body: { message: 'refused', errors } },
      ]),
    );
    await renderWithProviders(<RewardsPage />, { namespaces: ['points'] });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Redeem Airport lounge pass' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, redeem' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(shown);
    // The catalogue is asked for again, so the page shows the units and prices of now.
    await waitFor(() =>
      expect(network.calls.filter((call) => new URL(call.url).pathname === '/api/rewards').length).toBeGreaterThan(1),
    );
    network.restore();
  });
});
