import { screen, within } from '@testing-library/react';
import { setRuntimeConfig } from '@loyalty/shared/config';
import type { Balance } from '@loyalty/shared/api';
import { queryClient } from '@loyalty/shared/api/query-client';
import { mockFetch, renderWithProviders } from '@loyalty/shared/testing';
import '../../routes';
import { NextSteps } from './next-steps';

const balance = (nextExpiry: Balance['nextExpiry']): Balance => ({
  pointBalance: 650,
  pointsPending: 0,
  totalClaimed: 900,
  nextExpiry,
});

async function renderWith(data: Balance) {
  const network = mockFetch([
    { method: 'GET', path: '/api/user/points/balance', body: { data } },
    { method: 'GET', path: '/api/user/points/pending', body: { data: [] } },
  ]);
  await renderWithProviders(<NextSteps />, { namespaces: ['points'] });
  const card = screen.getByRole('region', { name: 'Next steps' });
  expect(await within(card).findByText('You have 650 points to spend.')).toBeInTheDocument();
  return { card, network };
}

jest.setTimeout(30_000);

describe('NextSteps and an expiry (docs/product/expiry.md)', () => {
  beforeEach(() => setRuntimeConfig({ HOST_API: 'http://api.test' }));
  afterEach(() => queryClient.clear());

  it('says, within the notice, which points expire when and what keeps them', async () => {
    const { card, network } = await renderWith(balance({ points: 650, date: '2028-01-15', soon: true }));
    expect(within(card).getByTestId('next-step-expiry')).toHaveTextContent(
      '650 points expire on 15 January 2028. Claim a stay or redeem a reward before then and your whole balance stays valid for 24 months more.',
    );
    network.restore();
  });

  it('says nothing of an expiry further off than the notice', async () => {
    const far = await renderWith(balance({ points: 650, date: '2028-01-15', soon: false }));
    expect(within(far.card).queryByTestId('next-step-expiry')).not.toBeInTheDocument();
    far.network.restore();
  });
});
