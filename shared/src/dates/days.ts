// Arithmetic on calendar days written `YYYY-MM-DD`, in UTC so that no time zone moves a day: the
// API's business rules (expiry, vouchers, tiers) and the pages' calendar count days the same way.

/** `day` plus `days`. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The same day `months` on, or that month's last day when it has fewer days (29 Feb + 12 → 28 Feb). */
export function addMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(year, month - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month - 1 + months, Math.min(date, lastDay))).toISOString().slice(0, 10);
}
