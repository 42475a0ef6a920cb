import { screen, within } from '@testing-library/react';
import { setRuntimeConfig } from '@loyalty/shared/config';
import type { MemberBooking } from '@loyalty/shared/api';
import { mockFetch, renderWithProviders } from '@loyalty/shared/testing';
import '../../routes';
import { CalendarPage } from './calendar-page';

const booking = (bookingId: string, property: string, pointsMissingUntil: string | null): MemberBooking => ({
  bookingId,
  property,
  startDate: '2026-06-10',
  endDate: '2026-06-12',
  points: 200,
  status: 'stayed',
  pointsMissingUntil,
});

jest.setTimeout(30_000);

describe('CalendarPage with the member’s bookings', () => {
  beforeEach(() => setRuntimeConfig({ HOST_API: 'http://api.test' }));

  it('draws a booked stay, names its hotel, and offers the claim form filled when its points are missing', async () => {
    mockFetch([
      { method: 'GET', path: '/api/user/transactions/all', body: { data: [], total: 0, page: 1, pageSize: 100 } },
      {
        method: 'GET',
        path: '/api/user/bookings',
        body: { data: [booking('BK-0006', 'Garden Hotel, Seville', '2026-12-09')] },
      },
    ]);
    await renderWithProviders(<CalendarPage />, { route: '/dashboard/calendar?month=2026-06', namespaces: ['points'] });
    const grid = await screen.findByRole('grid', { name: 'June 2026' });
    expect(
      within(grid).getByRole('gridcell', { name: /^Wednesday, 10 June 2026, booked stay BK-0006$/ }),
    ).toBeVisible();
    expect(screen.getByRole('list', { name: 'Key' })).toHaveTextContent('Stay booked, not claimed yet');

    const day = screen.getByRole('region', { name: 'Wednesday, 10 June 2026' });
    expect(day).toHaveTextContent('Garden Hotel, Seville');
    expect(day).toHaveTextContent('Points missing');
    expect(within(day).getByRole('link', { name: /Claim the points of .*BK-0006/ })).toHaveAttribute(
      'href',
      '/dashboard/claim?bookingId=BK-0006&bookingDate=2026-06-10',
    );
  });
});
