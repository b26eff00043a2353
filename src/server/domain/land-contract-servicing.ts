import type { IsoDate } from './dates.js';
import { dateText } from '../../contract/values/human-format.js';
import { installmentSchedule, type LandContractTerms, type Payment, type ScheduleRow } from './installment-sale.js';
import { interestFor, noteAtSale, type ScheduledPayment } from './land-contract-schedule.js';
import { monthIndex } from './months.js';

/**
 * Servicing a land contract (docs/product.md "Land contracts"): what was paid against each installment
 * the contract schedules, the totals owed, a payoff quote and the buyer's year-end figures. The split of
 * the payments received is the tax report's (installmentSchedule); the schedule is the contract's
 * (contractSchedule). Pure, in cents.
 */

export type RowStatus = 'paid' | 'late' | 'short' | 'missing' | 'open' | 'upcoming';

export type ServicedRow = ScheduledPayment & {
  /** Paid against this row: payments fill the rows oldest due first. */
  paid: number;
  /** When the row was paid in full, else the last payment applied to it; null when nothing was. */
  paidDate: IsoDate | null;
  status: RowStatus;
};

const DAY_MS = 86_400_000;
/** The date `days` calendar days after `date`. */
export const addDays = (date: IsoDate, days: number): IsoDate =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

const byDateThenId = (a: Payment, b: Payment) => (a.date !== b.date ? (a.date < b.date ? -1 : 1) : a.id - b.id);
const upTo = (payments: Payment[], asOf: IsoDate) => payments.filter((p) => p.date <= asOf).sort(byDateThenId);

/**
 * Each scheduled row beside what was paid against it. The payments dated on or before `asOf` fill the rows
 * oldest due first, whatever their date (a payment made before the sale fills the down payment like any
 * other); what is left after the last row is `leftOver`. A row paid in full is late when the payment that
 * completed it came after its due date plus the grace days.
 */
export function paidVersusDue(
  schedule: ScheduledPayment[], payments: Payment[], graceDays: number, asOf: IsoDate,
): { rows: ServicedRow[]; leftOver: number } {
  const queue = upTo(payments, asOf).map((p) => ({ date: p.date, left: p.cents }));
  let q = 0;
  const rows = schedule.map((row): ServicedRow => {
    let paid = 0;
    let paidDate: IsoDate | null = null;
    while (paid < row.payment && q < queue.length) {
      const p = queue[q]!;
      const take = Math.min(p.left, row.payment - paid);
      paid += take;
      p.left -= take;
      if (take > 0) paidDate = p.date;
      if (p.left === 0) q++;
    }
    const graceEnd = addDays(row.dueDate, graceDays);
    const status: RowStatus = paid >= row.payment
      ? (paidDate! <= graceEnd ? 'paid' : 'late')
      : asOf > graceEnd ? (paid > 0 ? 'short' : 'missing')
        : asOf >= row.dueDate ? 'open' : 'upcoming';
    return { ...row, paid, paidDate, status };
  });
  const leftOver = queue.slice(q).reduce((s, p) => s + p.left, 0);
  return { rows, leftOver };
}

export type ServicingTotals = {
  dueToDate: number;
  paidToDate: number;
  pastDue: number;
  arrears: number;
  balance: number;
  nextDueDate: IsoDate | null;
  nextDueAmount: number | null;
};

/** The payments received up to `asOf`, split by the tax report's rule (interest since the previous payment, arrears carried). */
export const receivedSplit = (terms: LandContractTerms, payments: Payment[], asOf: IsoDate): ScheduleRow[] =>
  installmentSchedule(terms, upTo(payments, asOf));

/** The balance and the unpaid interest after the last payment up to `asOf` (none: the note at the sale). */
export function balanceAt(terms: LandContractTerms, payments: Payment[], asOf: IsoDate): { balance: number; arrears: number; last: ScheduleRow | null } {
  const split = receivedSplit(terms, payments, asOf);
  const last = split.at(-1) ?? null;
  return last ? { balance: last.balance, arrears: last.arrears, last } : { balance: noteAtSale(terms), arrears: 0, last: null };
}

