import { describe, expect, it } from 'vitest';
import { allocate } from './allocation.js';
import { afterStatement, correctionEffects, statementPeriodWords, type Books, type CorrectedEntry, type Correction } from './correction-effects.js';
import { investorFigures } from './investor-figures.js';

// X (1) and Y (2) hold property 1 of LLC 1 60/40 from January 2025; all in cents.
const TODAY = '2025-12-31';
const books = (over: Partial<Books> = {}): Books => ({
  properties: [{ id: 1, name: 'Elm', llcId: 1, type: 'rental', pictureUrl: '' }],
  capital: [
    { id: 1, investorId: 1, propertyId: 1, date: '2025-01-01', cents: 6_000_000 },
    { id: 2, investorId: 2, propertyId: 1, date: '2025-01-01', cents: 4_000_000 },
  ],
  propertyMonthNet: [{ propertyId: 1, month: '2025-03-01', cents: 200_000 }], // March's other rent, 2,000.00
  periodIncomes: [],
  investorExpenses: [],
  llcExpenses: [],
  fees: [],
  cashWithdrawals: [],
  ...over,
});
const entry = (e: Partial<CorrectedEntry> & Pick<CorrectedEntry, 'id' | 'kind' | 'cents'>): CorrectedEntry => ({
  date: '2025-03-03', forMonth: '2025-03-01', periodStart: null, periodEnd: null, investorId: null, propertyId: 1, llcId: null, ...e,
});
const RENT = entry({ id: 10, kind: 'property_income', cents: 100_001 }); // 1,000.01

/** The summary's three figures, by investorFigures itself: the check is independent of the code under test. */
const figures = (b: Books, investorId: number) => {
  const f = investorFigures(b, allocate(b), investorId, b.cashWithdrawals, TODAY);
  return { totalIncome: f.totalIncome, cashBalance: f.cashBalance, capital: f.totalInvestments };
};
const sum = (effects: ReturnType<typeof correctionEffects>) =>
  effects.reduce((s, { effect: e }) => ({ totalIncome: s.totalIncome + e.totalIncome, cashBalance: s.cashBalance + e.cashBalance, capital: s.capital + e.capital }), { totalIncome: 0, cashBalance: 0, capital: 0 });
const minus = (a: ReturnType<typeof figures>, b: ReturnType<typeof figures>) =>
  ({ totalIncome: a.totalIncome - b.totalIncome, cashBalance: a.cashBalance - b.cashBalance, capital: a.capital - b.capital });

