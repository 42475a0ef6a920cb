import { useState } from 'react';
import { Badge, Box, Button, Card, Flex, Heading, Link, List, PageHeading, Stack, Text } from '@loyalty/shared/ui';
import { Skeleton } from '@loyalty/shared/ui-data-display';
import { Link as RouterLink, useSearchParams } from '@loyalty/shared/router';
import {
  accessibleText,
  formatDate,
  formatNumber,
  isolate,
  languageOption,
  useTranslation,
} from '@loyalty/shared/i18n';
import { messageText } from '@loyalty/shared/api/messages';
import { ErrorPanel } from '@loyalty/shared/ui';
import { stayDates } from '../../components/statement/stay-dates';
import { addMonths, isMonth, monthOfDay } from './month-grid';
import {
  calendarEvents,
  eventsOn,
  firstEventDayIn,
  nextEventDay,
  type CalendarEvents,
  type Stay,
} from './calendar-events';
import { claimPathFor } from '../../components/bookings/claim-link';
import { CalendarGrid } from './calendar-grid';
import { useBookingTransactions } from './use-booking-transactions';
import { programmeToday } from '../../components/programme-today';
import { PAGE_TEXTS_NAMESPACE } from '../../components/page-texts/page-texts';

/**
 * The member's stays and unlock days on a month grid (calendar-grid.tsx). It opens on the month of
 * the member's next event; the month shown lives in the URL, so Back returns to it. The chosen
 * day's events are listed under the grid, in words.
 */
export function CalendarPage() {
  const { t } = useTranslation([PAGE_TEXTS_NAMESPACE, 'points'], { nsMode: 'fallback' });
  const result = useBookingTransactions();

  return (
    <Stack gap="6">
      <Stack gap="1">
        <PageHeading>{t('calendar.title')}</PageHeading>
        <Text color="fg.muted">{t('calendar.intro')}</Text>
      </Stack>
      {result.status === 'error' ? (
        <ErrorPanel title={t('calendar.error')} description={messageText(result.message, t)} onRetry={result.retry} />
      ) : result.status === 'loading' ? (
        <Stack gap="3" aria-busy="true" aria-label={accessibleText(t('calendar.loading'))}>
          <Skeleton height="10" />
          <Skeleton height="80" />
        </Stack>
      ) : (
        <MonthView events={calendarEvents(result.transactions, result.bookings)} />
      )}
    </Stack>
  );
}

