import { useEffect, useRef, type KeyboardEvent } from 'react';
import { Box, Flex, Text } from '@loyalty/shared/ui';
import { formatNumber, languageOption, useTranslation } from '@loyalty/shared/i18n';
import { addDays, addMonths, firstDayOfWeek, monthWeeks, weekBounds } from './month-grid';
import { eventsOn, type CalendarEvents, type DayEvents } from './calendar-events';
import { PAGE_TEXTS_NAMESPACE } from '../../components/page-texts/page-texts';

export interface CalendarGridProps {
  month: string;
  events: CalendarEvents;
  /** The day that holds the focus (and is selected): always a day of `month`. */
  focusedDay: string;
  today: string;
  /** A day chosen by keyboard or pointer; it may lie in another month. */
  onFocusDay: (day: string) => void;
  labelledBy: string;
}

/**
 * The month as an ARIA grid (the WAI-ARIA date grid pattern): one tab stop, the focused day; arrow
 * keys move by day and week (mirrored right to left), Home and End to the week's ends, Page Up and
 * Page Down by month, with Shift by year. Each day says in words what the drawing shows: today, a
 * stay (a band from its first to its last day), points unlocking (a star).
 */
export function CalendarGrid({ month, events, focusedDay, today, onFocusDay, labelledBy }: CalendarGridProps) {
  const { i18n } = useTranslation('points');
  const { locale, dir } = languageOption(i18n.language);
  const firstDay = firstDayOfWeek(locale);
  const weeks = monthWeeks(month, firstDay);
  const grid = useRef<HTMLTableElement | null>(null);
  // Only a move made in the grid takes the focus there, opening the page does not; and only once
  // the day moved to is shown, which for another month may take a render or two (the URL first).
  const movedTo = useRef<string | null>(null);

  useEffect(() => {
    if (movedTo.current === null || movedTo.current !== focusedDay) return;
    movedTo.current = null;
    grid.current?.querySelector<HTMLElement>(`[data-day="${focusedDay}"]`)?.focus();
  }, [focusedDay, month]);

  const weekdays = weeks[0]!.map((_, index) => {
    // Any week will do: 2024-01-01 was a Monday (weekday 1).
    const sample = new Date(Date.UTC(2024, 0, ((firstDay - 1 + index) % 7) + 1));
    return {
      // A phone's column is too narrow for some languages' short names (Arabic's are whole words).
      narrow: new Intl.DateTimeFormat(locale, { weekday: 'narrow', timeZone: 'UTC' }).format(sample),
      short: new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(sample),
      long: new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(sample),
    };
  });

  const onKeyDown = (event: KeyboardEvent) => {
    const forward = dir === 'rtl' ? -1 : 1;
    const { start, end } = weekBounds(focusedDay, firstDay);
    const moves: Record<string, () => string> = {
      ArrowRight: () => addDays(focusedDay, forward),
      ArrowLeft: () => addDays(focusedDay, -forward),
      ArrowDown: () => addDays(focusedDay, 7),
      ArrowUp: () => addDays(focusedDay, -7),
      Home: () => start,
      End: () => end,
      PageDown: () => addMonths(focusedDay, event.shiftKey ? 12 : 1),
      PageUp: () => addMonths(focusedDay, event.shiftKey ? -12 : -1),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    const day = move();
    movedTo.current = day;
    onFocusDay(day);
  };

  return (
    <Box
      as="table"
      ref={grid}
      role="grid"
      aria-labelledby={labelledBy}
      width="full"
      css={{ tableLayout: 'fixed', borderCollapse: 'collapse' }}
      onKeyDown={onKeyDown}
    >
      <thead>
        <tr>
          {weekdays.map((weekday) => (
            <Box
              asChild
              key={weekday.long}
              paddingBlock="2"
              fontSize="xs"
              fontWeight="semibold"
              color="fg.muted"
              textTransform="uppercase"
            >
              <th scope="col">
                <Box as="span" aria-hidden="true" display={{ base: 'inline', sm: 'none' }}>
                  {weekday.narrow}
                </Box>
                <Box as="span" aria-hidden="true" display={{ base: 'none', sm: 'inline' }}>
                  {weekday.short}
                </Box>
                <Text as="span" srOnly>
                  {weekday.long}
                </Text>
              </th>
            </Box>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week.find(Boolean)}>
            {week.map((day, index) =>
              day ? (
                <DayCell
                  key={day}
                  day={day}
                  events={eventsOn(day, events)}
                  focused={day === focusedDay}
                  isToday={day === today}
                  onChoose={() => {
                    movedTo.current = day;
                    onFocusDay(day);
                  }}
                />
              ) : (
                <td key={`blank-${index}`} />
              ),
            )}
          </tr>
        ))}
      </tbody>
    </Box>
  );
}

