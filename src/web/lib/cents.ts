/**
 * Dollar amounts as whole cents, read from their decimal text: "1234.5" → 123450. No float
 * multiplication anywhere, so 0.29 stays 29 cents (0.29 * 100 would be 28.999999999999996).
 * The one place of the web app where money is added or compared: components only show the results.
 */

// Parsing lives in the contract, so the server's exports read the API's dollars the same exact way.
import { centsOf, dollarsText, parseCents } from '../../contract/values/dollar-cents';

export { centsOf, dollarsText, parseCents };

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
