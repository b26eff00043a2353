/**
 * How a person reads money and dates, wherever they meet them: the web pages, the server's messages and
 * the PDFs all write through these, so a figure reads the same on a screen, in a refusal and on paper.
 * en-US: "$9,252.68" with a minus sign before the dollar sign, dates MM/DD/YYYY, months MM/YYYY.
 * Files meant for programs (CSV, the ledger export, JSON fields) keep ISO dates and plain decimals.
 * Pure and dependency-free; money is integer cents, written by integer arithmetic only.
 */

/** "1234567" → "1,234,567". */
function grouped(digits: string): string {
  let out = '';
  for (let k = 0; k < digits.length; k++) out += (k > 0 && (digits.length - k) % 3 === 0 ? ',' : '') + digits[k];
  return out;
}

/**
 * Whole cents as dollars: 925268 → "$9,252.68", -5 → "-$0.05", 0 → "$0.00". With `wholeDollars`,
 * rounded to the dollar, half a dollar away from zero: 123450 → "$1,235"; a result of zero has no
 * sign ("$0", never "-$0").
 */
export function usd(cents: number, opts: { wholeDollars?: boolean } = {}): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`An amount in cents must be a whole number, not ${cents}`);
  const abs = Math.abs(cents);
  if (opts.wholeDollars) {
    const dollars = Math.trunc(abs / 100) + (abs % 100 >= 50 ? 1 : 0);
    return `${cents < 0 && dollars > 0 ? '-' : ''}$${grouped(String(dollars))}`;
  }
  const whole = Math.trunc(abs / 100);
  return `${cents < 0 ? '-' : ''}$${grouped(String(whole))}.${String(abs % 100).padStart(2, '0')}`;
}

/** "2026-11-26" (or a timestamp starting so) → "11/26/2026"; anything else is returned as it came. */
export function dateText(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? `${m[2]}/${m[3]}/${m[1]}` : iso;
}

/** "2026-11" or "2026-11-01" → "11/2026"; anything else is returned as it came. */
export function monthText(iso: string): string {
  const m = /^(\d{4})-(\d{2})/.exec(iso);
  return m ? `${m[2]}/${m[1]}` : iso;
}

/** The calendar day of an instant, in UTC, as a person reads it: a PDF's "Prepared 11/26/2026". */
export const dayText = (at: Date): string => dateText(at.toISOString());

/** A percent the server already rounded to two decimals: 21.95 → "21.95%", 5 → "5.00%". */
export const percentText = (value: number): string => `${value.toFixed(2)}%`;