function DayCell({
  day,
  events,
  focused,
  isToday,
  onChoose,
}: {
  day: string;
  events: DayEvents;
  focused: boolean;
  isToday: boolean;
  onChoose: () => void;
}) {
  const { t, i18n } = useTranslation([PAGE_TEXTS_NAMESPACE, 'points'], { nsMode: 'fallback' });
  const { locale } = languageOption(i18n.language);
  const date = new Date(`${day}T00:00:00Z`);
  const name = [
    new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' }).format(date),
    isToday ? t('calendar.today') : null,
    // No isolates around the booking id: this name is only read out, never laid out on a line, and
    // the invisible marks would be part of the cell's accessible name (docs/product/accessibility.md).
    ...events.stays.map(({ stay }) =>
      t(stay.kind === 'booked' ? 'calendar.cell_booked' : 'calendar.cell_stay', { booking: stay.bookingId }),
    ),
    ...events.unlocks.map((unlock) =>
      t('calendar.cell_unlock', { count: unlock.points, points: formatNumber(unlock.points, i18n.language) }),
    ),
  ]
    .filter(Boolean)
    .join(', ');

  return (
    <Box
      as="td"
      role="gridcell"
      data-day={day}
      tabIndex={focused ? 0 : -1}
      aria-selected={focused}
      aria-current={isToday ? 'date' : undefined}
      onClick={onChoose}
      onKeyDown={(event: KeyboardEvent) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          onChoose();
        }
      }}
      height={{ base: '14', md: '20' }}
      padding="0"
      verticalAlign="top"
      position="relative"
      cursor="pointer"
      borderWidth="1px"
      borderColor="border.muted"
      bg={focused ? 'colorPalette.subtle' : undefined}
      _hover={{ bg: 'bg.muted' }}
      focusVisibleRing="inside"
    >
      <Text as="span" srOnly>
        {name}
      </Text>
      <Flex aria-hidden="true" direction="column" height="full" padding="1" gap="1">
        <Flex justifyContent="space-between" alignItems="center">
          <Flex
            as="span"
            boxSize="7"
            alignItems="center"
            justifyContent="center"
            borderRadius="full"
            fontSize="sm"
            fontWeight={isToday ? 'bold' : 'normal'}
            borderWidth={isToday ? '2px' : '0'}
            borderColor="colorPalette.fg"
          >
            {formatNumber(date.getUTCDate(), i18n.language)}
          </Flex>
          {events.unlocks.length > 0 ? (
            <Flex
              as="span"
              boxSize="6"
              borderRadius="full"
              bg="green.solid"
              color="green.contrast"
              alignItems="center"
              justifyContent="center"
              data-testid="unlock-marker"
            >
              <svg width="14" height="14" viewBox="0 0 24 24" fill="currentColor">
                <path d="M12 2l3 6.6 7.2.8-5.4 4.8 1.5 7.1L12 17.8 5.7 21.3l1.5-7.1L1.8 9.4 9 8.6z" />
              </svg>
            </Flex>
          ) : null}
        </Flex>
        {events.stays.map(({ stay, part }) => (
          <Box
            key={stay.bookingId}
            height="2"
            // The palette's text colour: 3:1 or more against the page in both modes, as a graphic
            // that carries meaning needs; the solid shade was about 2.5:1 on a dark page.
            bg={stay.kind === 'booked' ? undefined : 'colorPalette.fg'}
            // A stay booked and not claimed is drawn in outline, the key says so (and the cell's name).
            borderWidth={stay.kind === 'booked' ? '2px' : undefined}
            borderColor="colorPalette.fg"
            marginStart={part === 'start' || part === 'single' ? '1' : '-1'}
            marginEnd={part === 'end' || part === 'single' ? '1' : '-1'}
            borderStartRadius={part === 'start' || part === 'single' ? 'full' : '0'}
            borderEndRadius={part === 'end' || part === 'single' ? 'full' : '0'}
            data-testid="stay-band"
            data-kind={stay.kind}
            data-part={part}
          />
        ))}
      </Flex>
    </Box>
  );
}
