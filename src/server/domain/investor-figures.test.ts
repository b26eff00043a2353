import { describe, expect, it } from 'vitest';
import { allocate, type BooksInput } from './allocation.js';
import { investorFigures, peakCapital, propertyFigures, type CashWithdrawal } from './investor-figures.js';
import { monthIndex } from './months.js';

// Maple Holdings LLC (docs/rules/README.md), in cents. Investors A=1, B=2, C=3; properties P=1 (rental), Q=2 (land contract).
const months2024 = Array.from({ length: 12 }, (_, i) => `2024-${String(i + 1).padStart(2, '0')}-01`);
const maple: BooksInput = {
  properties: [
    { id: 1, name: 'P', llcId: 1, type: 'rental', pictureUrl: 'p.jpg' },
    { id: 2, name: 'Q', llcId: 1, type: 'land_contract', pictureUrl: 'q.jpg' },
  ],
  capital: [
    { id: 1, investorId: 1, propertyId: 1, date: '2024-01-05', cents: 10_000_000 },
    { id: 2, investorId: 2, propertyId: 1, date: '2024-04-20', cents: 5_000_000 },
    { id: 3, investorId: 3, propertyId: 2, date: '2020-06-01', cents: 6_000_000 },
    { id: 4, investorId: 1, propertyId: 1, date: '2024-09-10', cents: -2_500_000 },
  ],
  propertyMonthNet: [
    // P: rent 2,000 − (250 + 100 + 150) = 1,500 a month; July also the 2,100 roof: −600
    ...months2024.map((month) => ({ propertyId: 1, month, cents: month === '2024-07-01' ? -60_000 : 150_000 })),
    // Q: 10,000 down in January, 1,000 a month after; the 300 legal fee in June
    ...months2024.map((month, i) => ({ propertyId: 2, month, cents: i === 0 ? 1_000_000 : i === 5 ? 70_000 : 100_000 })),
  ],
  periodIncomes: [],
  investorExpenses: [],
  llcExpenses: [
    { id: 1, llcId: 1, date: '2024-01-20', cents: 30_000 },
    { id: 2, llcId: 1, date: '2024-03-15', cents: 120_000 },
  ],
  fees: [
    { investorId: 1, month: '1900-01-01', bps: 1000 },
    { investorId: 2, month: '1900-01-01', bps: 0 },
    { investorId: 3, month: '1900-01-01', bps: 500 },
  ],
};
const cash: CashWithdrawal[] = [{ id: 9, investorId: 1, date: '2024-07-01', cents: 600_000, description: 'Q2 distribution' }];
const allocation = allocate(maple);
const figures = (id: number) => investorFigures(maple, allocation, id, cash, '2024-12-31');

