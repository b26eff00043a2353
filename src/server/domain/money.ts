/**
 * Money is integer cents from end to end (docs/rules/README.md). Amounts arrive as JSON numbers or decimal
 * strings and are parsed through their decimal text, never by multiplying a float by 100.
 */
export type Cents = number;

/** Σ of the cents of a list of amounts (rows, items): integers, so the sum is exact. */
export const sumCents = (items: readonly { cents: Cents }[]): Cents => items.reduce((s, i) => s + i.cents, 0);

/** Cents to the API's dollars: a JSON number with at most two decimals (exact: the value is n/100). */
export const centsToDollars = (cents: Cents): number => Number(formatCents(cents));

/** Plain decimal text with two decimals, e.g. 7500000 → "75000.00", -5 → "-0.05". */
export function formatCents(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** For what a person reads (messages, PDFs): "$1,234.56" and "-$1,234.56", the web pages' format. */
export { usd } from '../../contract/values/human-format.js';
