/**
 * Dial-code matching for the phone field. Pure functions, so the one rule that is easy to get
 * wrong — the longest phone code wins (docs/product/limits.md) — is tested without a browser.
 *
 * The server stores `MobileNumber` as `+`, the dial code with its hyphen dropped (`1-268` → `1268`)
 * and the national number, so `+12685551234` is Antigua (1-268), not the United States (1).
 */

/** What the matcher needs of a country entry (a subset of the API's `Country`). */
export interface DialCountry {
  code: string;
  phone: string;
  suggested?: boolean;
}

export interface ParsedPhone<TCountry extends DialCountry = DialCountry> {
  country: TCountry;
  /** The national number: the digits after the dial code. */
  number: string;
}

/** `1-268` → `1268`: the digits a dial code contributes to an international number. */
export function dialDigits(phoneCode: string): string {
  return phoneCode.replace(/\D/g, '');
}

/**
 * The country whose dial code starts `international` (`+33612345678`), preferring the longest
 * code. Several countries share a code (US and CA share 1; GB, GG, IM and JE share 44): then the
 * member's own country wins, then a suggested one, then the first in the list.
 */
export function parseInternationalNumber<TCountry extends DialCountry>(
  international: string,
  countries: readonly TCountry[],
  preferredCountryCode?: string,
): ParsedPhone<TCountry> | null {
  const digits = international
    .trim()
    .replace(/^\+/, '')
    .replace(/[\s().-]/g, '');
  if (!/^\d+$/.test(digits)) return null;

  let best: TCountry | null = null;
  let bestLength = 0;
  for (const country of countries) {
    const code = dialDigits(country.phone);
    if (code.length === 0 || !digits.startsWith(code) || code.length < bestLength) continue;
    if (code.length > bestLength || rank(country, preferredCountryCode) > rank(best, preferredCountryCode)) {
      best = country;
      bestLength = code.length;
    }
  }
  return best ? { country: best, number: digits.slice(bestLength) } : null;
}

function rank(country: DialCountry | null, preferredCountryCode?: string): number {
  if (!country) return -1;
  if (preferredCountryCode && country.code === preferredCountryCode.toUpperCase()) return 2;
  return country.suggested ? 1 : 0;
}

/** docs/product/limits.md: the default country comes from configuration, else India (+91). */
export const FALLBACK_COUNTRY_CODE = 'IN';

/** The configured default country when the list knows it, else India, else the first real entry. */
export function defaultCountry<TCountry extends DialCountry>(
  countries: readonly TCountry[],
  configured: string | undefined,
): TCountry | undefined {
  const find = (code: string | undefined) =>
    code ? countries.find((country) => country.code === code.toUpperCase()) : undefined;
  return find(configured) ?? find(FALLBACK_COUNTRY_CODE) ?? countries.find((country) => country.code !== '');
}
