import { describe, expect, it } from 'vitest';
import { applicableRate, presentValue, termOf, testInterest, type FederalRate } from './imputed-interest.js';
import { installmentSchedule, yearOfSale, type LandContractTerms, type Payment } from './installment-sale.js';
import { contractSchedule } from './land-contract-schedule.js';
import { grossProfitPercent, landContractNotes, type TaxProperty } from './tax-report.js';

/** docs/rules/tax-reports.md "Imputed interest": the hand-worked example. */
const TERMS: LandContractTerms = {
  saleDate: '2025-01-01', salePriceCents: 2_400_000, downPaymentCents: 0, adjustedBasisCents: 1_200_000, rateBps: 0, sellingExpensesCents: 0,
};
const SERVICING = { installmentCents: 100_000, firstDueDate: '2025-02-01' };
const RATES: FederalRate[] = [
  { month: '2024-11', term: 'short', rateBps: 650 },
  { month: '2024-12', term: 'short', rateBps: 620 },
  { month: '2025-01', term: 'short', rateBps: 600 },
];
/** The eleven installments of 2025 paid on their due dates, Feb … Dec. */
const PAID_2025: Payment[] = Array.from({ length: 11 }, (_, k) => ({ id: k + 1, date: `2025-${String(k + 2).padStart(2, '0')}-01`, cents: 100_000 }));

