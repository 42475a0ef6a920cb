import {
  Badge,
  Box,
  Button,
  Card,
  EmptyState,
  Flex,
  Heading,
  List,
  PageHeading,
  Stack,
  Text,
  VStack,
} from '@loyalty/shared/ui';
import { Skeleton } from '@loyalty/shared/ui-data-display';
import { useSearchParams } from '@loyalty/shared/router';
import { accessibleText, useTranslation } from '@loyalty/shared/i18n';
import { messageText } from '@loyalty/shared/api/messages';
import { formatDate, formatNumber, isolate, languageOption } from '@loyalty/shared/i18n';
import { ErrorPanel } from '@loyalty/shared/ui';
import { bookingEvents, eventsByDay, isMonth, monthOf, shiftMonth } from './booking-events';
import { useBookingTransactions } from './use-booking-transactions';

/**
 * The member's bookings on a month: the day each was claimed and the day its points become
 * available. Shown as a list per day under a month heading, which reads well with a screen
 * reader and on a phone alike; the month lives in the URL.
 */
export function CalendarPage() {
  const { t, i18n } = useTranslation('points');
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('month');
  const month = isMonth(requested) ? requested : monthOf(new Date());
  const result = useBookingTransactions();

  const monthLabel = new Intl.DateTimeFormat(languageOption(i18n.language).locale, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${month}-01T00:00:00Z`));
  const go = (by: number) => setSearchParams({ month: shiftMonth(month, by) });
  const days = result.status === 'ready' ? eventsByDay(bookingEvents(result.transactions), month) : [];

  return (
    <Stack gap="6">
      <Stack gap="1">
        <PageHeading>{t('calendar.title')}</PageHeading>
        <Text color="fg.muted">{t('calendar.intro')}</Text>
      </Stack>
      {/* On a phone the month sits on its own line above the two buttons, so nothing overflows. */}
      <Flex
        as="nav"
        aria-label={accessibleText(t('calendar.month_nav'))}
        justifyContent="space-between"
        alignItems="center"
        gap="3"
        wrap="wrap"
      >
        <Button variant="outline" size="sm" onClick={() => go(-1)}>
          {t('calendar.previous')}
        </Button>
        <Heading
          as="h2"
          size="lg"
          aria-live="polite"
          data-testid="calendar-month"
          order={{ base: -1, sm: 0 }}
          flexBasis={{ base: '100%', sm: 'auto' }}
          textAlign="center"
        >
          {monthLabel}
        </Heading>
        <Button variant="outline" size="sm" onClick={() => go(1)}>
          {t('calendar.next')}
        </Button>
      </Flex>
      {result.status === 'error' ? (
        <ErrorPanel title={t('calendar.error')} description={messageText(result.message, t)} onRetry={result.retry} />
      ) : result.status === 'loading' ? (
        <Stack gap="3" aria-busy="true" aria-label={accessibleText(t('calendar.loading'))}>
          <Skeleton height="16" />
          <Skeleton height="16" />
        </Stack>
      ) : days.length === 0 ? (
        <EmptyState.Root role="status">
          <EmptyState.Content>
            <VStack textAlign="center">
              <EmptyState.Title>{t('calendar.empty_title')}</EmptyState.Title>
              <EmptyState.Description>{t('calendar.empty_text')}</EmptyState.Description>
            </VStack>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <Stack gap="4">
          {days.map(([day, events]) => (
            <Card.Root key={day} as="section" aria-labelledby={`day-${day}`} size="sm">
              <Card.Body>
                <Heading as="h3" size="sm" id={`day-${day}`} marginBottom="2">
                  <time dateTime={day}>{formatDate(day, i18n.language, 'long')}</time>
                </Heading>
                <List.Root variant="plain" gap="2">
                  {events.map((event) => (
                    <List.Item
                      key={`${event.kind}-${event.transactionNumber}`}
                      display="block"
                      data-testid="calendar-event"
                    >
                      <Flex gap="2" alignItems="center" wrap="wrap">
                        <Badge colorPalette={event.kind === 'available' ? 'green' : 'blue'}>
                          {t(`calendar.kinds.${event.kind}`)}
                        </Badge>
                        <Text>
                          {t(`calendar.event_${event.kind}`, {
                            booking: isolate(event.bookingId),
                            points: formatNumber(event.points, i18n.language),
                          })}
                        </Text>
                        {event.kind === 'available' ? (
                          <Box as="span" fontSize="sm" color="fg.muted">
                            {t(event.settled ? 'calendar.settled' : 'calendar.still_pending')}
                          </Box>
                        ) : null}
                      </Flex>
                    </List.Item>
                  ))}
                </List.Root>
              </Card.Body>
            </Card.Root>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
