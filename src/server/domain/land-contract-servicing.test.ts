import { describe, expect, it } from 'vitest';
import { contractSchedule } from './land-contract-schedule.js';
import { installmentSchedule, type LandContractTerms, type Payment } from './installment-sale.js';
import { paidVersusDue, payoff, servicingTotals, yearStatement } from './land-contract-servicing.js';

/**
 * Maple's Q (docs/rules/README.md): sold 2024-01-01 for 100,000.00, 10,000.00 down, 8 %, adjusted basis
 * 60,000.00; here with an installment of 1,000.00 due the 1st of each month from 2024-02-01, grace 10 days.
 */
const Q: LandContractTerms = {
  saleDate: '2024-01-01', salePriceCents: 10_000_000, downPaymentCents: 1_000_000, adjustedBasisCents: 6_000_000, rateBps: 800, sellingExpensesCents: 0,
};
const schedule = () => {
  const s = contractSchedule(Q, { installmentCents: 100_000, firstDueDate: '2024-02-01' });
  if (!s.ok) throw new Error(s.reason);
  return s.rows;
};
let nextId = 1;
const pay = (date: string, cents: number): Payment => ({ id: nextId++, date, cents });

/** Down payment, February on the last day of grace, March late, April on time, May short, June missing. */
const troubled = () => [
  pay('2024-01-01', 1_000_000),
  pay('2024-02-11', 100_000), // due 02-01 + 10 days = 02-11: still on time
  pay('2024-03-18', 100_000), // after 03-11: late
  pay('2024-04-01', 100_000),
  pay('2024-05-01', 50_000), // short
];

describe('paidVersusDue', () => {
  it('fills the rows oldest due first and reads each row at the status date', () => {
    const { rows, leftOver } = paidVersusDue(schedule(), troubled(), 10, '2024-06-15');
    expect(rows.slice(0, 8).map((r) => [r.number, r.dueDate, r.paid, r.paidDate, r.status])).toEqual([
      [0, '2024-01-01', 1_000_000, '2024-01-01', 'paid'],
      [1, '2024-02-01', 100_000, '2024-02-11', 'paid'],
      [2, '2024-03-01', 100_000, '2024-03-18', 'late'],
      [3, '2024-04-01', 100_000, '2024-04-01', 'paid'],
      [4, '2024-05-01', 50_000, '2024-05-01', 'short'], // 06-15 is past 05-11
      [5, '2024-06-01', 0, null, 'missing'], // 06-15 is past 06-11
      [6, '2024-07-01', 0, null, 'upcoming'],
      [7, '2024-08-01', 0, null, 'upcoming'],
    ]);
    expect(leftOver).toBe(0);
  });

  it('a row due within its grace days is open; a later payment fills a short row first', () => {
    const { rows } = paidVersusDue(schedule(), [...troubled(), pay('2024-06-05', 100_000)], 10, '2024-06-05');
    // The June 5 payment: 500.00 completes May (late: after 05-11), 500.00 goes to June, still within grace.
    expect(rows[4]).toMatchObject({ paid: 100_000, paidDate: '2024-06-05', status: 'late' });
    expect(rows[5]).toMatchObject({ paid: 50_000, paidDate: '2024-06-05', status: 'open' });
  });

  it('leaves payments dated after the status date out, and money beyond the schedule over', () => {
    const rows = schedule().slice(0, 2); // down payment 10,000.00 and February's 1,000.00
    const out = paidVersusDue(rows, [pay('2023-12-20', 1_000_000), pay('2024-02-01', 150_000), pay('2024-03-01', 100_000)], 10, '2024-02-20');
    expect(out.rows.map((r) => [r.paid, r.status])).toEqual([[1_000_000, 'paid'], [100_000, 'paid']]);
    expect(out.leftOver).toBe(50_000); // 1,500.00 − 1,000.00; March's payment is after the status date
  });
});

describe('servicingTotals', () => {
  it('adds what was due, paid and past due, and takes the balance and arrears from the payments received', () => {
    const payments = troubled();
    const { rows } = paidVersusDue(schedule(), payments, 10, '2024-06-15');
    // Payments received, split (interest for one month each time):
    //  Feb: 90,000.00 × 8 % ÷ 12 = 600.00; principal 400.00 → 89,600.00
    //  Mar: 89,600.00 × 8 % ÷ 12 = 597.333 → 597.33; principal 402.67 → 89,197.33
    //  Apr: 89,197.33 × 8 % ÷ 12 = 594.649 → 594.65; principal 405.35 → 88,791.98
    //  May: 88,791.98 × 8 % ÷ 12 = 591.947 → 591.95 owed; 500.00 paid, all interest; arrears 91.95
    expect(servicingTotals(Q, rows, payments, '2024-06-15')).toEqual({
      dueToDate: 1_500_000, // 10,000.00 + 5 × 1,000.00 (Feb to Jun)
      paidToDate: 1_350_000, // 10,000.00 + 3 × 1,000.00 + 500.00
      pastDue: 150_000, // May's 500.00 + June's 1,000.00
      arrears: 9_195,
      balance: 8_879_198,
      nextDueDate: '2024-07-01',
      nextDueAmount: 100_000,
    });
  });

  it('before any payment: the balance is the note at the sale, no arrears', () => {
    const { rows } = paidVersusDue(schedule(), [], 10, '2023-12-01');
    expect(servicingTotals(Q, rows, [], '2023-12-01')).toMatchObject({ dueToDate: 0, paidToDate: 0, pastDue: 0, arrears: 0, balance: 10_000_000, nextDueDate: '2024-01-01', nextDueAmount: 1_000_000 });
  });
});