function MonthView({ events }: { events: CalendarEvents }) {
  const { t, i18n } = useTranslation([PAGE_TEXTS_NAMESPACE, 'points'], { nsMode: 'fallback' });
  const [searchParams, setSearchParams] = useSearchParams();
  const today = programmeToday();
  const requested = searchParams.get('month');
  const opening = nextEventDay(events, today);
  const month = isMonth(requested) ? requested : monthOfDay(opening);
  const [chosen, setChosen] = useState<string | null>(null);
  // The focused day belongs to the month shown: the chosen one, else the month's first event,
  // else today, else the 1st.
  const focusedDay =
    chosen && monthOfDay(chosen) === month
      ? chosen
      : month === monthOfDay(opening)
        ? opening
        : (firstEventDayIn(month, events) ?? (monthOfDay(today) === month ? today : `${month}-01`));

  const focusDay = (day: string) => {
    setChosen(day);
    if (monthOfDay(day) !== month) setSearchParams({ month: monthOfDay(day) });
  };
  const { locale } = languageOption(i18n.language);
  const monthLabel = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
  const dayEvents = eventsOn(focusedDay, events);

  return (
    <Stack gap="4">
      <Flex
        as="nav"
        aria-label={accessibleText(t('calendar.month_nav'))}
        justifyContent="space-between"
        alignItems="center"
        gap="3"
        wrap="wrap"
      >
        <Button variant="outline" size="sm" onClick={() => focusDay(addMonths(`${month}-01`, -1))}>
          {t('calendar.previous')}
        </Button>
        <Heading
          as="h2"
          size="lg"
          id="calendar-month"
          aria-live="polite"
          data-testid="calendar-month"
          order={{ base: -1, sm: 0 }}
          flexBasis={{ base: '100%', sm: 'auto' }}
          textAlign="center"
        >
          {monthLabel}
        </Heading>
        <Button variant="outline" size="sm" onClick={() => focusDay(addMonths(`${month}-01`, 1))}>
          {t('calendar.next')}
        </Button>
      </Flex>
      <Card.Root overflow="hidden">
        <CalendarGrid
          month={month}
          events={events}
          focusedDay={focusedDay}
          today={today}
          onFocusDay={focusDay}
          labelledBy="calendar-month"
        />
      </Card.Root>
      <Flex
        as="ul"
        gap="4"
        wrap="wrap"
        fontSize="sm"
        color="fg.muted"
        listStyleType="none"
        aria-label={accessibleText(t('calendar.legend'))}
      >
        <Flex as="li" gap="2" alignItems="center">
          <Box aria-hidden="true" width="6" height="2" borderRadius="full" bg="colorPalette.fg" />
          {t('calendar.legend_stay')}
        </Flex>
        <Flex as="li" gap="2" alignItems="center">
          <Box
            aria-hidden="true"
            width="6"
            height="2"
            borderRadius="full"
            borderWidth="2px"
            borderColor="colorPalette.fg"
          />
          {t('calendar.legend_booked')}
        </Flex>
        <Flex as="li" gap="2" alignItems="center">
          <Box aria-hidden="true" boxSize="3" borderRadius="full" bg="green.solid" />
          {t('calendar.legend_unlock')}
        </Flex>
        <Flex as="li" gap="2" alignItems="center">
          <Box aria-hidden="true" boxSize="4" borderRadius="full" borderWidth="2px" borderColor="colorPalette.fg" />
          {t('calendar.legend_today')}
        </Flex>
        <Text as="li">{t('calendar.keyboard_hint')}</Text>
      </Flex>
      <Card.Root as="section" aria-labelledby="calendar-day-heading" size="sm">
        <Card.Body aria-live="polite">
          <Heading as="h2" size="sm" id="calendar-day-heading" marginBottom="2">
            <time dateTime={focusedDay}>{formatDate(focusedDay, i18n.language, 'full')}</time>
          </Heading>
          {dayEvents.stays.length === 0 && dayEvents.unlocks.length === 0 ? (
            <Text color="fg.muted">{t('calendar.day_empty')}</Text>
          ) : (
            <List.Root variant="plain" gap="2" data-testid="calendar-day-events">
              {dayEvents.stays.map(({ stay }) => (
                <List.Item key={`stay-${stay.bookingId}`} display="flex" gap="2" alignItems="center" flexWrap="wrap">
                  <Badge variant={stay.kind === 'booked' ? 'outline' : 'subtle'}>
                    {t(stay.kind === 'booked' ? 'calendar.kinds.booked' : 'calendar.kinds.stay')}
                  </Badge>
                  {stay.property ? (
                    <Text as="span" fontWeight="semibold">
                      {stay.property}
                    </Text>
                  ) : null}
                  {t('calendar.event_stay', {
                    booking: isolate(stay.bookingId),
                    dates: stayDates({ stay }, i18n.language),
                  })}
                  {stay.pointsMissingUntil ? <PointsMissing stay={stay} /> : null}
                </List.Item>
              ))}
              {dayEvents.unlocks.map((unlock) => (
                <List.Item
                  key={`unlock-${unlock.bookingId}`}
                  display="flex"
                  gap="2"
                  alignItems="center"
                  flexWrap="wrap"
                >
                  <Badge colorPalette="green">{t('calendar.kinds.available')}</Badge>
                  {t('calendar.event_available', {
                    count: unlock.points,
                    booking: isolate(unlock.bookingId),
                    points: formatNumber(unlock.points, i18n.language),
                  })}
                  <Text as="span" fontSize="sm" color="fg.muted">
                    {t(unlock.settled ? 'calendar.settled' : 'calendar.still_pending')}
                  </Text>
                </List.Item>
              ))}
            </List.Root>
          )}
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}

/** A past stay whose points never reached the statement: until when, and the way to claim them. */
function PointsMissing({ stay }: { stay: Stay }) {
  const { t, i18n } = useTranslation([PAGE_TEXTS_NAMESPACE, 'points'], { nsMode: 'fallback' });
  return (
    <>
      <Badge colorPalette="orange">{t('bookings.points_missing')}</Badge>
      <Link asChild variant="underline">
        <RouterLink to={claimPathFor(stay)}>
          {t('bookings.claim_named', { booking: isolate(stay.bookingId) })}
        </RouterLink>
      </Link>
      <Text as="span" fontSize="sm" color="fg.muted">
        {t('bookings.claim_until', { date: formatDate(stay.pointsMissingUntil ?? stay.endDate, i18n.language) })}
      </Text>
    </>
  );
}
