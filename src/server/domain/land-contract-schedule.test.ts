import { describe, expect, it } from 'vitest';
import { addMonthsKeepingDay, contractSchedule } from './land-contract-schedule.js';

// Maple's Q (docs/rules/tax-reports.md): sold 2024-01-01 at 100,000.00, 10,000.00 down, 8 %, installments of 1,000.00 from 2024-02-01.
const Q = { saleDate: '2024-01-01', salePriceCents: 10_000_000, downPaymentCents: 1_000_000, adjustedBasisCents: 6_000_000, rateBps: 800, sellingExpensesCents: 0 };

describe('contractSchedule', () => {
  it("writes Q's schedule by hand: the down payment, then interest on the balance for each month", () => {
    const s = contractSchedule(Q, { installmentCents: 100_000, firstDueDate: '2024-02-01' });
    if (!s.ok) throw new Error(s.reason);
    const [down, feb, mar] = s.rows;
    expect(down).toEqual({ number: 0, dueDate: '2024-01-01', payment: 1_000_000, interest: 0, principal: 1_000_000, balance: 9_000_000 });
    // 90,000.00 × 8 % ÷ 12 = 600.00 interest, 400.00 principal.
    expect(feb).toEqual({ number: 1, dueDate: '2024-02-01', payment: 100_000, interest: 60_000, principal: 40_000, balance: 8_960_000 });
    // 89,600.00 × 8 % ÷ 12 = 597.333… → 597.33; 402.67 principal.
    expect(mar).toEqual({ number: 2, dueDate: '2024-03-01', payment: 100_000, interest: 59_733, principal: 40_267, balance: 8_919_733 });
    // December (the 11th installment) ends the year at 85,450.37, as the tax report's schedule of the same payments does.
    expect(s.rows[11]).toMatchObject({ dueDate: '2024-12-01', interest: 57_252, principal: 42_748, balance: 8_545_037 });
    const last = s.rows.at(-1)!;
    expect(last.balance).toBe(0);
    expect(last.payment).toBe(last.interest + last.principal);
    expect(last.payment).toBeLessThanOrEqual(100_000);
    // Every row's principal is what the balance went down by.
    for (let k = 1; k < s.rows.length; k++) expect(s.rows[k - 1]!.balance - s.rows[k]!.principal).toBe(s.rows[k]!.balance);
  });

  it('takes a mortgage the buyer assumed off what the buyer owes the seller', () => {
    const s = contractSchedule({ ...Q, assumedMortgageCents: 3_000_000 }, { installmentCents: 100_000, firstDueDate: '2024-02-01' });
    if (!s.ok) throw new Error(s.reason);
    // 100,000 − 30,000 mortgage − 10,000 down = 60,000.00; February: 400.00 interest.
    expect(s.rows[0]!.balance).toBe(6_000_000);
    expect(s.rows[1]).toMatchObject({ interest: 40_000, principal: 60_000, balance: 5_940_000 });
  });

  it('refuses an installment that does not cover a month of interest, and one with nothing to schedule', () => {
    const s = contractSchedule(Q, { installmentCents: 60_000, firstDueDate: '2024-02-01' });
    expect(s).toEqual({ ok: false, reason: "An installment of $600.00 does not cover a month's interest ($600.00), so the contract would never be paid off." });
    expect(contractSchedule(Q, { installmentCents: null, firstDueDate: null }).ok).toBe(false);
  });

  it('owes interest for every month since the sale on a first installment due later, once', () => {
    const s = contractSchedule({ ...Q, downPaymentCents: 0 }, { installmentCents: 100_000, firstDueDate: '2024-04-01' });
    if (!s.ok) throw new Error(s.reason);
    // 100,000.00 × 8 % ÷ 12 × 3 months = 2,000.00 > the installment: the balance grows by 1,000.00, once.
    expect(s.rows[0]).toMatchObject({ number: 1, interest: 200_000, principal: -100_000, balance: 10_100_000 });
    expect(s.rows.at(-1)!.balance).toBe(0);
  });
});

describe('addMonthsKeepingDay', () => {
  it('keeps the day, or the month’s last day when shorter', () => {
    expect(addMonthsKeepingDay('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonthsKeepingDay('2024-01-31', 2)).toBe('2024-03-31');
    expect(addMonthsKeepingDay('2023-11-15', 2)).toBe('2024-01-15');
  });
});
