import type { Allocation, BooksInput } from './allocation.js';
import type { IsoDate } from './dates.js';
import type { CashWithdrawal, InvestorFigures } from './investor-figures.js';
import type { InvestorReturns } from './investor-returns.js';

/**
 * "Show the math": a figure of the investor summary or property detail, or one row
 * of a history table, in an investor's words: one sentence saying what it is, the arithmetic with the
 * real numbers, and the dated items it is made of, in cents. The service turns cents into dollars.
 */

/** A number and what it counts: money in cents, a percent, or a multiple (neither in cents). */
export type Quantity = { unit: 'cents'; n: number } | { unit: 'percent' | 'multiple'; n: number | null };

/**
 * One line of the math. For a sum the items add up to the figure; for a ratio each names the `part` it
 * adds up to (the numerator or the denominator).
 */
export type ExplainItem = { date: IsoDate; label: string; cents: number; part?: string };

export type Explanation = {
  value: Quantity;
  /** One sentence a person understands: what the figure is. */
  headline: string;
  /** The worked arithmetic with the real numbers, a line each, ending at the figure. */
  arithmetic: string[];
  items: ExplainItem[];
  parts: Record<string, Quantity>;
};

/** The words of an LLC expense, read from the ledger for its label. */
export type LlcExpenseWords = { llcName: string; category: string; description: string };

/** Everything an explanation reads: the same books, allocation and figures as the summary. */
export type ExplainInput = {
  investorId: number;
  asOf: IsoDate;
  books: BooksInput;
  allocation: Allocation;
  figures: InvestorFigures;
  returns: InvestorReturns;
  cashWithdrawals: CashWithdrawal[];
  llcExpenseWords: Map<number, LlcExpenseWords>;
};

export const cents = (n: number): Quantity => ({ unit: 'cents', n });
export const percentOf = (n: number | null): Quantity => ({ unit: 'percent', n });

