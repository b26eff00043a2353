import { roundDiv } from './apportion.js';
import type { LandContractTerms, ServicingTerms } from './installment-sale.js';
import { addMonthsKeepingDay, contractSchedule, type ScheduledPayment } from './land-contract-schedule.js';
import { usd } from './money.js';
import { monthIndex, monthKey } from './months.js';

/**
 * Imputed interest on a land contract (docs/rules/tax-reports.md "Imputed interest"): a contract whose
 * stated rate is below the applicable federal rate is taxed as if its sale price were the present value of
 * its payments at that rate (IRC §483 or §1274), the rest of the stated principal being interest. Pure, in
 * cents, exact rational arithmetic rounded once.
 */

export type FederalRateTerm = 'short' | 'mid' | 'long';
/** A recorded applicable federal rate: month as YYYY-MM. */
export type FederalRate = { month: string; term: FederalRateTerm; rateBps: number };

export type Imputed = {
  rule: 'IRC §483' | 'IRC §1274';
  federalRateBps: number;
  /** The month (YYYY-MM) whose rate applied: the lowest of the sale month and the two before. */
  federalRateMonth: string;
  term: FederalRateTerm;
  /** The present value of the payments at the federal rate, plus an assumed mortgage. */
  imputedSalePriceCents: number;
  /** Stated sale price − imputed sale price: interest, not principal. */
  unstatedInterestCents: number;
};

export type InterestTest = {
  /** The terms the tax split runs with: the contract's, or the imputed price at the applicable rate. */
  terms: LandContractTerms;
  imputed: Imputed | null;
  /** What the CPA should review (empty when the contract's own rate needs no word). */
  notes: string[];
};

/** Below this stated rate, a contract that cannot be tested gets a note that interest may have to be imputed. */
export const LOW_RATE_BPS = 400;
/** §483(d)(2): no imputation on a sale price of $3,000 or less. */
export const SMALL_SALE_CENTS = 300_000;
/** §1274(c)(3)(C): payments and assumed debt of $250,000 or less fall under §483 instead of §1274. */
export const SECTION_483_LIMIT_CENTS = 25_000_000;

const pct = (bps: number) => `${(bps / 100).toFixed(2)} %`;
const TERM_WORDS: Record<FederalRateTerm, string> = { short: 'short-term', mid: 'mid-term', long: 'long-term' };

/**
 * §1274(d)(1): the term of the debt, from the sale to the last scheduled payment: not over 3 years short,
 * not over 9 years mid, else long. Counted to the day: a last payment one day past the third anniversary
 * of the sale makes the contract mid-term.
 */
export function termOf(saleDate: string, lastDueDate: string): FederalRateTerm {
  const over = (months: number) => lastDueDate > addMonthsKeepingDay(saleDate, months);
  return !over(36) ? 'short' : !over(108) ? 'mid' : 'long';
}

export type ApplicableRate =
  | { ok: true; rateBps: number; month: string; window: string[]; missing: string[] }
  | { ok: false; month: string };

/**
 * §1274(d)(2): the lowest rate of the term recorded for the sale month and the two months before. The
 * sale month's own rate must be recorded; an earlier month not recorded is left out (and named).
 */
export function applicableRate(saleDate: string, term: FederalRateTerm, rates: FederalRate[]): ApplicableRate {
  const sale = monthIndex(saleDate);
  const window = [sale - 2, sale - 1, sale].map(monthKey);
  const saleMonth = window[2]!;
  const recorded = window.map((m) => rates.find((r) => r.month === m && r.term === term));
  if (!recorded[2]) return { ok: false, month: saleMonth };
  let lowest = recorded[2];
  for (const r of recorded) if (r && r.rateBps < lowest.rateBps) lowest = r;
  return { ok: true, rateBps: lowest.rateBps, month: lowest.month, window, missing: window.filter((_, k) => !recorded[k]) };
}

/**
 * The present value at the sale of the scheduled payments at a yearly rate compounded monthly: each due
 * k whole months after the sale month is divided by (1 + r/12)^k (the down payment, k = 0, at face).
 * Exact, rounded once: with a = 120000 and b = 120000 + bps, the value is X₀ / bᴺ where, month by month
 * from the last (N) back to the sale, Xₖ = pₖ·b^(N−k) + a·Xₖ₊₁ — one multiplication by a small number per
 * month, so even a contract of a hundred years costs milliseconds.
 */
export function presentValue(saleDate: string, rows: Pick<ScheduledPayment, 'dueDate' | 'payment'>[], rateBps: number): number {
  const a = 120000n;
  const b = 120000n + BigInt(rateBps);
  const sale = monthIndex(saleDate);
  const due = new Map<number, bigint>();
  for (const r of rows) {
    const k = Math.max(0, monthIndex(r.dueDate) - sale);
    due.set(k, (due.get(k) ?? 0n) + BigInt(r.payment));
  }
  const n = Math.max(0, ...due.keys());
  let x = 0n;
  let bPower = 1n; // b^(N−k)
  for (let k = n; k >= 0; k--) {
    x = (due.get(k) ?? 0n) * bPower + a * x;
    if (k > 0) bPower *= b;
  }
  return Number(roundDiv(x, bPower));
}

