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

/**
 * A non-negative dollar figure as a whole number of `decimals` units (cents, or dollars), rounded the way
 * Intl.NumberFormat rounds: from the shortest decimal text that reads back as the number, a tie away
 * from zero (1.005 → 101 cents, where toFixed, rounding the binary value 1.00499…, gives 100). Only a
 * figure computed in the browser can have a third decimal: the API answers at most two, and typed text
 * with more is refused (parseCents here, parseAmount on the server), never rounded.
 */
export function wholeUnits(amount: number, decimals: 0 | 2): number {
  let [whole = '', fraction = ''] = String(amount).split('.');
  if (/e/i.test(whole + fraction)) [whole = '', fraction = ''] = amount.toFixed(decimals).split('.'); // below 1e-6: 0
  const kept = BigInt(whole + fraction.slice(0, decimals).padEnd(decimals, '0'));
  const up = fraction.length > decimals && fraction.charCodeAt(decimals) >= 53; // the next digit is 5 or more
  return Number(kept + (up ? 1n : 0n));
}

/**
 * A dollar figure the API answered, in cents, through its text (negative figures keep their sign): the
 * cents a page shows for it (wholeUnits), so what is added and compared is what is seen.
 */
export function centsOf(dollars: number): number {
  const cents = wholeUnits(Math.abs(dollars), 2);
  return dollars < 0 ? -cents : cents;
}
