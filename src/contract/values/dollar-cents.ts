/**
 * Dollar amounts as whole cents, read from their decimal text: "1234.5" → 123450. No float
 * multiplication anywhere, so 0.29 stays 29 cents (0.29 * 100 would be 28.999999999999996). Shared by
 * the web app and the server's exports, which turn the API's dollar answers into exact cents.
 */

/** The cents of a non-negative decimal text with at most two decimals, or null if it is not one. */
export function parseCents(text: string): number | null {
  const [wholeText = '', fraction, ...rest] = text.trim().split('.');
  const digits = /^\d*$/;
  if (rest.length || !digits.test(wholeText) || (fraction !== undefined && (!digits.test(fraction) || fraction.length > 2))) return null;
  if (wholeText === '' && !fraction) return null;
  const whole = wholeText === '' ? 0 : Number(wholeText);
  const cents = Number((fraction ?? '').padEnd(2, '0'));
  const total = whole * 100 + cents; // integers only
  return Number.isSafeInteger(total) ? total : null;
}

/**
 * A dollar figure the API answered (a number with at most two decimals) as its two-decimal text:
 * 4042.5 → "4042.50". toFixed(2) of the nearest double to a whole number of cents is that number of cents.
 */
export const dollarsText = (dollars: number): string => dollars.toFixed(2);

/** A dollar figure the API answered, in cents, through its text (negative figures keep their sign). */
export function centsOf(dollars: number): number {
  const cents = parseCents(dollarsText(Math.abs(dollars))) ?? 0;
  return dollars < 0 ? -cents : cents;
}
