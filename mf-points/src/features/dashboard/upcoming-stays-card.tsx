import { Card, Flex, Heading, Link, Stack, Text } from '@loyalty/shared/ui';
import { Link as RouterLink, paths } from '@loyalty/shared/router';
import { accessibleText, formatDate, formatNumber, isolate, useTranslation } from '@loyalty/shared/i18n';
import { useQuery } from '@tanstack/react-query';
import { bookingsQueryOptions, type MemberBooking } from '@loyalty/shared/api';
import { stayDates } from '../../components/statement/stay-dates';
import { claimPathFor } from '../../components/bookings/claim-link';

/** How many upcoming stays the dashboard names; the calendar has them all. */
const SHOWN = 2;

/**
 * The member's next stays and, below them, past stays whose points are missing with the way to
 * claim them (docs/product/bookings.md). Nothing while they load, fail, or when there is neither:
 * the calendar says the rest. In the chunk of the cards below the figures (below-the-figures.tsx).
 */
export default function UpcomingStaysCard() {
  const { t } = useTranslation('points');
  const { data } = useQuery(bookingsQueryOptions());
  const bookings = data ?? [];
  const upcoming = bookings.filter((booking) => booking.status === 'upcoming').slice(0, SHOWN);
  const missing = bookings.filter((booking) => booking.pointsMissingUntil !== null);
  if (upcoming.length === 0 && missing.length === 0) return null;

  return (
    <Card.Root as="section" aria-labelledby="upcoming-stays-heading" data-testid="upcoming-stays">
      <Card.Header display="flex" flexDirection="row" justifyContent="space-between" alignItems="baseline" gap="4">
        <Heading as="h2" size="md" id="upcoming-stays-heading">
          {t('bookings.dashboard_title')}
        </Heading>
        <Link asChild fontWeight="medium">
          <RouterLink to={paths.dashboard.calendar}>{t('bookings.view_calendar')}</RouterLink>
        </Link>
      </Card.Header>
      <Card.Body>
        <Stack gap="5">
          {upcoming.length > 0 ? (
            <Stack as="ul" gap="3" listStyleType="none" aria-label={accessibleText(t('bookings.dashboard_title'))}>
              {upcoming.map((booking) => (
                <StayLine key={booking.bookingId} booking={booking} />
              ))}
            </Stack>
          ) : (
            <Text color="fg.muted">{t('bookings.none_upcoming')}</Text>
          )}
          {missing.length > 0 ? (
            <Stack gap="2">
              <Heading as="h3" size="sm" id="points-missing-heading">
                {t('bookings.missing_title')}
              </Heading>
              <Stack as="ul" gap="3" listStyleType="none" aria-labelledby="points-missing-heading">
                {missing.map((booking) => (
                  <StayLine key={booking.bookingId} booking={booking} />
                ))}
              </Stack>
            </Stack>
          ) : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** One stay: the hotel, its dates and id, the points it brings; a missing one's claim link. */
function StayLine({ booking }: { booking: MemberBooking }) {
  const { t, i18n } = useTranslation('points');
  return (
    <Flex as="li" justifyContent="space-between" gap="3" wrap="wrap" alignItems="baseline">
      <Stack gap="0" minWidth="0">
        <Text fontWeight="semibold">{booking.property}</Text>
        <Text fontSize="sm" color="fg.muted">
          {t('bookings.stay_line', {
            dates: stayDates({ stay: booking }, i18n.language),
            booking: isolate(booking.bookingId),
          })}
        </Text>
      </Stack>
      {booking.pointsMissingUntil ? (
        // Under the "Points missing" heading: the link and its last day say the rest.
        <Stack gap="1" alignItems="end">
          <Link asChild variant="underline" fontWeight="medium">
            <RouterLink to={claimPathFor(booking)}>
              {t('bookings.claim_named', { booking: isolate(booking.bookingId) })}
            </RouterLink>
          </Link>
          <Text fontSize="sm" color="fg.muted">
            {t('bookings.claim_until', { date: formatDate(booking.pointsMissingUntil, i18n.language) })}
          </Text>
        </Stack>
      ) : (
        <Text fontWeight="medium">
          {t('bookings.points_expected', {
            count: booking.points,
            points: formatNumber(booking.points, i18n.language),
          })}
        </Text>
      )}
    </Flex>
  );
}
