import { describe, expect, it } from 'vitest';
import { arithmeticOf, explainLabel, formatFigure, formatPart, partLabel, splitFormula, unitOf } from './explain-figures';

describe('the figures of "How is this calculated?"', () => {
  it('knows each figure’s unit and shows its value in it, a missing one as a dash', () => {
    expect(['total_investments', 'cash_balance', 'capital_returned', 'total_lc_investments'].map(unitOf)).toEqual(['dollars', 'dollars', 'dollars', 'dollars']);
    expect(['total_roi', 'xirr', 'roi_per_year:2024'].map(unitOf)).toEqual(['percent', 'percent', 'percent']);
    expect(unitOf('equity_multiple')).toBe('multiple');
    expect(formatFigure(10042.5, 'dollars')).toBe('$10,042.50');
    expect(formatFigure(-360, 'dollars')).toBe('-$360.00');
    expect(formatFigure(6.21, 'percent')).toBe('6.21%');
    expect(formatFigure(1.1, 'multiple')).toBe('1.10×');
    expect(formatFigure(null, 'percent')).toBe('—');
  });

  it('names parts in words, and any new one by its name', () => {
    expect(partLabel('peak_capital')).toBe('Peak capital');
    expect(partLabel('total_lc_investments')).toBe('Land Contract Investments');
    expect(partLabel('some_new_part')).toBe('Some new part');
    expect(formatPart('rate', 6.208734129)).toBe('6.208734%');
    expect(formatPart('net_present_value', 0)).toBe('$0.00');
    expect(formatPart('capital_months', 1099543.5)).toBe('$1,099,543.50');
  });

  it('fills a ratio’s arithmetic with its parts, and leaves out what is not a ratio or divides by zero', () => {
    expect(arithmeticOf('total_roi', { total_income: 10042.5, peak_capital: 100000 }, 10.04)).toBe('100 × $10,042.50 ÷ $100,000.00 = 10.04%');
    expect(arithmeticOf('roi_per_year:2024', { income: 10042.5, capital_months: 1100000 }, 10.96)).toBe('100 × $10,042.50 × 12 ÷ $1,100,000.00 = 10.96%');
    expect(arithmeticOf('equity_multiple', { returned: 110042.5, invested: 100000 }, 1.1)).toBe('$110,042.50 ÷ $100,000.00 = 1.10×');
    expect(arithmeticOf('total_roi', { total_income: 0, peak_capital: 0 }, 0)).toBeUndefined();
    expect(arithmeticOf('total_income', { income_share: 1 }, 1)).toBeUndefined();
    expect(arithmeticOf('equity_multiple', {}, null)).toBeUndefined();
  });

  it('names a trigger for its figure', () => {
    expect(explainLabel('Total Income')).toBe('How is Total Income calculated?');
  });
});

describe('splitFormula', () => {
  it('puts the rule first and each sentence after it on its own', () => {
    expect(splitFormula('total_roi = 100 × total_income ÷ peak capital, two decimals (0 when the peak is 0). Peak capital is the highest. (The mid-month rule decides only when.) Here: none.')).toEqual({
      rule: 'total_roi = 100 × total_income ÷ peak capital, two decimals (0 when the peak is 0).',
      details: ['Peak capital is the highest.', '(The mid-month rule decides only when.)', 'Here: none.'],
    });
    expect(splitFormula('Rate 6.21 is 1.5 × x.')).toEqual({ rule: 'Rate 6.21 is 1.5 × x.', details: [] });
  });
});
