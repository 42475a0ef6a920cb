import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { i18n } from '@loyalty/shared/i18n';
import { renderWithProviders } from '@loyalty/shared/testing';
import '../../routes';
import { CalendarGrid } from './calendar-grid';
import type { CalendarEvents } from './calendar-events';
import { monthOfDay } from './month-grid';

const events: CalendarEvents = {
  stays: [{ bookingId: 'BK-7', startDate: '2031-07-01', endDate: '2031-07-03', points: 300, kind: 'claimed' }],
  unlocks: [{ bookingId: 'BK-7', day: '2031-07-04', points: 300, settled: false }],
};

function Harness() {
  const [day, setDay] = useState('2031-07-04');
  return (
    <>
      <h2 id="month">{monthOfDay(day)}</h2>
      <CalendarGrid
        month={monthOfDay(day)}
        events={events}
        focusedDay={day}
        today="2031-07-02"
        onFocusDay={setDay}
        labelledBy="month"
      />
    </>
  );
}

jest.setTimeout(30_000);

describe('CalendarGrid', () => {
  it('names a day of a stay without invisible direction marks', async () => {
    await renderWithProviders(<Harness />, { namespaces: ['points'] });
    const cell = within(screen.getByRole('grid', { name: '2031-07' })).getByRole('gridcell', {
      name: /Wednesday, 2 July 2031, today, stay/,
    });
    expect(cell.textContent).not.toMatch(/[\u2066-\u2069]/);
  });

  it('is a grid whose week starts where the locale says, each day saying what the drawing shows', async () => {
    await renderWithProviders(<Harness />, { namespaces: ['points'] });
    const grid = screen.getByRole('grid', { name: '2031-07' });
    const headers = within(grid).getAllByRole('columnheader');
    expect(headers[0]).toHaveTextContent('Monday');
    expect(within(grid).getByRole('gridcell', { name: /Wednesday, 2 July 2031, today, stay/ })).toHaveAttribute(
      'aria-current',
      'date',
    );
    expect(
      within(grid).getByRole('gridcell', { name: 'Friday, 4 July 2031, 300 points become available' }),
    ).toHaveAttribute('aria-selected', 'true');
    expect(
      within(grid)
        .getAllByTestId('stay-band')
        .map((band) => band.dataset.part),
    ).toEqual(['start', 'middle', 'end']);
    // One tab stop: the chosen day.
    expect(
      within(grid)
        .getAllByRole('gridcell')
        .filter((cell) => cell.tabIndex === 0),
    ).toHaveLength(1);
    await act(() => i18n.changeLanguage('ar'));
    expect(within(screen.getByRole('grid')).getAllByRole('columnheader')[0]).toHaveTextContent('السبت');
    await act(() => i18n.changeLanguage('en'));
  });

  it('moves by keyboard as the ARIA grid pattern says, across months too', async () => {
    await renderWithProviders(<Harness />, { namespaces: ['points'] });
    const user = userEvent.setup();
    await user.click(screen.getByRole('gridcell', { name: /Friday, 4 July 2031/ }));
    const focused = () => document.activeElement?.getAttribute('data-day');
    await user.keyboard('{ArrowRight}');
    expect(focused()).toBe('2031-07-05');
    await user.keyboard('{ArrowDown}');
    expect(focused()).toBe('2031-07-12');
    await user.keyboard('{Home}');
    expect(focused()).toBe('2031-07-07');
    await user.keyboard('{End}');
    expect(focused()).toBe('2031-07-13');
    await user.keyboard('{PageDown}');
    expect(focused()).toBe('2031-08-13');
    expect(screen.getByRole('heading', { name: '2031-08' })).toBeInTheDocument();
    await user.keyboard('{Shift>}{PageUp}{/Shift}');
    expect(focused()).toBe('2030-08-13');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(focused()).toBe('2030-07-30');
  });
});
