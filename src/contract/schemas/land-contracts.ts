import { z } from 'zod';
import { Dollars, IsoDate, Money, MoneyOrZero, MonthStart, Name, Text, TaxYear } from '../fields.js';

/**
 * Land contracts serviced from the books (docs/product.md "Land contracts"): the contract's terms, its
 * amortization schedule beside what was paid, a payoff quote, the buyer's year-end statement, and the
 * applicable federal rates the tax report tests the contract's interest against (docs/rules/tax-reports.md).
 */

/** An optional term left empty in a form ('') counts as not given. */
const emptyIsAbsent = <T extends z.ZodType>(schema: T) =>
  z.union([z.literal('').transform(() => undefined), schema]).optional();

/**
 * The servicing terms and the assumed mortgage, beside the five tax terms (sale date, price, down payment,
 * adjusted basis, rate): each optional; the schedule needs the installment and the first due date.
 */
export const LandContractServicingFields = {
  /** The monthly installment the buyer owes (principal and interest). */
  lc_installment: emptyIsAbsent(Money('Installment')),
  /** The first installment's due date; the next ones fall on the same day of each following month (the month's last day when shorter). */
  lc_first_due_date: emptyIsAbsent(IsoDate('First due date')),
  /** Days after a due date before a payment counts as late (default 10). */
  lc_grace_days: z.number().int('must be a whole number of days').min(0, 'must be 0 to 60 days').max(60, 'must be 0 to 60 days').optional(),
  /** A mortgage of the seller's the buyer took over: part of the sale price, not owed to the seller. */
  lc_assumed_mortgage: emptyIsAbsent(MoneyOrZero('Assumed mortgage')),
  /** Who the payoff letter and the year-end statement are addressed to. */
  lc_buyer_name: Text(200).optional().transform((v) => v?.trim() || undefined),
  lc_buyer_address: Text(300).optional().transform((v) => v?.trim() || undefined),
};

/** Records or changes a land contract's terms (all five tax terms; the servicing terms optional). */
export const SetLandContractTermsRequest = z.strictObject({
  property_name: Name,
  lc_sale_date: IsoDate('Sale date'),
  lc_sale_price: Money('Sale price'),
  lc_down_payment: MoneyOrZero('Down payment'),
  lc_adjusted_basis: MoneyOrZero('Adjusted basis'),
  lc_rate_bps: z.number().int('must be a whole number of basis points').min(0).max(10000),
  lc_selling_expenses: emptyIsAbsent(MoneyOrZero('Selling expenses')),
  ...LandContractServicingFields,
});

export const LandContractQuery = z.strictObject({ property_name: Name });

/** The terms as recorded, in dollars; null where not recorded. */
export const LandContractTerms = z.object({
  sale_date: z.string(),
  sale_price: Dollars,
  down_payment: Dollars,
  adjusted_basis: Dollars,
  rate_bps: z.number(),
  selling_expenses: Dollars,
  assumed_mortgage: Dollars,
  installment: Dollars.nullable(),
  first_due_date: z.string().nullable(),
  grace_days: z.number(),
  buyer_name: z.string().nullable(),
  buyer_address: z.string().nullable(),
});

/** The land contracts of the portal, for the screen's selector: every land-contract property, with or without terms. */
export const LandContractsResponse = z.object({
  contracts: z.array(z.object({
    property_name: z.string(),
    llc_name: z.string(),
    terms: LandContractTerms.nullable(),
    /** The balance the buyer owes the seller today (null without terms). */
    balance: Dollars.nullable(),
    /** Scheduled installments past their grace period and not paid in full (null without a schedule). */
    past_due: Dollars.nullable(),
  })),
});

export const SCHEDULE_STATUSES = ['paid', 'late', 'short', 'missing', 'open', 'upcoming'] as const;

/**
 * GET /admin/lc_schedule (the fixed name: `rows` with due_date, interest, principal, balance, paid,
 * paid_date, status). `rows` is the contract's amortization (the down payment first, then each installment
 * by the contract's rule) with what was paid against each, oldest due first; `payments` is what was
 * actually received, split by the same rule as the tax report (interest since the previous payment,
 * arrears carried).
 */