const stated = (terms: LandContractTerms, notes: string[] = []): InterestTest => ({ terms, imputed: null, notes });

/**
 * Tests a contract's stated rate against the applicable federal rate and, when lower, gives the terms the
 * tax split runs with instead: the imputed sale price at the federal rate. `name` names it in the notes.
 */
export function testInterest(
  name: string,
  terms: LandContractTerms,
  servicing: Pick<ServicingTerms, 'installmentCents' | 'firstDueDate'> | null | undefined,
  rates: FederalRate[],
): InterestTest {
  const lowRate = (record: string) =>
    terms.rateBps < LOW_RATE_BPS
      ? [`${name}: the contract rate (${(terms.rateBps / 100).toFixed(2)}%) may be below the applicable federal rate; unstated interest may have to be imputed (IRC §483/§1274). ${record}`]
      : [];
  const schedule = contractSchedule(terms, servicing ?? { installmentCents: null, firstDueDate: null });
  if (!schedule.ok) {
    const why = servicing?.installmentCents != null && servicing.firstDueDate != null ? `${schedule.reason} ` : '';
    return stated(terms, lowRate(`${why}Record the installment and first due date to test its interest against the applicable federal rate.`));
  }
  const rows = schedule.rows;
  // Nothing owed to the seller after the sale (the buyer took over a mortgage of the whole price): no debt to test.
  if (!rows.some((r) => r.number > 0)) return stated(terms);
  const last = rows[rows.length - 1]!.dueDate;
  const term = termOf(terms.saleDate, last);
  const afr = applicableRate(terms.saleDate, term, rates);
  if (!afr.ok) {
    return stated(terms, lowRate(`Record the ${TERM_WORDS[term]} applicable federal rate of ${afr.month} to test its interest against it.`));
  }
  const source = afr.window.length - afr.missing.length > 1 ? `${TERM_WORDS[term]}, lowest of ${afr.window[0]} to ${afr.window[2]}` : `${TERM_WORDS[term]}, ${afr.window[2]}`;
  const federal = `the applicable federal rate of ${pct(afr.rateBps)} (${source})`;
  if (terms.rateBps >= afr.rateBps) {
    return stated(terms, [`${name}: the contract's ${pct(terms.rateBps)} is at or above ${federal}: no interest is imputed.`]);
  }
  const below = `${name}: the contract's ${pct(terms.rateBps)} is below ${federal}`;
  if (terms.salePriceCents <= SMALL_SALE_CENTS) {
    return stated(terms, [`${below}, but the sale price, ${usd(terms.salePriceCents)}, is not over $3,000 (IRC §483(d)(2)): no interest is imputed.`]);
  }
  if (last <= addMonthsKeepingDay(terms.saleDate, 12)) {
    return stated(terms, [`${below}, but every payment is due within one year of the sale (IRC §483(c)(1)): no interest is imputed.`]);
  }
  const mortgage = terms.assumedMortgageCents ?? 0;
  const scheduled = rows.reduce((s, r) => s + r.payment, 0);
  const rule = scheduled + mortgage <= SECTION_483_LIMIT_CENTS ? 'IRC §483' : 'IRC §1274';
  const pv = presentValue(terms.saleDate, rows, afr.rateBps);
  const imputedPrice = pv + mortgage;
  const unstated = terms.salePriceCents - imputedPrice;
  if (unstated <= 0) {
    return stated(terms, [`${below}, but the payments' present value at that rate is not less than the stated principal: no interest is imputed.`]);
  }
  const counted = mortgage > 0 ? `payments ${usd(scheduled)} and the assumed mortgage ${usd(mortgage)}` : `payments ${usd(scheduled)}`;
  const limit = rule === 'IRC §483' ? 'not over $250,000' : 'over $250,000';
  const price = mortgage > 0 ? `their present value plus the mortgage, ${usd(imputedPrice)}` : `their present value, ${usd(imputedPrice)}`;
  const notes = [
    `${below}, so ${rule} applies (${counted}, ${limit}): the sale price is ${price}, and ${usd(unstated)} of the stated principal is interest. Interest and gain are split at ${pct(afr.rateBps)}.`
      + (rule === 'IRC §1274'
        ? ' The split follows the payments received (interest since the previous payment), which equals §1274\'s constant-yield accrual when payments are on schedule; a late payment moves interest between years.'
        : '')
      + ' Not applied, review with the CPA: the 6 % cap of IRC §483(e) on land sold between family members, the 9 % cap of IRC §1274A, and §483\'s exclusion of payments due within six months of the sale (here they are discounted like the rest).',
  ];
  for (const month of afr.missing) {
    notes.push(`${name}: no ${TERM_WORDS[term]} applicable federal rate is recorded for ${month}; a lower rate in that month would lower the imputed interest.`);
  }
  return {
    terms: { ...terms, salePriceCents: imputedPrice, rateBps: afr.rateBps },
    imputed: { rule, federalRateBps: afr.rateBps, federalRateMonth: afr.month, term, imputedSalePriceCents: imputedPrice, unstatedInterestCents: unstated },
    notes,
  };
}
