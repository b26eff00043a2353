import { describe, expect, it } from 'vitest';
import { explainLabel, formatFigure, partLabel, unitOf } from './explain-figures';

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

  it('names the groups of items in words, and any new one by its name without underscores', () => {
    expect(['peak_capital', 'capital_months', 'total_lc_investments', 'cash_distributed'].map(partLabel)).toEqual([
      'The most you had invested', 'Your capital, month by month', 'Land-contract properties', 'Income paid out',
    ]);
    expect(partLabel('some_new_part')).toBe('Some new part');
  });

  it('names a trigger for its figure', () => {
    expect(explainLabel('Total Income')).toBe('How is Total Income calculated?');
    expect(explainLabel('Income History 07/2024')).toBe('How is Income History 07/2024 calculated?');
  });
});
