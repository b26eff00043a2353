/**
 * Money is integer cents from end to end (domain.md D1). Amounts arrive as JSON numbers or decimal
 * strings and are parsed through their decimal text, never by multiplying a float by 100.
 */
export type Cents = number;

/** Cents to the API's dollars: a JSON number with at most two decimals (exact: the value is n/100). */
export const centsToDollars = (cents: Cents): number => Number(formatCents(cents));

/** Plain decimal text with two decimals, e.g. 7500000 → "75000.00", -5 → "-0.05". */
export function formatCents(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
