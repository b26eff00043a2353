/**
 * Dollar amounts as whole cents, read from their decimal text: "1234.5" → 123450. No float
 * multiplication anywhere, so 0.29 stays 29 cents (0.29 * 100 would be 28.999999999999996).
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

/** A dollar figure the server answered, in cents, through its text. */
export const dollarsToCents = (dollars: number): number => parseCents(dollarsText(Math.max(0, dollars))) ?? 0;
