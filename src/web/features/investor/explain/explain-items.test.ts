import { describe, expect, it } from 'vitest';
import type { ExplainResponse } from '../../../../contract/schemas/explain';
import { tableCsv } from '../../../lib/csv-export';
import { explainCsvColumns, explainCsvName, explanationOf, groupTotal, itemGroups } from './explain-items';

const lines = (text: string) => text.replace(/^\uFEFF/, '').split('\r\n').slice(0, -1);

const answer = (figure: string, value: number | null, items: ExplainResponse['items'], parts: Record<string, number> = {}): ExplainResponse => ({
  figure, value, formula: `This is ${figure}.\nOne line`, headline: `This is ${figure}.`, arithmetic: [`${figure}: one line`], items, parts,
});

describe('the items of an explanation', () => {
  it('passes one answer through as it is', () => {
    const a = answer('total_roi', 10.04, [{ date: '2024-01-01', label: 'x', amount: 1, part: 'total_income' }], { total_income: 1, peak_capital: 10 });
    expect(explanationOf({ title: 'Return on Investment', figures: ['total_roi'] }, [a])).toEqual({
      figure: 'total_roi', unit: 'percent', value: 10.04, headline: 'This is total_roi.', arithmetic: ['total_roi: one line'], items: a.items, parts: a.parts,
    });
  });

  it('reads the sentence and the arithmetic from the formula’s lines of a server that sends only the formula', () => {
    const old = { figure: 'total_income', value: 1, formula: 'What it is.\n$1.00 + $0.00 = $1.00', items: [], parts: {} };
    expect(explanationOf({ title: 'Total Income', figures: ['total_income'] }, [old])).toMatchObject({
      headline: 'What it is.', arithmetic: ['$1.00 + $0.00 = $1.00'],
    });
  });

  it('adds a merged line’s answers in cents, each figure a part its items add up to', () => {
    const rental = answer('total_rental_investments', 0.1, [{ date: '2024-01-05', label: 'In P', amount: 0.1 }]);
    const lc = answer('total_lc_investments', 0.2, [{ date: '2020-06-01', label: 'In Q', amount: 0.2 }]);
    const e = explanationOf(
      { title: 'Rental Investments', figures: ['total_rental_investments', 'total_lc_investments'], month: '2024-07', sumNote: (m) => `Why they are added in ${m}.` },
      [rental, lc],
    );
    expect(e.value).toBe(0.3); // never 0.30000000000000004
    expect(e.unit).toBe('dollars');
    expect(e.headline).toBe('Why they are added in 2024-07.');
    expect(e.arithmetic).toEqual([
      'total_rental_investments: one line', 'total_lc_investments: one line', 'Rental properties $0.10 + Land-contract properties $0.20 = $0.30',
    ]);
    // One of them zero: no sum of one term, and its items are the only group (no part to name).
    const none = answer('total_rental_investments', 0, []);
    const alone = explanationOf({ title: 'Rental Investments', figures: ['total_rental_investments', 'total_lc_investments'] }, [none, lc]);
    expect(alone.arithmetic).toEqual(['total_rental_investments: one line', 'total_lc_investments: one line']);
    expect(alone.items).toEqual(lc.items);
    expect(alone.headline).toBe('Rental Investments adds up Rental properties and Land-contract properties.');
    expect(e.parts).toEqual({ total_rental_investments: 0.1, total_lc_investments: 0.2 });
    expect(itemGroups(e.items).map((g) => [g.part, g.totalCents])).toEqual([['total_rental_investments', 10], ['total_lc_investments', 20]]);
  });

  it('groups items by part in the answer’s order, totals exact to the cent', () => {
    const items = [
      { date: '2024-01-01', label: 'a', amount: 0.29, part: 'returned' },
      { date: '2024-01-01', label: 'b', amount: 100000, part: 'invested' },
      { date: '2024-12-31', label: 'c', amount: 0.01, part: 'returned' },
    ];
    const groups = itemGroups(items);
    expect(groups.map((g) => [g.part, g.items.map((i) => i.label), g.totalCents])).toEqual([
      ['returned', ['a', 'c'], 30],
      ['invested', ['b'], 10000000],
    ]);
    expect(groupTotal(groups[0]!)).toBe(0.3);
    expect(itemGroups([{ date: '2024-01-01', label: 'x', amount: -360 }])[0]).toMatchObject({ part: undefined, totalCents: -36000 });
  });

  it('writes the items as CSV: Date, Item, Amount to the cent, and Part when a ratio has parts', () => {
    const sum = [
      { date: '2024-01-01', label: 'Income share, P, 2024-01: $1,500.00 × 66.67% = $1,000.00', amount: 1162.5 },
      { date: '2024-07-01', label: '=cmd', amount: -360 },
    ];
    expect(lines(tableCsv(explainCsvColumns(sum), sum))).toEqual([
      'Date,Item,Amount',
      '2024-01-01,"Income share, P, 2024-01: $1,500.00 × 66.67% = $1,000.00",1162.50',
      "2024-07-01,'=cmd,-360.00",
    ]);
    const ratio = [{ date: '2024-01-05', label: 'Investment in P', amount: 100000, part: 'peak_capital' }];
    expect(lines(tableCsv(explainCsvColumns(ratio), ratio))).toEqual(['Date,Item,Amount,Part', '2024-01-05,Investment in P,100000.00,The most you had invested']);
    expect(explainCsvName('Total Income', 'A')).toBe('Total Income calculation - A.csv');
    expect(explainCsvName('Income from P/Q', 'A')).toBe('Income from P_Q calculation - A.csv');
  });
});