describe('imputed interest (IRC §483/§1274)', () => {
  it('classes the term by the months from the sale to the last payment (§1274(d)(1))', () => {
    expect(termOf('2025-01-01', '2027-01-01')).toBe('short'); // 24 months
    expect(termOf('2025-01-01', '2028-01-01')).toBe('short'); // 36
    expect(termOf('2025-01-01', '2028-02-01')).toBe('mid'); // 37
    expect(termOf('2025-01-01', '2034-01-01')).toBe('mid'); // 108
    expect(termOf('2025-01-01', '2034-02-01')).toBe('long'); // 109
    // Counted to the day: 3 years and 30 days is over 3 years.
    expect(termOf('2025-01-01', '2028-01-31')).toBe('mid');
    expect(termOf('2025-01-15', '2028-01-15')).toBe('short');
  });

  it('computes the present value of a hundred years of payments exactly, quickly', () => {
    const rows = Array.from({ length: 1200 }, (_, k) => ({ dueDate: `${2025 + Math.floor((k + 1) / 12)}-${String(((k + 1) % 12) + 1).padStart(2, '0')}-01`, payment: 100_000 }));
    const started = performance.now();
    const pv = presentValue('2025-01-01', rows, 600);
    // 1,000 × (1 − 1.005^−1200) ÷ 0.005 = 199,496.78 (1.005^−1200 = 0.0025161…): the annuity's closed form, to the cent.
    expect(pv).toBe(19_949_678);
    // Not a speed target (those live in the bench): a guard that the sum is not rebuilt per payment.
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('a contract paid off early at its stated balance: the balance stops at zero and the rest is interest', () => {
    const tested = testInterest('Early', TERMS, SERVICING, RATES);
    // Twelve installments on schedule (February 2025 to January 2026), then the stated balance, 12,000.00, on 2026-02-15.
    const paid: Payment[] = [
      ...Array.from({ length: 12 }, (_, k) => ({ id: k + 1, date: k < 11 ? `2025-${String(k + 2).padStart(2, '0')}-01` : '2026-01-01', cents: 100_000 })),
      { id: 13, date: '2026-02-15', cents: 1_200_000 },
    ];
    const rows = installmentSchedule(tested.terms, paid);
    // Over the contract's life the principal is the imputed price and the interest the rest: 24,000.00 − 22,562.87 = 1,437.13.
    expect(rows.reduce((s, r) => s + r.principal, 0)).toBe(2_256_287);
    expect(rows.reduce((s, r) => s + r.interest, 0)).toBe(143_713);
    expect(rows.at(-1)!.balance).toBe(0);
    const y2026 = yearOfSale(tested.terms, rows, 2026);
    expect(y2026.balanceEnd).toBe(0);
    expect(y2026.beyondBalance).toBeGreaterThan(0);
    expect(y2026.interest + y2026.principal).toBe(1_300_000);
  });

  it('tests nothing when the buyer owes the seller nothing after the sale (a mortgage of the whole price)', () => {
    const whole = { ...TERMS, salePriceCents: 10_000_000, assumedMortgageCents: 10_000_000 };
    expect(testInterest('Whole', whole, { installmentCents: 50_000, firstDueDate: '2025-02-01' }, RATES)).toEqual({ terms: whole, imputed: null, notes: [] });
  });

  it('takes the lowest rate of the sale month and the two before, and needs the sale month (§1274(d)(2))', () => {
    expect(applicableRate('2025-01-15', 'short', RATES)).toMatchObject({ ok: true, rateBps: 600, month: '2025-01', missing: [] });
    // A lower rate two months before the sale applies.
    const lower = RATES.map((r) => (r.month === '2024-11' ? { ...r, rateBps: 550 } : r));
    expect(applicableRate('2025-01-15', 'short', lower)).toMatchObject({ ok: true, rateBps: 550, month: '2024-11' });
    expect(applicableRate('2025-02-01', 'short', RATES)).toEqual({ ok: false, month: '2025-02' });
    expect(applicableRate('2025-01-01', 'mid', RATES)).toEqual({ ok: false, month: '2025-01' });
    expect(applicableRate('2025-01-01', 'short', RATES.slice(1))).toMatchObject({ ok: true, rateBps: 600, missing: ['2024-11'] });
  });

  it('discounts each payment monthly from the sale, the down payment at face', () => {
    // 1,000 a month for 24 months at 0.5 % a month: 1,000 × (1 − 1.005^−24) ÷ 0.005 = 22,562.866… → 22,562.87.
    const rows = contractSchedule(TERMS, SERVICING);
    expect(rows.ok && rows.rows.length).toBe(24);
    expect(presentValue('2025-01-01', rows.ok ? rows.rows : [], 600)).toBe(2_256_287);
    // A down payment of 500.00 at the sale plus 1,000.00 due one month later: 500 + 1,000 ÷ 1.005 = 1,495.024… → 1,495.02.
    expect(presentValue('2025-01-01', [{ dueDate: '2025-01-01', payment: 50_000 }, { dueDate: '2025-02-01', payment: 100_000 }], 600)).toBe(149_502);
  });

  it('works the hand example: 24,000.00 at 0 % against a 6.00 % short-term rate is §483, split at 6.00 %', () => {
    const tested = testInterest('L', TERMS, SERVICING, RATES);
    expect(tested.imputed).toEqual({
      rule: 'IRC §483', federalRateBps: 600, federalRateMonth: '2025-01', term: 'short', imputedSalePriceCents: 2_256_287, unstatedInterestCents: 143_713,
    });
    expect(tested.notes).toEqual([
      expect.stringMatching(/^L: the contract's 0\.00 % is below the applicable federal rate of 6\.00 % \(short-term, lowest of 2024-11 to 2025-01\), so IRC §483 applies \(payments \$24,000\.00, not over \$250,000\): the sale price is their present value, \$22,562\.87, and \$1,437\.13 of the stated principal is interest\. Interest and gain are split at 6\.00 %\. Not applied, review with the CPA/),
    ]);
    const schedule = installmentSchedule(tested.terms, PAID_2025);
    // Feb: 22,562.87 × 0.5 % = 112.81 interest, 887.19 principal, balance 21,675.68; Mar: 108.38 + 891.62 (20,784.06).
    expect(schedule.slice(0, 2).map((r) => [r.interest, r.principal, r.balance])).toEqual([[11_281, 88_719, 2_167_568], [10_838, 89_162, 2_078_406]]);
    // Apr 103.92, May 99.44, Jun 94.94, Jul 90.41, Aug 85.86, Sep 81.29, Oct 76.70, Nov 72.08, Dec 67.44 (balance 12,556.14).
    expect(schedule.slice(2).map((r) => r.interest)).toEqual([10_392, 9_944, 9_494, 9_041, 8_586, 8_129, 7_670, 7_208, 6_744]);
    expect(schedule.at(-1)!.balance).toBe(1_255_614);
    // 2025: interest 993.27, principal 11,000 − 993.27 = 10,006.73; gross profit 22,562.87 − 12,000 = 10,562.87;
    // gain round(10,562.87 × 10,006.73 ÷ 22,562.87) = round(4,684.676…) = 4,684.68; income 993.27 + 4,684.68 = 5,677.95.
    const year = yearOfSale(tested.terms, schedule, 2025);
    expect(year).toMatchObject({ payments: 1_100_000, interest: 99_327, principal: 1_000_673, gain: 468_468, returnOfBasis: 532_205, balanceEnd: 1_255_614 });
    expect(year.interest + year.gain).toBe(567_795);
  });

  it('without the federal rates the contract is split as stated: 0 interest, gain 11,000 × 50 % = 5,500.00', () => {
    const tested = testInterest('L', TERMS, SERVICING, []);
    expect(tested.imputed).toBeNull();
    expect(tested.terms).toBe(TERMS);
    expect(tested.notes).toEqual([expect.stringContaining('Record the short-term applicable federal rate of 2025-01 to test its interest against it.')]);
    expect(yearOfSale(TERMS, installmentSchedule(TERMS, PAID_2025), 2025)).toMatchObject({ interest: 0, principal: 1_100_000, gain: 550_000 });
  });

  it('without a schedule a low rate keeps its note, asking for the installment and first due date', () => {
    expect(testInterest('L', TERMS, null, RATES).notes).toEqual([
      'L: the contract rate (0.00%) may be below the applicable federal rate; unstated interest may have to be imputed (IRC §483/§1274). Record the installment and first due date to test its interest against the applicable federal rate.',
    ]);
    // A rate of 4 % or more says nothing, as before the rates were recorded.
    expect(testInterest('L', { ...TERMS, rateBps: 800 }, null, RATES).notes).toEqual([]);
  });

  it('imputes nothing at or above the federal rate, on a sale of $3,000 or less, or when every payment is due within a year', () => {
    expect(testInterest('L', { ...TERMS, rateBps: 600 }, SERVICING, RATES)).toMatchObject({
      imputed: null, notes: ["L: the contract's 6.00 % is at or above the applicable federal rate of 6.00 % (short-term, lowest of 2024-11 to 2025-01): no interest is imputed."],
    });
    const small = { ...TERMS, salePriceCents: 300_000, adjustedBasisCents: 100_000 };
    expect(testInterest('L', small, { installmentCents: 10_000, firstDueDate: '2025-02-01' }, RATES).notes).toEqual([expect.stringContaining('not over $3,000 (IRC §483(d)(2)): no interest is imputed.')]);
    // 12,000 in twelve installments, Feb 2025 … Jan 2026: the last is due a year after the sale.
    const short = { ...TERMS, salePriceCents: 1_200_000, adjustedBasisCents: 600_000 };
    expect(testInterest('L', short, SERVICING, RATES).notes).toEqual([expect.stringContaining('within one year of the sale (IRC §483(c)(1))')]);
  });

  it('names an earlier month with no rate recorded', () => {
    const tested = testInterest('L', TERMS, SERVICING, RATES.slice(1));
    expect(tested.imputed?.federalRateBps).toBe(600);
    expect(tested.notes[1]).toBe('L: no short-term applicable federal rate is recorded for 2024-11; a lower rate in that month would lower the imputed interest.');
  });

  it('applies §1274 over $250,000 of payments, and says the split follows the payments received', () => {
    // 300,000.00 at 0 %, 10,000.00 a month: 30 installments (short-term).
    const big = { ...TERMS, salePriceCents: 30_000_000, adjustedBasisCents: 10_000_000 };
    const tested = testInterest('L', big, { installmentCents: 1_000_000, firstDueDate: '2025-02-01' }, RATES);
    // PV = 10,000 × (1 − 1.005^−30) ÷ 0.005 = 10,000 × 27.794054… = 277,940.54, interest 300,000 − 277,940.54 = 22,059.46
    expect(tested.imputed).toMatchObject({ rule: 'IRC §1274', imputedSalePriceCents: 27_794_054, unstatedInterestCents: 2_205_946 });
    expect(tested.notes[0]).toContain('(payments $300,000.00, over $250,000)');
    expect(tested.notes[0]).toContain("equals §1274's constant-yield accrual when payments are on schedule");
  });
});

describe('an assumed mortgage in the contract price', () => {
  const property = (terms: LandContractTerms): TaxProperty => ({
    id: 1, name: 'M', type: 'land_contract', bucket: 'portfolio', nonresidential: false, purchaseDate: '2020-01-01',
    purchasePriceCents: 0, landValueCents: 0, terms,
  });
  const paid: Payment[] = [{ id: 1, date: '2024-01-01', cents: 1_000_000 }, { id: 2, date: '2024-02-01', cents: 100_000 }];

  it('a mortgage below the basis: contract price S − M, the balance starts at S − M', () => {
    // S 100,000, M 30,000, down 10,000, basis 60,000, 6 %. Note 70,000, after the down payment 60,000;
    // Feb: 60,000 × 0.5 % = 300.00 interest, 700.00 principal (balance 59,300). Principal 10,700.
    // Contract price 100,000 − 30,000 = 70,000 (no excess); gross profit 40,000 (57.14 %);
    // gain round(40,000 × 10,700 ÷ 70,000) = round(6,114.2857) = 6,114.29; return of basis 4,585.71.
    const terms: LandContractTerms = { saleDate: '2024-01-01', salePriceCents: 10_000_000, downPaymentCents: 1_000_000, adjustedBasisCents: 6_000_000, rateBps: 600, sellingExpensesCents: 0, assumedMortgageCents: 3_000_000 };
    const sale = yearOfSale(terms, installmentSchedule(terms, paid), 2024);
    expect(sale).toMatchObject({ interest: 30_000, principal: 1_070_000, grossProfit: 4_000_000, contractPrice: 7_000_000, gain: 611_429, returnOfBasis: 458_571, balanceEnd: 5_930_000 });
    expect(grossProfitPercent(sale)).toBe(57.14);
    expect(landContractNotes(property(terms), 2024, true, sale).at(-1)).toBe(
      'M: split by the installment method; the $30,000.00 mortgage the buyer took over is included in the contract price ($70,000.00; gross-profit percentage 57.14 %), assuming the land was used in the business (Form 4797). Review it with the CPA if that differs.',
    );
  });

  it('a mortgage over basis and selling expenses: the excess is received in the year of sale, 100 % gain', () => {
    // S 100,000, M 50,000, basis 30,000, selling 5,000, down 10,000, 6 %. Excess 50,000 − 35,000 = 15,000;
    // contract price 100,000 − 50,000 + 15,000 = 65,000 = gross profit 100,000 − 35,000: 100 %.
    // Note 50,000, after the down payment 40,000; Feb: 200.00 interest, 800.00 principal (balance 39,200).
    // 2024: principal 10,800 + excess 15,000 = 25,800 received, all gain; return of basis 0.
    const terms: LandContractTerms = { saleDate: '2024-01-01', salePriceCents: 10_000_000, downPaymentCents: 1_000_000, adjustedBasisCents: 3_000_000, rateBps: 600, sellingExpensesCents: 500_000, assumedMortgageCents: 5_000_000 };
    const sale = yearOfSale(terms, installmentSchedule(terms, paid), 2024);
    expect(sale).toMatchObject({ interest: 20_000, principal: 1_080_000, contractPrice: 6_500_000, gain: 2_580_000, returnOfBasis: 0, balanceEnd: 3_920_000 });
    expect(grossProfitPercent(sale)).toBe(100);
    // The next year's principal is all gain too, without the excess again: 2025-03-01 pays 1,000 on 39,200 after
    // 1 month… here 13 months of interest (Feb 2024 → Mar 2025) at 196.00 = 2,548.00 > 1,000: all interest.
    const later = yearOfSale(terms, installmentSchedule(terms, [...paid, { id: 3, date: '2025-03-01', cents: 100_000 }]), 2025);
    expect(later).toMatchObject({ interest: 100_000, principal: 0, gain: 0, returnOfBasis: 0 });
  });

  it('with no mortgage the contract price is the sale price (Q of Maple unchanged)', () => {
    const q: LandContractTerms = { saleDate: '2024-01-01', salePriceCents: 10_000_000, downPaymentCents: 1_000_000, adjustedBasisCents: 6_000_000, rateBps: 800, sellingExpensesCents: 0 };
    const sale = yearOfSale(q, installmentSchedule(q, paid), 2024);
    expect(sale).toMatchObject({ contractPrice: 10_000_000, grossProfit: 4_000_000 });
    expect(landContractNotes(property(q), 2024, true, sale)).toEqual([expect.stringContaining('assuming the buyer took over no mortgage')]);
  });
});