export const LcScheduleResponse = z.object({
  property_name: z.string(),
  /** The day the statuses are read at (today). */
  as_of: z.string(),
  terms: LandContractTerms,
  rows: z.array(z.object({
    /** 1 for the first installment; 0 for the down payment. */
    number: z.number(),
    due_date: z.string(),
    /** What is due: the installment (the down payment; the last one: what is left). */
    payment: Dollars,
    interest: Dollars,
    principal: Dollars,
    /** The contract balance after this payment, as scheduled. */
    balance: Dollars,
    /** Paid against this row (payments applied to the oldest amount due first). */
    paid: Dollars,
    /** When the row was paid in full (else the last payment applied to it); null when nothing was. */
    paid_date: z.string().nullable(),
    /** paid: in full by the due date plus the grace days; late: in full, after; short: partly, past grace; missing: nothing, past grace; open: due, within grace; upcoming: not yet due. */
    status: z.enum(SCHEDULE_STATUSES),
  })),
  payments: z.array(z.object({
    date: z.string(),
    amount: Dollars,
    interest: Dollars,
    principal: Dollars,
    /** The balance after this payment. */
    balance: Dollars,
    /** Interest owed that this payment did not cover, carried to the next. */
    arrears: Dollars,
  })),
  totals: z.object({
    /** Σ of what was due up to as_of (down payment included). */
    due_to_date: Dollars,
    paid_to_date: Dollars,
    /** Due past the grace period and not paid. */
    past_due: Dollars,
    /** Interest owed and not yet paid (carried by the last payment). */
    arrears: Dollars,
    /** The balance after the last payment received. */
    balance: Dollars,
    next_due_date: z.string().nullable(),
    next_due_amount: Dollars.nullable(),
  }),
});
export type LcScheduleResponse = z.infer<typeof LcScheduleResponse>;

export const LcPayoffQuery = z.strictObject({
  property_name: Name,
  /** The payoff date (default today); payments recorded after it are not counted. */
  as_of: IsoDate('Payoff date').optional(),
});

/** GET /admin/lc_payoff (the fixed name: as_of, principal, interest, total). */
export const LcPayoffResponse = z.object({
  property_name: z.string(),
  as_of: z.string(),
  /** The balance after the last payment on or before as_of. */
  principal: Dollars,
  /** Interest to as_of by the contract's rule (whole months since the last payment), unpaid interest carried included. */
  interest: Dollars,
  total: Dollars,
  /** Of `interest`, what earlier payments left unpaid. */
  arrears: Dollars,
  /** The last payment counted (null: none since the sale). */
  last_payment_date: z.string().nullable(),
  /** Whole months of interest since the last payment (or the sale). */
  months: z.number(),
  rate_bps: z.number(),
});
export type LcPayoffResponse = z.infer<typeof LcPayoffResponse>;

export const LcStatementQuery = z.strictObject({ property_name: Name, year: TaxYear });

export const FEDERAL_RATE_TERMS = ['short', 'mid', 'long'] as const;

/** The applicable federal rates recorded (IRS revenue rulings, monthly compounding column), newest month first. */
export const FederalRatesResponse = z.object({
  rates: z.array(z.object({
    /** YYYY-MM. */
    month: z.string(),
    /** short: a contract of 3 years or less; mid: over 3 up to 9; long: over 9. */
    term: z.enum(FEDERAL_RATE_TERMS),
    rate_bps: z.number(),
    recorded_by: z.string(),
    recorded_at: z.string(),
  })),
});

export const SetFederalRateRequest = z.strictObject({
  month: MonthStart('Month'),
  term: z.enum(FEDERAL_RATE_TERMS, { error: 'must be one of short, mid, long' }),
  /** The rate for monthly compounding, in basis points (4.67 % = 467). */
  rate_bps: z.number().int('must be a whole number of basis points').min(0).max(10000),
});