describe('payoff', () => {
  it('mid-month: the balance, one month of interest since the last payment, and the arrears', () => {
    const quote = payoff(Q, troubled(), '2024-06-15');
    // 88,791.98 × 8 % ÷ 12 × 1 = 591.95; + arrears 91.95 = 683.90; total 88,791.98 + 683.90 = 89,475.88
    expect(quote).toEqual({ asOf: '2024-06-15', principal: 8_879_198, interest: 68_390, arrears: 9_195, total: 8_947_588, lastPaymentDate: '2024-05-01', months: 1 });
  });

  it('a missed month counts two months of interest', () => {
    const quote = payoff(Q, troubled(), '2024-07-20');
    // 88,791.98 × 8 % × 2 ÷ 12 = 1,183.893 → 1,183.89; + 91.95 = 1,275.84; total 90,067.82
    expect(quote).toMatchObject({ principal: 8_879_198, interest: 127_584, total: 9_006_782, months: 2 });
  });

  it('a payment of the total on the payoff date leaves a balance of exactly 0', () => {
    for (const asOf of ['2024-01-01', '2024-03-10', '2024-06-15', '2024-07-20', '2025-02-28']) {
      for (const payments of [[], troubled()]) {
        const quote = payoff(Q, payments, asOf);
        const after = installmentSchedule(Q, [...payments.filter((p) => p.date <= asOf), pay(asOf, quote.total)]);
        expect(after.at(-1)!.balance).toBe(0);
        expect(after.at(-1)!.arrears).toBe(0);
      }
    }
  });

  it('with no payment at all: the note at the sale and interest from the sale', () => {
    // 100,000.00 × 8 % × 2 ÷ 12 = 1,333.333 → 1,333.33
    expect(payoff(Q, [], '2024-03-10')).toMatchObject({ principal: 10_000_000, interest: 133_333, total: 10_133_333, lastPaymentDate: null, months: 2 });
  });

  it('with an assumed mortgage: the buyer owes the seller the price less the mortgage', () => {
    const withMortgage = { ...Q, assumedMortgageCents: 3_000_000 };
    const payments = [pay('2024-01-01', 1_000_000), pay('2024-02-01', 100_000)];
    // Note 100,000.00 − 30,000.00 = 70,000.00; less 10,000.00 down = 60,000.00.
    // Feb: 60,000.00 × 8 % ÷ 12 = 400.00 interest, 600.00 principal → 59,400.00.
    // Payoff 03-20: 59,400.00 × 8 % ÷ 12 = 396.00; total 59,796.00.
    expect(payoff(withMortgage, payments, '2024-03-20')).toMatchObject({ principal: 5_940_000, interest: 39_600, total: 5_979_600, months: 1 });
    const after = installmentSchedule(withMortgage, [...payments, pay('2024-03-20', 5_979_600)]);
    expect(after.at(-1)!.balance).toBe(0);
    expect(payoff(withMortgage, [], '2024-01-01')).toMatchObject({ principal: 7_000_000, interest: 0 });
  });

  it('refuses a date before the sale', () => {
    expect(() => payoff(Q, [], '2023-12-31')).toThrow('The payoff date must be on or after the sale date (');
  });
});

describe('yearStatement', () => {
  it("Maple's Q paid 1,000.00 each month from February: the balance at the end of 2024 is 85,450.37", () => {
    const payments = [pay('2024-01-01', 1_000_000), ...['02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'].map((m) => pay(`2024-${m}-01`, 100_000))];
    const s = yearStatement(Q, payments, 2024);
    expect(s.payments).toHaveLength(12);
    expect(s.payments.slice(1, 3).map((r) => [r.interest, r.principal, r.balance])).toEqual([[60_000, 40_000, 8_960_000], [59_733, 40_267, 8_919_733]]);
    expect(s.balanceEnd).toBe(8_545_037);
    // Principal: 100,000.00 − 85,450.37 = 14,549.63 (10,000.00 of it the down payment); interest 21,000.00 − 14,549.63 = 6,450.37.
    expect(s.totals).toEqual({ amount: 2_100_000, interest: 645_037, principal: 1_454_963 });
    expect(s.balanceStart).toBe(10_000_000);
    const next = yearStatement(Q, payments, 2025);
    expect(next).toMatchObject({ payments: [], totals: { amount: 0, interest: 0, principal: 0 }, balanceStart: 8_545_037, balanceEnd: 8_545_037 });
  });
});
