import { z } from 'zod';
import { IsoDate } from '../fields.js';

/** The investor portal's calls (docs/product.md "Screens", docs/api.md): amounts in dollars, months 'YYYY-MM', newest first. */
const MonthAmount = z.object({ date: z.string(), amount: z.number() });

/** Extension: every figure as the books stood on this date; today when absent. */
const AsOf = IsoDate('As of').optional();

export const InvestorSummaryQuery = z.strictObject({ investor_name: z.string().trim().max(100).optional(), as_of: AsOf });

export const InvestorSummaryResponse = z.object({
  investor_name: z.string(),
  total_investments: z.number(),
  total_income: z.number(),
  total_roi: z.number(),
  cash_balance: z.number(),
  total_rental_investments: z.number(),
  total_lc_investments: z.number(),
  total_other_investments: z.number(),
  roi_per_year: z.record(z.string(), z.number()),
  investments_per_month: z.array(MonthAmount),
  cashflow_per_month: z.array(MonthAmount),
  distributions_per_month: z.array(MonthAmount.extend({ description: z.string() })),
  property_pictures: z.array(z.record(z.string(), z.string())),
  // Extension, each as of as_of: the money-weighted annual return in percent (null with a
  // note in words when there is none), the equity multiple (null without investments), and the two
  // withdrawal totals that make the multiple checkable, in dollars.
  xirr: z.number().nullable(),
  xirr_note: z.string().nullable(),
  equity_multiple: z.number().nullable(),
  capital_returned: z.number(),
  cash_distributed: z.number(),
});
export type InvestorSummaryResponse = z.infer<typeof InvestorSummaryResponse>;

export const InvestorPropertyQuery = z.strictObject({
  property_name: z.string().trim().min(1, 'is required').max(100),
  investor_name: z.string().trim().max(100).optional(),
  as_of: AsOf,
});

export const InvestorPropertyResponse = z.object({
  property_name: z.string(),
  picture_url: z.string(),
  total_investments: z.number(),
  total_income: z.number(),
  total_roi: z.number(),
  notes: z.string(),
  investments_per_month: z.array(MonthAmount),
  cashflow_per_month: z.array(MonthAmount),
});
export type InvestorPropertyResponse = z.infer<typeof InvestorPropertyResponse>;
