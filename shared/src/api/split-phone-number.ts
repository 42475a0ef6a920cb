import type { PhoneNumber } from './contract/auth';

interface DialCodeEntry {
  /** Two-letter country code. */
  code: string;
  /** Dial prefix without `+`; some carry a hyphen (`1-268`). */
  phone: string;
}

const digitsOf = (value: string) => value.replace(/\D/g, '');

/**
 * Splits an international number (`+33612345678`) into country, dial code and national number.
 * SPEC §5: the longest matching dial code wins (`+1268…` is Antigua, not the United States); among
 * countries sharing the winning code, `preferredCountry` (the member's own) is taken when it is one.
 * Returns null when no dial code matches.
 */
export function splitPhoneNumber(
  international: string,
  countries: readonly DialCodeEntry[],
  preferredCountry?: string,
): PhoneNumber | null {
  const digits = digitsOf(international);
  let best: DialCodeEntry[] = [];
  let bestLength = 0;
  for (const country of countries) {
    const dial = digitsOf(country.phone);
    if (!dial || !digits.startsWith(dial) || dial.length < bestLength) continue;
    if (dial.length > bestLength) {
      best = [];
      bestLength = dial.length;
    }
    best.push(country);
  }
  const chosen = best.find((country) => country.code === preferredCountry) ?? best[0];
  if (!chosen) return null;
  return { code: chosen.code, phoneCode: chosen.phone, number: digits.slice(bestLength) };
}