describe('Maple Holdings LLC (docs/rules/README.md)', () => {
  it('splits P by the mid-month rule: A alone to April, 2:1 May–Aug, 60:40 from September', () => {
    const g = (iid: number, month: string) => allocation.investors.get(iid)?.get(monthIndex(month))?.byProperty.get(1)?.g ?? 0;
    expect([g(1, '2024-04-01'), g(2, '2024-04-01')]).toEqual([150_000, 0]); // B's 04-20 counts from May
    expect([g(1, '2024-05-01'), g(2, '2024-05-01')]).toEqual([100_000, 50_000]); // 1,500 × 2/3, × 1/3
    expect([g(1, '2024-07-01'), g(2, '2024-07-01')]).toEqual([-40_000, -20_000]); // −600 × 2/3, × 1/3
    expect([g(1, '2024-09-01'), g(2, '2024-09-01')]).toEqual([90_000, 60_000]); // 75k : 50k
  });

  it('claws back A’s fee in July: F = −40', () => {
    const f = (month: string) => allocation.investors.get(1)!.get(monthIndex(month))!.byProperty.get(1)!.f;
    expect(f('2024-06-01')).toBe(10_000); // 10% × 1,000
    expect(f('2024-07-01')).toBe(-4_000); // 10% × −400
    expect(f('2024-08-01')).toBe(10_000);
  });

  it('gives investor A the figures of the worked example', () => {
    const a = figures(1);
    expect(a.totalInvestments).toBe(7_500_000); // 100,000 − 25,000
    expect(a.totalRentalInvestments).toBe(7_500_000);
    expect(a.totalLcInvestments).toBe(0);
    expect(a.totalIncome).toBe(1_004_250); // 10,980 − 187.50 − 750
    expect(a.totalRoi).toBe(10.04); // 10,042.50 / 100,000 peak
    expect(a.cashBalance).toBe(404_250); // 10,042.50 − 6,000
    expect(a.roiPerYear).toEqual({ '2024': 10.96 }); // 10,042.50 × 12 / (8 × 100,000 + 4 × 75,000)
    expect(a.investmentsPerMonth).toEqual([{ date: '2024-09', amount: -2_500_000 }, { date: '2024-01', amount: 10_000_000 }]);
    expect(a.cashflowPerMonth.slice(-4)).toEqual([
      { date: '2024-04', amount: 135_000 },
      { date: '2024-03', amount: 60_000 }, // 1,350 − 750
      { date: '2024-02', amount: 135_000 },
      { date: '2024-01', amount: 116_250 }, // 1,350 − 187.50
    ]);
    expect(a.cashflowPerMonth[0]).toEqual({ date: '2024-12', amount: 81_000 }); // 900 − 90
    expect(a.distributionsPerMonth).toEqual([
      { date: '2024-09', amount: 2_500_000, description: 'Return of capital – P' },
      { date: '2024-07', amount: 600_000, description: 'Q2 distribution' },
    ]);
  });

  it('gives investor B 3,700.00, ROI 7.40 and 11.10 for 2024', () => {
    const b = figures(2);
    expect(b.totalIncome).toBe(370_000); // 4 × 500 − 200 + 4 × 600
    expect(b.roiPerYear).toEqual({ '2024': 11.1 }); // 3,700 × 12 / (8 × 50,000)
    expect(b.totalRoi).toBe(7.4); // 3,700 / 50,000
    expect(b.cashBalance).toBe(370_000);
  });

  it('gives investor C 19,102.50 and 31.84 for 2024, 0.00 for 2020–2023', () => {
    const c = figures(3);
    expect(c.totalIncome).toBe(1_910_250); // 20,700 − 1,035 fee − 112.50 − 450
    expect(c.roiPerYear).toEqual({ '2020': 0, '2021': 0, '2022': 0, '2023': 0, '2024': 31.84 }); // 19,102.50 / 60,000
    expect(c.totalLcInvestments).toBe(6_000_000);
  });

  it('gives the property detail of (A, P)', () => {
    const d = propertyFigures(maple, allocation, 1, 1);
    expect(d.totalInvestments).toBe(7_500_000);
    expect(d.totalIncome).toBe(1_098_000); // 12,200 − 1,220
    expect(d.totalRoi).toBe(10.98);
  });

  it('reconciles: total cash + fees + unallocated = income − expenses − cash withdrawals (docs/rules/cash.md)', () => {
    const totalCash = [1, 2, 3].reduce((s, i) => s + figures(i).cashBalance, 0);
    let fees = 0;
    for (const months of allocation.investors.values()) for (const im of months.values()) for (const pm of im.byProperty.values()) fees += pm.f;
    expect(totalCash).toBe(2_684_500); // 26,845.00
    expect(fees).toBe(225_500); // 1,220 + 1,035
    expect(totalCash + fees).toBe(4_500_000 - 990_000 - 600_000);
  });
});

/** A one-property book for the rule book's edge cases (docs/rules/): property S (id 5), LLC 2. */
const bookS = (over: Partial<BooksInput>): BooksInput => ({
  properties: [{ id: 5, name: 'S', llcId: 2, type: 'rental', pictureUrl: '' }],
  capital: [],
  propertyMonthNet: [],
  periodIncomes: [],
  investorExpenses: [],
  llcExpenses: [],
  fees: [],
  ...over,
});

