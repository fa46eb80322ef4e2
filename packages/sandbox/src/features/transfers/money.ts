/**
 * Money as the transfer APIs write it: decimal strings with exactly two digits after the point
 * (`"12.34"`), handled in whole cents so no binary floating point ever touches an amount.
 */

const DECIMAL = /^(-?)(0|[1-9][0-9]*)\.([0-9]{2})$/;

/** The cents of a two-digit decimal string (`"12.34"` → 1234, `"-5.00"` → -500). Throws on other shapes. */
export function parseCents(amount: string): number {
  const match = DECIMAL.exec(amount);
  if (!match) {
    throw new RangeError(`not a decimal string with two digits after the point: ${JSON.stringify(amount)}`);
  }
  const cents = Number(match[2]) * 100 + Number(match[3]);
  return match[1] === '-' ? -cents : cents;
}

/** The two-digit decimal string of an integer number of cents (1234 → `"12.34"`, -550 → `"-5.50"`). */
export function formatCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) {
    throw new RangeError(`not a whole number of cents: ${cents}`);
  }
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

/**
 * The cents of an account balance stored as a number of dollars (`100` → 10000), or null for a
 * balance that is not known. Balances carry at most two decimals, so rounding only removes the
 * binary representation error.
 */
export function balanceCents(dollars: number | null): number | null {
  return dollars === null ? null : Math.round(dollars * 100);
}
