import { describe, expect, it } from 'vitest';
import { allocate, type BooksInput } from './allocation.js';
import { combineFigures, type EntityFigures } from './combined-figures.js';
import { investorFigures, monthlyCashflows, returnYears, type CashWithdrawal } from './investor-figures.js';
import { investorReturns } from './investor-returns.js';

/**
 * One person's two entities in two properties, read as each summary reads them (the same functions), then
 * combined. Entity 1 (personal) holds P, entity 2 (an IRA) holds Q; no fees, so each gets its property's whole net.
 */
const books: BooksInput = {
  properties: [
    { id: 1, name: 'P', llcId: 1, type: 'rental', pictureUrl: '' },
    { id: 2, name: 'Q', llcId: 2, type: 'land_contract', pictureUrl: '' },
  ],
  capital: [
    { id: 1, investorId: 1, propertyId: 1, date: '2021-01-01', cents: 100_000 },
    { id: 2, investorId: 2, propertyId: 2, date: '2021-01-01', cents: 300_000 },
    { id: 3, investorId: 2, propertyId: 2, date: '2021-07-01', cents: -50_000 },
  ],
  propertyMonthNet: [
    { propertyId: 1, month: '2021-06-01', cents: 30_000 },
    { propertyId: 2, month: '2021-06-01', cents: 6_000 },
    { propertyId: 2, month: '2021-11-01', cents: 4_000 },
  ],
  periodIncomes: [],
  investorExpenses: [],
  llcExpenses: [],
  fees: [
    { investorId: 1, month: '1900-01-01', bps: 0 },
    { investorId: 2, month: '1900-01-01', bps: 0 },
  ],
};
const cash: CashWithdrawal[] = [{ id: 9, investorId: 1, date: '2021-06-20', cents: 10_000, description: 'June distribution' }];
const asOf = '2022-01-01';
const allocation = allocate(books);

function entity(investorId: number): EntityFigures {
  const figures = investorFigures(books, allocation, investorId, cash, asOf);
  const capital = books.capital.filter((e) => e.investorId === investorId);
  return {
    figures,
    returns: investorReturns(books, figures, investorId, cash, asOf),
    capital,
    years: returnYears(allocation, investorId, capital, monthlyCashflows(allocation, investorId), asOf),
  };
}

describe('combineFigures', () => {
  const [a, b] = [entity(1), entity(2)];
  const both = combineFigures([a, b], asOf);

  it('adds the figures that add, to the cent', () => {
    expect(both.totalInvestments).toBe(a.figures.totalInvestments + b.figures.totalInvestments);
    expect(both.totalInvestments).toBe(350_000);
    expect(both.totalRentalInvestments).toBe(100_000);
    expect(both.totalLcInvestments).toBe(250_000);
    expect(both.totalIncome).toBe(40_000);
    expect(both.cashBalance).toBe(30_000); // 400 income − 100 withdrawn
    expect(both.capitalReturned).toBe(50_000);
    expect(both.cashDistributed).toBe(10_000);
  });

  it('adds the month series by month, newest first, keeping each distribution’s words', () => {
    expect(both.investmentsPerMonth).toEqual([
      { date: '2021-07', amount: -50_000 },
      { date: '2021-01', amount: 400_000 },
    ]);
    expect(both.cashflowPerMonth).toEqual([
      { date: '2021-11', amount: 4_000 },
      { date: '2021-06', amount: 36_000 },
    ]);
    expect(both.distributionsPerMonth).toEqual([
      { date: '2021-07', amount: 50_000, description: 'Return of capital – Q' },
      { date: '2021-06', amount: 10_000, description: 'June distribution' },
    ]);
  });

  it('takes the returns of the combined money, not a sum or an average of the percents', () => {
    // total_roi: 400 income on the peak of the combined capital, 4,000 (both on 2021-01-01) → 10.00 %.
    expect(both.totalRoi).toBe(10);
    expect(a.figures.totalRoi + b.figures.totalRoi).not.toBe(10);
    // roi_per_year 2021: 100 × 400 × 12 / capital-months (1,000 × 12 + 3,000 × 6 + 2,500 × 6 = 45,000) = 10.67 %.
    expect(both.roiPerYear).toEqual({ '2021': 10.67, '2022': 0 });
    // Equity multiple: (500 + 100 back + 3,500 + 300 held) / 4,000 = 1.10.
    expect(both.equityMultiple).toBe(1.1);
  });

  it('finds the XIRR of every flow together: hand-checked', () => {
    // −4,000 on 2021-01-01; +100 (cash) on 2021-06-20; +500 (capital) on 2021-07-01; +3,800 held on 2022-01-01.
    if (both.xirr.percent === null) throw new Error(both.xirr.note);
    expect(both.xirr.flows).toEqual([
      { date: '2021-01-01', cents: -400_000 },
      { date: '2021-06-20', cents: 10_000 },
      { date: '2021-07-01', cents: 50_000 },
      { date: '2022-01-01', cents: 380_000 },
    ]);
    // NPV at the answer is zero: 4,000 = 100/(1+r)^(170/365) + 500/(1+r)^(181/365) + 3,800/(1+r)^1.
    const r = both.xirr.rate;
    const npv = -4_000 + 100 / (1 + r) ** (170 / 365) + 500 / (1 + r) ** (181 / 365) + 3_800 / (1 + r);
    expect(Math.abs(npv)).toBeLessThan(1e-6);
    // Solved apart by bisection: r = 0.1080435884…, so 10.80 % (the entities alone: 31.58 % and 3.64 %).
    expect(Math.abs(r - 0.1080435884)).toBeLessThan(1e-9);
    expect(both.xirr.percent).toBe(10.8);
    expect([a.returns.xirr.percent, b.returns.xirr.percent]).toEqual([31.58, 3.64]);
  });

  it('of one entity is that entity’s own summary', () => {
    for (const e of [a, b]) {
      const one = combineFigures([e], asOf);
      expect(one.totalRoi).toBe(e.figures.totalRoi);
      expect(one.roiPerYear).toEqual(e.figures.roiPerYear);
      expect(one.xirr).toEqual(e.returns.xirr);
      expect(one.equityMultiple).toBe(e.returns.equityMultiple);
      expect(one.investmentsPerMonth).toEqual(e.figures.investmentsPerMonth);
      expect(one.distributionsPerMonth).toEqual(e.figures.distributionsPerMonth);
    }
  });

  it('says in words when there is no return', () => {
    const none = combineFigures([], asOf);
    expect(none.xirr).toMatchObject({ percent: null, note: 'No return can be computed: no money went in or came out.' });
    expect(none.equityMultiple).toBeNull();
  });
});
