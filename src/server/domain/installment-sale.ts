import { roundDiv } from './apportion.js';
import type { IsoDate } from './dates.js';
import { noteAtSale } from './land-contract-schedule.js';
import { monthIndex } from './months.js';

/**
 * Land-contract seller accounting by the installment method (docs/rules/tax-reports.md): each payment is interest
 * plus principal, and the principal is partly gain (the gross-profit percentage) and partly return of
 * basis. Pure, in cents.
 */
export type LandContractTerms = {
  saleDate: IsoDate;
  salePriceCents: number;
  downPaymentCents: number;
  adjustedBasisCents: number;
  rateBps: number;
  sellingExpensesCents: number;
  /** A mortgage of the seller's the buyer took over (0 when none): in the sale price, not owed to the seller. */
  assumedMortgageCents?: number;
};

/** What servicing adds to the terms (docs/product.md "Land contracts"): the installment and when it falls due. */
export type ServicingTerms = {
  installmentCents: number | null;
  firstDueDate: IsoDate | null;
  /** Days after a due date before a payment is late. */
  graceDays: number;
  buyerName: string | null;
  buyerAddress: string | null;
};

export type Payment = { id: number; date: IsoDate; cents: number };
/**
 * `arrears`: interest owed after this payment that it did not cover, carried to the next; `beyondBalance`:
 * what it paid beyond the balance, counted as interest (0 but for a payment that more than paid the contract off).
 */
export type ScheduleRow = Payment & { interest: number; principal: number; balance: number; arrears: number; beyondBalance: number };

/**
 * Every payment split into interest and principal, in date order. Payments on or before the sale date
 * are the down payment (all principal). Later ones owe interest for the whole months since the previous
 * payment; interest a payment cannot cover carries as arrears to the next.
 */
export function installmentSchedule(terms: LandContractTerms, payments: Payment[]): ScheduleRow[] {
  const ordered = [...payments].sort((a, b) => (a.date !== b.date ? (a.date < b.date ? -1 : 1) : a.id - b.id));
  // The buyer owes the seller the price less a mortgage they took over (docs/rules/tax-reports.md).
  let balance = noteAtSale(terms);
  let arrears = 0;
  let previous = terms.saleDate;
  return ordered.map((p) => {
    let interest = 0;
    if (p.date > terms.saleDate) {
      const months = monthIndex(p.date) - monthIndex(previous);
      const accrued = Number(roundDiv(BigInt(Math.max(0, balance)) * BigInt(terms.rateBps) * BigInt(months), 120000n));
      const due = accrued + arrears;
      interest = Math.min(p.cents, due);
      arrears = due - interest;
      previous = p.date;
    }
    // Principal never takes the balance below zero: what a payment brings beyond it (a contract paid off at
    // its stated balance when interest was imputed on a lower price) is interest, so that over the
    // contract's life the principal is the price and the interest the rest (docs/rules/tax-reports.md).
    const principal = Math.min(p.cents - interest, Math.max(0, balance));
    const beyondBalance = p.cents - interest - principal;
    interest += beyondBalance;
    balance -= principal;
    return { ...p, interest, principal, balance, arrears, beyondBalance };
  });
}

export type YearOfSale = {
  payments: number;
  interest: number;
  principal: number;
  gain: number;
  returnOfBasis: number;
  /** The contract balance at the year's end (the note's book value, docs/rules/tax-reports.md). */
  balanceEnd: number;
  /** A sale at a loss: the installment method does not apply. */
  loss: boolean;
  /** Received in the year beyond what the contract owed, counted in `interest` (a note says so). */
  beyondBalance: number;
  /** Sale price − adjusted basis − selling expenses. */
  grossProfit: number;
  /** Sale price − assumed mortgage + the mortgage's excess over basis and selling expenses (Form 6252 line 18). */
  contractPrice: number;
};

/**
 * The gross profit and the contract price of a sale (docs/rules/tax-reports.md): a mortgage the buyer took
 * over is left out of the contract price, except what it exceeds the basis and selling expenses by (that
 * excess counts as a payment received in the year of sale). With no mortgage the contract price is the price.
 */
export function contractPriceOf(terms: LandContractTerms): { grossProfit: number; contractPrice: number; excess: number } {
  const mortgage = terms.assumedMortgageCents ?? 0;
  const excess = Math.max(0, mortgage - (terms.adjustedBasisCents + terms.sellingExpensesCents));
  return {
    grossProfit: terms.salePriceCents - terms.adjustedBasisCents - terms.sellingExpensesCents,
    contractPrice: terms.salePriceCents - mortgage + excess,
    excess,
  };
}

/** What the year's payments recognise: interest, and the gain part of the principal, rounded once a year as Form 6252 does. */
export function yearOfSale(terms: LandContractTerms, schedule: ScheduleRow[], year: number): YearOfSale {
  const inYear = schedule.filter((r) => Number(r.date.slice(0, 4)) === year);
  const upToYearEnd = schedule.filter((r) => Number(r.date.slice(0, 4)) <= year);
  const sum = (rows: ScheduleRow[], pick: (r: ScheduleRow) => number) => rows.reduce((s, r) => s + pick(r), 0);
  const payments = sum(inYear, (r) => r.cents);
  const interest = sum(inYear, (r) => r.interest);
  const principal = sum(inYear, (r) => r.principal);
  const { grossProfit, contractPrice, excess } = contractPriceOf(terms);
  const saleYear = Number(terms.saleDate.slice(0, 4)) === year;
  const loss = grossProfit <= 0 || contractPrice <= 0;
  // The mortgage's excess over basis is a payment received in the year of sale.
  const received = principal + (saleYear ? excess : 0);
  const gain = loss
    ? saleYear ? grossProfit : 0
    : Number(roundDiv(BigInt(grossProfit) * BigInt(received), BigInt(contractPrice)));
  const sold = Number(terms.saleDate.slice(0, 4)) <= year;
  const balanceEnd = !sold ? 0 : upToYearEnd.length ? upToYearEnd[upToYearEnd.length - 1]!.balance : noteAtSale(terms);
  const beyondBalance = sum(inYear, (r) => r.beyondBalance);
  return { payments, interest, principal, gain, returnOfBasis: loss ? principal : received - gain, balanceEnd, loss, beyondBalance, grossProfit, contractPrice };
}
