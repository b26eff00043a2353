import { z } from 'zod';
import { Dollars, Name, TaxYear } from '../fields.js';

/** The admin's reports: the business at a glance, one property's books, the LLC and property tax reports (docs/product.md "Screens"). */

export const AdminSummaryResponse = z.object({
  /** Σ of every investor's cash balance: undistributed cash owed to investors (docs/decisions.md #9). */
  total_cash: Dollars,
  /** Σ of every investor's outstanding capital (investments − investment withdrawals). */
  total_investments: Dollars,
  /** Σ property income and land-contract payments, gross, all time. */
  total_income: Dollars,
  /** Σ property, investor-property and LLC expenses, all time. */
  total_expenses: Dollars,
  /** Σ deposits − deposit withdrawals: the deposits held today. */
  total_deposits: Dollars,
  /** Extension: each active investor with their capital and cash, for the Investors list. */
  investors: z.array(z.object({ investor_name: z.string(), total_investments: Dollars, cash_balance: Dollars })),
});
export type AdminSummaryResponse = z.infer<typeof AdminSummaryResponse>;

export const PropertyDetailsQuery = z.strictObject({ selectedProperty: Name });
export const HistoryRow = z.object({ date: z.string(), amount: Dollars, detail: z.string() });
export const PropertyDetailsResponse = z.object({
  investments: z.array(HistoryRow),
  income: z.array(HistoryRow),
  expenses: z.array(HistoryRow),
  deposits: z.array(HistoryRow),
  total_investments: Dollars,
  total_income: Dollars,
  total_expenses: Dollars,
  total_deposits: Dollars,
  investors_list: z.array(z.object({ investor_name: z.string(), total_amount: Dollars })),
});
export type PropertyDetailsResponse = z.infer<typeof PropertyDetailsResponse>;

/** member → amount; member → property → amount. */
const ByMember = z.record(z.string(), Dollars);
const ByMemberByProperty = z.record(z.string(), z.record(z.string(), Dollars));

export const LlcTaxesQuery = z.strictObject({ selectedLLC: Name, selectedTaxYear: TaxYear });
export const LlcTaxesResponse = z.object({
  address: z.string(),
  date_started: z.string(),
  principal_business_activity: z.string(),
  principal_product: z.string(),
  business_code_number: z.string(),
  total_assets: Dollars,
  ordinary_business_income: Dollars,
  total_rental_income: Dollars,
  total_dividend_income: Dollars,
  total_income: Dollars,
  total_active_income: Dollars,
  rental_income_by_member: ByMember,
  dividend_income_by_member: ByMember,
  dividend_expenses_by_member: ByMember,
  rental_income_by_member_by_property: ByMemberByProperty,
  ubia_by_member_by_property: ByMemberByProperty,
  llc_expenses: z.record(z.string(), Dollars),
  properties_list: z.array(z.string()),
  /** Extension: management fees of the year per member, reported apart, not deducted (docs/decisions.md #11). */
  management_fees_by_member: ByMember,
  /** Extension: what the CPA should review (loss sales, unsplit land contracts, low interest rates). */
  review_notes: z.array(z.string()),
});
export type LlcTaxesResponse = z.infer<typeof LlcTaxesResponse>;

export const PropertyTaxesQuery = z.strictObject({ selectedProperty: Name, selectedTaxYear: TaxYear });
export const PropertyTaxesResponse = z.object({
  address: z.string(),
  income_list: z.record(z.string(), Dollars),
  expenses_list: z.record(z.string(), Dollars),
  /** Extension, land contracts with terms: how the year's payments split (docs/rules/tax-reports.md). */
  lc_summary: z
    .object({
      payments: Dollars, interest: Dollars, principal: Dollars, gain: Dollars, return_of_basis: Dollars, balance_end: Dollars,
      /** Sale price − assumed mortgage + the mortgage's excess over basis and selling expenses (the imputed price when interest is imputed). */
      contract_price: Dollars.optional(),
      /** Gross profit ÷ contract price, in percent to two decimals (40 = 40 %); the gain uses the exact ratio. */
      gross_profit_percentage: z.number().optional(),
      /** Interest imputed at the applicable federal rate (IRC §483/§1274), null when none is (docs/rules/tax-reports.md "Imputed interest"). */
      imputed: z
        .object({
          rule: z.enum(['IRC §483', 'IRC §1274']),
          federal_rate_bps: z.number(),
          /** YYYY-MM: the month whose rate applied, the lowest of the sale month and the two before. */
          federal_rate_month: z.string(),
          term: z.enum(['short', 'mid', 'long']),
          /** The present value of the scheduled payments at the federal rate, plus an assumed mortgage. */
          imputed_sale_price: Dollars,
          /** Stated sale price − imputed sale price: interest, not principal. */
          unstated_interest: Dollars,
        })
        .nullable()
        .optional(),
    })
    .optional(),
  /** Extension: what the CPA should review for this property. */
  review_notes: z.array(z.string()),
});
export type PropertyTaxesResponse = z.infer<typeof PropertyTaxesResponse>;