/** The totals of the schedule screen: what was due and paid to date, what is past due, the balance and the next installment. */
export function servicingTotals(terms: LandContractTerms, rows: ServicedRow[], payments: Payment[], asOf: IsoDate): ServicingTotals {
  const { balance, arrears } = balanceAt(terms, payments, asOf);
  // The next installment the buyer owes and is not late with: one due and still within its grace days, else the next to fall due.
  const next = rows.find((r) => (r.status === 'open' || r.status === 'upcoming') && r.paid < r.payment);
  return {
    dueToDate: rows.filter((r) => r.dueDate <= asOf).reduce((s, r) => s + r.payment, 0),
    paidToDate: upTo(payments, asOf).reduce((s, p) => s + p.cents, 0),
    pastDue: rows.filter((r) => r.status === 'short' || r.status === 'missing').reduce((s, r) => s + r.payment - r.paid, 0),
    arrears,
    balance,
    nextDueDate: next?.dueDate ?? null,
    nextDueAmount: next ? next.payment - next.paid : null,
  };
}

export type Payoff = {
  asOf: IsoDate;
  principal: number;
  /** Interest for `months` whole months on the principal, plus `arrears`. */
  interest: number;
  arrears: number;
  total: number;
  lastPaymentDate: IsoDate | null;
  months: number;
};

/** Why a payoff cannot be quoted on `asOf` (null: it can): the contract did not exist yet. */
export const payoffDateRefusal = (terms: LandContractTerms, asOf: IsoDate): string | null =>
  asOf < terms.saleDate ? `The payoff date must be on or after the sale date (${dateText(terms.saleDate)}).` : null;

/**
 * What pays the contract off on `asOf`, by the rule the payments received are split by: the balance after
 * the last payment, interest on it for the whole months since that payment (or the sale), and interest
 * earlier payments left unpaid. A payment of `total` dated `asOf` leaves a balance of exactly 0.
 */
export function payoff(terms: LandContractTerms, payments: Payment[], asOf: IsoDate): Payoff {
  const refused = payoffDateRefusal(terms, asOf);
  if (refused) throw new RangeError(refused); // the service refuses such a date first, in these words
  const { balance, arrears, last } = balanceAt(terms, payments, asOf);
  const principal = Math.max(0, balance);
  const afterSale = receivedSplit(terms, payments, asOf).filter((r) => r.date > terms.saleDate).at(-1);
  const months = monthIndex(asOf) - monthIndex(afterSale?.date ?? terms.saleDate);
  const interest = interestFor(principal, terms.rateBps, months) + arrears;
  return { asOf, principal, interest, arrears, total: principal + interest, lastPaymentDate: last?.date ?? null, months };
}

export type YearStatement = {
  year: number;
  payments: ScheduleRow[];
  totals: { amount: number; interest: number; principal: number };
  /** The balance at the year's start (after the last payment of the years before; the note at the sale when none). */
  balanceStart: number;
  /** The balance at December 31. */
  balanceEnd: number;
};

/** The buyer's year: each payment received in it with its split and the balance after it, the totals, and the balance at the year's end. */
export function yearStatement(terms: LandContractTerms, payments: Payment[], year: number): YearStatement {
  const split = receivedSplit(terms, payments, `${year}-12-31`);
  const inYear = split.filter((r) => Number(r.date.slice(0, 4)) === year);
  const before = split.filter((r) => Number(r.date.slice(0, 4)) < year).at(-1);
  const sum = (pick: (r: ScheduleRow) => number) => inYear.reduce((s, r) => s + pick(r), 0);
  const balanceStart = before?.balance ?? noteAtSale(terms);
  return {
    year,
    payments: inYear,
    totals: { amount: sum((r) => r.cents), interest: sum((r) => r.interest), principal: sum((r) => r.principal) },
    balanceStart,
    balanceEnd: split.at(-1)?.balance ?? balanceStart,
  };
}
