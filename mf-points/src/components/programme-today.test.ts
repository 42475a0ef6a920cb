import { programmeToday } from './programme-today';

test("today is the programme's (UTC) day, not the member's local one", () => {
  // 23:30 on 25 November in California is already 26 November in UTC, the API's day.
  expect(programmeToday(new Date('2026-11-25T23:30:00-08:00'))).toBe('2026-11-26');
  // 00:30 on 26 November in Tokyo is still 25 November in UTC.
  expect(programmeToday(new Date('2026-11-26T00:30:00+09:00'))).toBe('2026-11-25');
});
