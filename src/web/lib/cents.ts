/**
 * Dollar amounts as whole cents, read from their decimal text: "1234.5" → 123450. No float
 * multiplication anywhere, so 0.29 stays 29 cents (0.29 * 100 would be 28.999999999999996).
 * The one place of the web app where money is added or compared: components only show the results.
 */

/** The cents of a non-negative decimal text with at most two decimals, or null if it is not one. */
export function parseCents(text: string): number | null {
  const m = /^(\d*)(?:\.(\d{0,2}))?$/.exec(text.trim());
  if (!m || (m[1] === '' && (m[2] ?? '') === '')) return null;
  const whole = m[1] === '' ? 0 : Number(m[1]);
  const cents = Number((m[2] ?? '').padEnd(2, '0'));
  const total = whole * 100 + cents; // integers only
  return Number.isSafeInteger(total) ? total : null;
}

/**
 * A dollar figure the server answered (a number with at most two decimals) as its two-decimal text:
 * 4042.5 → "4042.50". toFixed(2) of the nearest double to a whole number of cents is that number of cents.
 */
export const dollarsText = (dollars: number): string => dollars.toFixed(2);

/** A dollar figure the server answered, in cents, through its text (negative figures keep their sign). */
export function centsOf(dollars: number): number {
  const cents = parseCents(dollarsText(Math.abs(dollars))) ?? 0;
  return dollars < 0 ? -cents : cents;
}

/** A non-negative dollar figure the server answered, in cents (a negative one counts as 0). */
export const dollarsToCents = (dollars: number): number => centsOf(Math.max(0, dollars));

/** Whole cents back to a dollar figure for display: 30 → 0.3 (an exact division, no rounding drift). */
export const centsToDollars = (cents: number): number => cents / 100;

/** The sum of dollar figures, added in cents: addDollars(0.1, 0.2) is 0.3, never 0.30000000000000004. */
export const addDollars = (...amounts: number[]): number =>
  centsToDollars(amounts.reduce((sum, a) => sum + centsOf(a), 0));

/**
 * Whether an amount typed in a form is over a maximum the server answered, compared in cents; null when
 * the text is not an amount with at most two decimals.
 */
export function exceeds(amountText: string, maxDollars: number): boolean | null {
  const cents = parseCents(amountText);
  return cents === null ? null : cents > dollarsToCents(maxDollars);
}
