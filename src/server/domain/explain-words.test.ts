import { describe, expect, it } from 'vitest';
import { plainWordsProblems } from './explain-plain-words.js';
import { dateWords, feeRate, monthWords, pct, shareOf, shareWords, sumLine, usd } from './explain-words.js';
import { monthIndex } from './months.js';

describe('the words of the explanations', () => {
  it('writes dollars as the page does: thousands separators, a negative amount with a minus sign in front', () => {
    expect([0, 5, 99, 100, 123456, 100000000, 12345678901, -18750, -5].map(usd)).toEqual([
      '$0.00', '$0.05', '$0.99', '$1.00', '$1,234.56', '$1,000,000.00', '$123,456,789.01', '-$187.50', '-$0.05',
    ]);
  });

  it('writes months, dates, percents and fee rates as the page does', () => {
    expect(monthWords(monthIndex('2026-11-01'))).toBe('11/2026');
    expect(dateWords('2024-07-01')).toBe('07/01/2024');
    expect([pct(10.04), pct(6.2), pct(0)]).toEqual(['10.04%', '6.20%', '0.00%']);
    expect([feeRate(1000), feeRate(500), feeRate(250)]).toEqual(['10%', '5%', '2.5%']);
  });

  it('adds amounts up in one line, taking a negative one away, and leaves out a sum of one', () => {
    expect(sumLine([135000, 90000, -18750])).toBe('Together: $1,350.00 + $900.00 − $187.50 = $2,062.50');
    expect(sumLine([-500, 200], 'Total')).toBe('Total: -$5.00 + $2.00 = -$3.00');
    expect(sumLine([100])).toBeUndefined();
    expect(sumLine(Array.from({ length: 9 }, () => 100), 'Total')).toBe('Total: $9.00');
  });

  it('writes a share a reader can redo: the capital behind a rounded percent, and a cent moved to make the shares add up', () => {
    const halves = new Map([[1, 50_000], [2, 50_000]]);
    expect(shareWords(halves, 1, 120000, 60000)).toBe('your 50% share');
    const thirds = new Map([[1, 100_00], [2, 100_00], [3, 100_00]]);
    expect(shareWords(thirds, 1, 10000, 3334)).toBe('your 33.33% share ($100.00 of $300.00 capital; rounded by a cent so the owners’ shares add up to the whole)');
    expect(shareWords(thirds, 2, 10000, 3333)).toBe('your 33.33% share ($100.00 of $300.00 capital)');
  });

  it('writes an owner’s share as a percent without trailing zeros', () => {
    const weights = new Map([[1, 100_000], [2, 50_000], [3, 10_000]]);
    expect([shareOf(weights, 1), shareOf(weights, 2), shareOf(weights, 3), shareOf(weights, 4)]).toEqual(['62.5%', '31.25%', '6.25%', '0%']);
  });
});

describe('the rules of a panel’s words', () => {
  const good = {
    headline: 'This is your share of what your properties earned in 11/2026, after the management fee.',
    arithmetic: ['Oak Street Duplex: $1,200.00 net income × your 25% share = $300.00, less the 5% management fee $15.00 = $285.00'],
    labels: ['Income from Oak Street Duplex'],
    valueText: '$285.00',
  };

  it('pass one sentence, then arithmetic ending at the figure', () => {
    expect(plainWordsProblems(good)).toEqual([]);
  });

  it('catch what the panels used to say: identifiers, sum signs, solver words, unrounded rates', () => {
    const old = [
      'total_income = Σ monthly cash flows = Σ over properties and months of (income share − management fee − own expenses).',
      "The rate r that solves the equation, found by Newton's method with a bisection fallback to within 1e-9.",
      'Rate as solved (unrounded) 21.444341%.',
      'Yearly ROI is roi_per_year:2026 of peak_capital.',
      'Each month is dated 2026-11-01 as of as_of.',
    ];
    for (const headline of old) expect(plainWordsProblems({ ...good, headline }), headline).not.toEqual([]);
    expect(plainWordsProblems({ ...good, headline: 'What it is. Then another rule.' })).toEqual([
      'the headline is more than one sentence: "What it is. Then another rule."',
    ]);
  });

  it('want the arithmetic to end at the figure, and arithmetic wherever there are items', () => {
    expect(plainWordsProblems({ ...good, valueText: '$3,379.75' })).toHaveLength(1);
    expect(plainWordsProblems({ ...good, arithmetic: [] })).toEqual(['items without arithmetic']);
  });

  it('leave what the admin typed as typed', () => {
    const typed = { ...good, labels: ['Maple Holdings LLC expense, Bank fees (Bank fees 2024-01)'] };
    expect(plainWordsProblems(typed)).toHaveLength(1);
    expect(plainWordsProblems(typed, { quoted: ['Bank fees 2024-01'] })).toEqual([]);
  });
});