describe('correctionEffects (docs/decisions.md 50)', () => {
  it('splits a voided rent of 1,000.01 by the largest remainder: −600.01 for X, −400.00 for Y', () => {
    const voided: Correction[] = [{ what: 'voided', entry: RENT }];
    // March's net was 3,000.01 with the rent: X 1,800.006 → 1,800.01 (the larger remainder), Y 1,200.00; without it 1,200.00 / 800.00.
    const [x] = correctionEffects(books(), 1, voided, TODAY);
    const [y] = correctionEffects(books(), 2, voided, TODAY);
    expect(x).toEqual({ effect: { totalIncome: -60_001, cashBalance: -60_001, capital: 0 }, share: 60_001 });
    expect(y).toEqual({ effect: { totalIncome: -40_000, cashBalance: -40_000, capital: 0 }, share: 40_000 });
    expect(x!.effect.totalIncome + y!.effect.totalIncome).toBe(-100_001); // nothing lost or counted twice
  });

  it('adds up exactly to the change all the corrections made together, with a fee and every kind', () => {
    const fees = [{ investorId: 1, month: '1900-01-01', bps: 1000 }]; // X pays 10%
    const expense = entry({ id: 11, kind: 'property_expense', date: '2025-04-20', forMonth: '2025-04-01', cents: 33_333 });
    const llcExpense = entry({ id: 12, kind: 'llc_expense', date: '2025-05-10', forMonth: '2025-05-01', propertyId: null, llcId: 1, cents: 10_001 });
    const cash = entry({ id: 13, kind: 'cash_withdrawal', date: '2025-06-01', forMonth: '2025-06-01', propertyId: null, investorId: 1, cents: 5_000 });
    const returned = entry({ id: 14, kind: 'investment_withdrawal', date: '2025-07-01', forMonth: '2025-07-01', investorId: 1, cents: 1_000_000 });
    const charged = entry({ id: 15, kind: 'investor_property_expense', date: '2025-08-05', forMonth: '2025-08-01', investorId: 1, cents: 2_500 });
    const corrections: Correction[] = [
      { what: 'voided', entry: RENT },
      { what: 'recorded late', entry: expense },
      { what: 'voided', entry: llcExpense },
      { what: 'recorded late', entry: cash },
      { what: 'voided', entry: returned },
      { what: 'recorded late', entry: charged },
    ];
    // Before: the rent, the LLC expense and the return of capital in the books; the expense, cash and charge not yet.
    const before = books({
      fees,
      propertyMonthNet: [{ propertyId: 1, month: '2025-03-01', cents: 300_001 }],
      llcExpenses: [{ id: 12, llcId: 1, date: '2025-05-10', cents: 10_001 }],
      capital: [...books().capital, { id: 14, investorId: 1, propertyId: 1, date: '2025-07-01', cents: -1_000_000 }],
    });
    const now = books({
      fees,
      propertyMonthNet: [...books().propertyMonthNet, { propertyId: 1, month: '2025-04-01', cents: -33_333 }],
      cashWithdrawals: [{ id: 13, investorId: 1, date: '2025-06-01', cents: 5_000, description: '' }],
      investorExpenses: [{ investorId: 1, propertyId: 1, month: '2025-08-01', cents: 2_500 }],
    });
    for (const investorId of [1, 2]) {
      const effects = correctionEffects(now, investorId, corrections, TODAY);
      expect(sum(effects), `investor ${investorId}`).toEqual(minus(figures(now, investorId), figures(before, investorId)));
    }
    const x = correctionEffects(now, 1, corrections, TODAY);
    expect(x.map((e) => e.share)).toEqual([60_001, 20_000, 6_001, 5_000, 1_000_000, 2_500]); // own entries: all of them
    expect(x[3]!.effect).toEqual({ totalIncome: 0, cashBalance: -5_000, capital: 0 });
    expect(x[4]!.effect.capital).toBe(1_000_000);
    // Y holds no share of X's own entries.
    const y = correctionEffects(now, 2, corrections, TODAY);
    expect(y.map((e) => e.share)).toEqual([40_000, 13_333, 4_000, 0, 0, 0]);
  });

  it('gives an entry recorded late and voided since no effect in all, each step its own', () => {
    const late = entry({ id: 20, kind: 'property_income', date: '2025-09-03', forMonth: '2025-09-01', cents: 50_000 });
    const effects = correctionEffects(books(), 1, [{ what: 'recorded late', entry: late }, { what: 'voided', entry: late }], TODAY);
    expect(effects.map((e) => e.effect.totalIncome)).toEqual([30_000, -30_000]);
    expect(effects.map((e) => e.share)).toEqual([30_000, 30_000]);
  });

  it('takes a period income out whole, split over its days as the books split it', () => {
    const period = entry({ id: 30, kind: 'property_income', date: '2025-02-01', periodStart: '2025-02-01', periodEnd: '2025-03-31', cents: 100_000 });
    const now = books();
    const before = books({ periodIncomes: [{ propertyId: 1, start: '2025-02-01', end: '2025-03-31', cents: 100_000 }] });
    const [x] = correctionEffects(now, 1, [{ what: 'voided', entry: period }], TODAY);
    expect(x!.effect).toEqual(minus(figures(now, 1), figures(before, 1)));
    expect(x!.share).toBe(60_000);
  });

  it('leaves an entry dated after today out of the books: it changes nothing yet', () => {
    const future = entry({ id: 40, kind: 'property_income', date: '2026-02-01', forMonth: '2026-02-01', cents: 10_000 });
    expect(correctionEffects(books(), 1, [{ what: 'voided', entry: future }], TODAY)).toEqual([
      { effect: { totalIncome: 0, cashBalance: 0, capital: 0 }, share: 0 },
    ]);
  });
});

describe('the statement a correction came after', () => {
  it('names a calendar quarter, a year, or the period', () => {
    expect(statementPeriodWords('2025-07-01', '2025-09-30')).toBe('2025-Q3');
    expect(statementPeriodWords('2025-01-01', '2025-03-31')).toBe('2025-Q1');
    expect(statementPeriodWords('2025-01-01', '2025-12-31')).toBe('2025');
    expect(statementPeriodWords('2025-07-01', '2025-08-15')).toBe('07/01/2025–08/15/2025');
    expect(statementPeriodWords('2025-07-01', '2025-10-31')).toBe('07/01/2025–10/31/2025');
  });

  it('takes the latest statement shown before the correction whose period holds the date', () => {
    const shown = [
      { from: '2025-01-01', to: '2025-12-31', shownAt: '2026-01-05T10:00:00.000Z' },
      { from: '2025-07-01', to: '2025-09-30', shownAt: '2025-10-02T10:00:00.000Z' },
      { from: '2025-10-01', to: '2025-12-31', shownAt: '2025-10-01T09:00:00.000Z' },
    ];
    expect(afterStatement(shown, '2025-08-20', '2025-11-01T00:00:00.000Z')).toBe('after your statement of 2025-Q3');
    expect(afterStatement(shown, '2025-08-20', '2026-02-01T00:00:00.000Z')).toBe('after your statement of 2025');
    expect(afterStatement(shown, '2025-08-20', '2025-10-02T10:00:00.000Z')).toBeNull(); // not before: at the same instant
    expect(afterStatement(shown, '2024-08-20', '2026-02-01T00:00:00.000Z')).toBeNull();
  });
});
