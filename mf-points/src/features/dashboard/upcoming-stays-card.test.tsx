import { screen, waitFor, within } from '@testing-library/react';
import { setRuntimeConfig } from '@loyalty/shared/config';
import { bookingsQueryOptions, type MemberBooking } from '@loyalty/shared/api';
import { queryClient } from '@loyalty/shared/api/query-client';
import { mockFetch, renderWithProviders } from '@loyalty/shared/testing';
import '../../routes';
import UpcomingStaysCard from './upcoming-stays-card';

const booking = (
  bookingId: string,
  status: MemberBooking['status'],
  startDate: string,
  pointsMissingUntil: string | null = null,
): MemberBooking => ({
  bookingId,
  property: `Hotel ${bookingId}`,
  startDate,
  endDate: startDate.replace(/-(\d\d)$/, (_match, day: string) => `-${String(Number(day) + 3).padStart(2, '0')}`),
  points: 300,
  status,
  pointsMissingUntil,
});

jest.setTimeout(30_000);

describe('UpcomingStaysCard', () => {
  beforeEach(() => setRuntimeConfig({ HOST_API: 'http://api.test' }));

  it('names the next two stays, and links a past stay with missing points to the claim form, filled', async () => {
    mockFetch([
      {
        method: 'GET',
        path: '/api/user/bookings',
        body: {
          data: [
            booking('BK-0006', 'stayed', '2026-11-09', '2027-05-18'),
            booking('BK-0001', 'stayed', '2026-08-01'),
            booking('BK-0004', 'upcoming', '2026-12-20'),
            booking('BK-0008', 'cancelled', '2027-01-05'),
            booking('BK-0005', 'upcoming', '2027-01-27'),
            booking('BK-0009', 'upcoming', '2027-03-02'),
          ],
        },
      },
    ]);
    await renderWithProviders(<UpcomingStaysCard />, { namespaces: ['points'] });
    const card = await screen.findByRole('region', { name: 'Upcoming stays' });
    const upcoming = within(within(card).getByRole('list', { name: 'Upcoming stays' })).getAllByRole('listitem');
    expect(upcoming.map((item) => within(item).getByText(/^Hotel/).textContent)).toEqual([
      'Hotel BK-0004',
      'Hotel BK-0005',
    ]);
    expect(upcoming[0]).toHaveTextContent('300 points expected');
    expect(upcoming[0]).toHaveTextContent('BK-0004');

    const missing = within(card).getByRole('list', { name: 'Points missing' });
    expect(within(missing).getAllByRole('listitem')).toHaveLength(1);
    const claim = within(missing).getByRole('link', { name: /Claim the points of .*BK-0006/ });
    expect(claim).toHaveAttribute('href', '/dashboard/claim?bookingId=BK-0006&bookingDate=2026-11-09');
    expect(missing).toHaveTextContent('You can claim them until 18 May 2027');
    expect(within(card).getByRole('link', { name: 'See the calendar' })).toHaveAttribute('href', '/dashboard/calendar');
  });

  it('shows nothing without a stay ahead or points missing', async () => {
    mockFetch([
      {
        method: 'GET',
        path: '/api/user/bookings',
        body: { data: [booking('BK-0001', 'stayed', '2026-08-01'), booking('BK-0008', 'cancelled', '2027-01-05')] },
      },
    ]);
    const { container } = await renderWithProviders(<UpcomingStaysCard />, { namespaces: ['points'] });
    // The list came: the card decided to say nothing.
    await waitFor(() => expect(queryClient.getQueryData(bookingsQueryOptions().queryKey)).toHaveLength(2));
    expect(screen.queryByRole('region', { name: 'Upcoming stays' })).toBeNull();
    expect(container).toBeEmptyDOMElement();
  });
});
