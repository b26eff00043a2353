import { z } from 'zod';
import { Dollars } from '../fields.js';
import { ENTRY_KINDS } from './corrections.js';

/**
 * Corrections an investor can read (docs/product.md "Corrections shown to investors"): every void, and
 * every entry recorded into a period this investor had already been shown (a statement published to them
 * or downloaded by them), that changed their figures, newest first, with what it did to their figures.
 * Never another investor's name or amount.
 */

export const InvestorCorrectionsQuery = z.strictObject({ investor_name: z.string().trim().max(100).optional() });

const Effect = z.object({
  /** The change to their total income (all time), in dollars: negative when the correction lowered it. */
  total_income: Dollars,
  /** The change to their cash balance. */
  cash_balance: Dollars,
  /** The change to their capital (all properties). */
  capital: Dollars,
});

export const InvestorCorrection = z.object({
  /** When it was corrected: the void's time, or when the late entry was recorded (ISO timestamp). */
  corrected_at: z.string(),
  what: z.enum(['voided', 'recorded late']),
  kind: z.enum(ENTRY_KINDS),
  /** The entry's own date (YYYY-MM-DD). */
  date: z.string(),
  /** Null for an entry of no property (an LLC expense, a cash withdrawal). */
  property_name: z.string().nullable(),
  /** The LLC of an LLC expense; null otherwise. */
  llc_name: z.string().nullable(),
  /** The whole entry's amount, as recorded (positive). */
  amount: Dollars,
  /** The reason the admin gave; "no reason given" when none. */
  reason: z.string(),
  /** This investor's part of the entry (their share of a property's or an LLC's entry; all of their own). */
  your_share: Dollars,
  /** What it changed in their figures; the effects of all corrections add up to the change they caused together. */
  effect: Effect,
  /** The statement this investor had already been shown for the entry's date, in words ("your statement of 2025-Q3"); null when none. */
  after_statement: z.string().nullable(),
});
export type InvestorCorrection = z.infer<typeof InvestorCorrection>;

export const InvestorCorrectionsResponse = z.object({
  investor_name: z.string(),
  corrections: z.array(InvestorCorrection),
});