describe('edge cases (docs/rules/)', () => {
  it('1: capital dated the 15th counts that month, the 16th the next', () => {
    const books = bookS({
      capital: [
        { id: 1, investorId: 1, propertyId: 5, date: '2024-04-15', cents: 100 },
        { id: 2, investorId: 2, propertyId: 5, date: '2024-04-16', cents: 100 },
      ],
      propertyMonthNet: [{ propertyId: 5, month: '2024-04-01', cents: 1000 }],
    });
    const al = allocate(books);
    expect(al.investors.get(1)!.get(monthIndex('2024-04-01'))!.byProperty.get(5)!.g).toBe(1000);
    expect(al.investors.get(2)).toBeUndefined();
  });

  it('3: negative months make negative cash, and the fee waits for the cumulative share', () => {
    // D (10%) alone in S: G = −1,200, +1,000, +1,000 → cash −1,200, −200, 720 (the April fee is 80)
    const books = bookS({
      capital: [{ id: 1, investorId: 4, propertyId: 5, date: '2024-01-02', cents: 1_000_000 }],
      propertyMonthNet: [
        { propertyId: 5, month: '2024-02-01', cents: -120_000 },
        { propertyId: 5, month: '2024-03-01', cents: 100_000 },
        { propertyId: 5, month: '2024-04-01', cents: 100_000 },
      ],
      fees: [{ investorId: 4, month: '1900-01-01', bps: 1000 }],
    });
    const al = allocate(books);
    const cashAt = (asOf: string) => investorFigures(books, al, 4, [], asOf);
    const months = al.investors.get(4)!;
    expect([...months.values()].map((m) => m.byProperty.get(5)!.f)).toEqual([0, 0, 8_000]);
    expect(cashAt('2024-12-31').cashBalance).toBe(72_000); // −1,200 + 1,000 + 1,000 − 80
    expect(cashAt('2024-12-31').cashflowPerMonth).toEqual([
      { date: '2024-04', amount: 92_000 },
      { date: '2024-03', amount: 100_000 },
      { date: '2024-02', amount: -120_000 },
    ]);
  });

  it('7: income before funding goes to the first investors, by their first weights', () => {
    // March rent 800; A 30,000 and B 10,000 dated 03-20 → effective April; March uses April's 3:1
    const books = bookS({
      capital: [
        { id: 1, investorId: 1, propertyId: 5, date: '2024-03-20', cents: 3_000_000 },
        { id: 2, investorId: 2, propertyId: 5, date: '2024-03-20', cents: 1_000_000 },
      ],
      propertyMonthNet: [{ propertyId: 5, month: '2024-03-01', cents: 80_000 }],
    });
    const al = allocate(books);
    const g = (iid: number) => al.investors.get(iid)!.get(monthIndex('2024-03-01'))!.byProperty.get(5)!.g;
    expect([g(1), g(2)]).toEqual([60_000, 20_000]);
  });

  it('6: a property that never had investors is unallocated', () => {
    const al = allocate(bookS({ propertyMonthNet: [{ propertyId: 5, month: '2024-03-01', cents: 100_000 }] }));
    expect(al.unallocated.get(5)).toBe(100_000);
    expect(al.investors.size).toBe(0);
  });

  it('8: period income splits by days: 1,000 over 01-16..03-15 → 266.67, 483.33, 250.00', () => {
    const books = bookS({
      capital: [{ id: 1, investorId: 1, propertyId: 5, date: '2024-01-01', cents: 100 }],
      periodIncomes: [{ propertyId: 5, start: '2024-01-16', end: '2024-03-15', cents: 100_000 }],
    });
    const net = allocate(books).net.get(5)!;
    expect([...net.values()]).toEqual([26_667, 48_333, 25_000]); // 16, 29, 15 of 60 days
  });

  it('9: an investor-specific expense is charged even without capital there', () => {
    const books = bookS({ investorExpenses: [{ investorId: 7, propertyId: 5, month: '2024-05-01', cents: 4_550 }] });
    const f = investorFigures(books, allocate(books), 7, [], '2024-12-31');
    expect(f.totalIncome).toBe(-4_550);
    expect(f.cashBalance).toBe(-4_550);
  });

  it('11a: for peak capital, same-day withdrawals replay before investments', () => {
    // moving 50,000 from one property to another on one day is not counted twice
    expect(
      peakCapital([
        { id: 1, investorId: 1, propertyId: 1, date: '2024-01-01', cents: 5_000_000 },
        { id: 2, investorId: 1, propertyId: 2, date: '2024-06-01', cents: 5_000_000 },
        { id: 3, investorId: 1, propertyId: 1, date: '2024-06-01', cents: -5_000_000 },
      ]),
    ).toBe(5_000_000);
  });

  it('14: a fee change applies from its month and claws back at the rate then in force', () => {
    // A alone in S: 1,000 a month Jan–Jun at 10%, then 5% from July; August loses 400.
    const books = bookS({
      capital: [{ id: 1, investorId: 1, propertyId: 5, date: '2024-01-01', cents: 1_000_000 }],
      propertyMonthNet: [
        ...['01', '02', '03', '04', '05', '06', '07'].map((m) => ({ propertyId: 5, month: `2024-${m}-01`, cents: 100_000 })),
        { propertyId: 5, month: '2024-08-01', cents: -40_000 },
      ],
      fees: [
        { investorId: 1, month: '1900-01-01', bps: 1000 },
        { investorId: 1, month: '2024-07-01', bps: 500 },
      ],
    });
    const fees = [...allocate(books).investors.get(1)!.values()].map((m) => m.byProperty.get(5)!.f);
    expect(fees).toEqual([10_000, 10_000, 10_000, 10_000, 10_000, 10_000, 5_000, -2_000]); // Jan–Jun 100 each; Jul 50; Aug −400 × 5%
  });
});
