import { createHash } from 'node:crypto';

/** The programme's first digit on every card. */
const PROGRAMME_DIGIT = '7';

/** The Luhn check digit of a string of digits (ISO/IEC 7812), so a mistyped number is caught. */
export function luhnCheckDigit(digits: string): string {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    // From the right, every other digit starting with the rightmost is doubled (the check digit
    // will sit to its right).
    if (index % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return String((10 - (sum % 10)) % 10);
}

export function isValidMemberNumber(value: string): boolean {
  return /^\d{12}$/.test(value) && luhnCheckDigit(value.slice(0, -1)) === value.slice(-1);
}

/**
 * The number on a member's card: the programme digit, ten digits drawn from the member's id, and a
 * Luhn check digit. Derived rather than stored, so every member, those of older data files too,
 * has one that never changes. Not a secret: a card is shown at a front desk.
 */
export function memberNumberOf(memberId: string): string {
  const hash = createHash('sha256').update(memberId).digest();
  const body = (hash.readBigUInt64BE(0) % 10_000_000_000n).toString().padStart(10, '0');
  const digits = `${PROGRAMME_DIGIT}${body}`;
  return `${digits}${luhnCheckDigit(digits)}`;
}
