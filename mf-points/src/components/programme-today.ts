/**
 * Today as the programme counts days: the UTC day, `YYYY-MM-DD`, the day the API dates
 * transactions and unlocks by. The calendar marks it, and a statement's download ends on it by
 * default, so that a range ending "today" holds everything the API has recorded so far, wherever
 * the member is. (For a member far from UTC it is their yesterday or tomorrow for part of the day.)
 */
export const programmeToday = (now = new Date()): string => now.toISOString().slice(0, 10);
