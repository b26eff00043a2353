import { roundDiv } from './apportion.js';
import type { IsoDate } from './dates.js';
import type { LandContractTerms, ServicingTerms } from './installment-sale.js';
import { usd } from './money.js';
import { monthIndex } from './months.js';

/**
 * A land contract's amortization as the contract writes it (docs/product.md "Land contracts"): the down
 * payment at the sale, then the installment on the same day of each month from the first due date, each
 * owing interest by the same rule the tax split uses for payments received (the balance × rate ÷ 12 × the
 * whole months since the previous due date, rounded to the cent), the last one what is left. Pure, in cents.
 */

/** No contract runs longer: a schedule that would is refused (the installment does not pay it off). */
export const MAX_INSTALLMENTS = 1200;

export type ScheduledPayment = {
  /** 0 for the down payment, then 1, 2, … */
  number: number;
  dueDate: IsoDate;
  payment: number;
  interest: number;
  principal: number;
  /** The balance after this payment. */
  balance: number;
};

export type ContractSchedule = { ok: true; rows: ScheduledPayment[] } | { ok: false; reason: string };

/** The day `day` of the month `months` after `first`'s, or that month's last day when it is shorter. */
export function addMonthsKeepingDay(first: IsoDate, months: number, day = Number(first.slice(8, 10))): IsoDate {
  const index = monthIndex(first) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(day, lastDay)).padStart(2, '0')}`;
}

/** The balance the buyer owes the seller at the sale, before the down payment: the price less a mortgage the buyer took over. */
export const noteAtSale = (terms: LandContractTerms): number => terms.salePriceCents - (terms.assumedMortgageCents ?? 0);

/** Interest on a balance for whole months at the contract's rate, rounded half away from zero. */
export const interestFor = (balance: number, rateBps: number, months: number): number =>
  Number(roundDiv(BigInt(Math.max(0, balance)) * BigInt(rateBps) * BigInt(Math.max(0, months)), 120000n));

/**
 * The contract's schedule, or why there is none: no installment or first due date recorded, or an
 * installment that would not pay the balance off within MAX_INSTALLMENTS months.
 */
export function contractSchedule(terms: LandContractTerms, servicing: Pick<ServicingTerms, 'installmentCents' | 'firstDueDate'>): ContractSchedule {
  const { installmentCents, firstDueDate } = servicing;
  if (installmentCents === null || firstDueDate === null) {
    return { ok: false, reason: 'No installment and first due date are recorded, so there is no schedule.' };
  }
  let balance = noteAtSale(terms) - terms.downPaymentCents;
  const rows: ScheduledPayment[] = [];
  if (terms.downPaymentCents > 0) {
    rows.push({ number: 0, dueDate: terms.saleDate, payment: terms.downPaymentCents, interest: 0, principal: terms.downPaymentCents, balance });
  }
  let previous = terms.saleDate;
  for (let k = 1; balance > 0; k++) {
    if (k > MAX_INSTALLMENTS) {
      return { ok: false, reason: `An installment of ${usd(installmentCents)} does not pay the contract off within ${MAX_INSTALLMENTS / 12} years.` };
    }
    const dueDate = addMonthsKeepingDay(firstDueDate, k - 1);
    const months = monthIndex(dueDate) - monthIndex(previous);
    const interest = interestFor(balance, terms.rateBps, months);
    const payment = Math.min(installmentCents, balance + interest);
    const principal = payment - interest;
    // A month's interest the installment does not cover: the balance would only grow (a first installment
    // due some months after the sale may owe more than one, once).
    if (principal <= 0 && months <= 1) {
      return { ok: false, reason: `An installment of ${usd(installmentCents)} does not cover a month's interest (${usd(interest)}), so the contract would never be paid off.` };
    }
    balance -= principal;
    rows.push({ number: k, dueDate, payment, interest, principal, balance });
    previous = dueDate;
  }
  return { ok: true, rows };
}
