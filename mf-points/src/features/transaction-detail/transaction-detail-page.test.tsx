import { screen } from '@testing-library/react';
import { setRuntimeConfig } from '@loyalty/shared/config';
import { Route, Routes } from '@loyalty/shared/router';
import { mockFetch, renderWithProviders } from '@loyalty/shared/testing';
import '../../routes';
import { TransactionDetailPage } from './transaction-detail-page';

const claim = {
  id: 't-1',
  transactionNumber: 'TXN-000017',
  date: '2030-06-02T10:00:00.000Z',
  type: 'credit_pending',
  points: 400,
  bookingId: 'BK-1003',
  availableOn: '2030-06-06',
  description: 'Points claimed for booking BK-1003',
  stay: { startDate: '2030-06-01', endDate: '2030-06-05' },
};

const page = (
  <Routes>
    <Route path="/dashboard/transactions/:transactionNumber" element={<TransactionDetailPage />} />
  </Routes>
);

describe('TransactionDetailPage', () => {
  beforeEach(() => setRuntimeConfig({ HOST_API: 'http://api.test' }));

  it('shows one line with all it holds: what it was, stay, status, the day its points become available', async () => {
    const network = mockFetch([{ method: 'GET', path: '/api/user/transactions/TXN-000017', body: { data: claim } }]);
    await renderWithProviders(page, { namespaces: ['points'], route: '/dashboard/transactions/TXN-000017' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Stay \u2068BK-1003\u2069' })).toBeInTheDocument();
    expect(screen.getByText(/^1\s?–\s?5 Jun 2030$/)).toBeInTheDocument();
    expect(screen.getByText('Credit pending')).toBeInTheDocument();
    expect(screen.getByText('6 June 2030')).toBeInTheDocument();
    expect(screen.getByTestId('detail-points')).toHaveTextContent('+400');
    expect(screen.getByRole('link', { name: 'Back to the statement' })).toHaveAttribute(
      'href',
      '/dashboard/transactions',
    );
    network.restore();
  });

  it('says a number that is not on the statement was not found', async () => {
    const network = mockFetch([
      {
        method: 'GET',
        path: '/api/user/transactions/TXN-999999',
        status: 404,
        body: { message: 'No such transaction' },
      },
    ]);
    await renderWithProviders(page, { namespaces: ['points'], route: '/dashboard/transactions/TXN-999999' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Transaction not found' })).toBeInTheDocument();
    network.restore();
  });
});
