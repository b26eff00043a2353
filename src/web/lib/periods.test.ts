import { describe, expect, it } from 'vitest';
import { statementPeriods } from './periods';

describe('statement periods', () => {
  it('offers this quarter to date, the four quarters before it across the year end, then the years', () => {
    const periods = statementPeriods('2026-02-10');
    expect(periods.map((p) => p.label)).toEqual(['Q1 2026 to date', 'Q4 2025', 'Q3 2025', 'Q2 2025', 'Q1 2025', '2026 to date', '2025', '2024', '2023']);
    expect(periods[0]).toEqual({ label: 'Q1 2026 to date', from: '2026-01-01', to: '2026-02-10' });
    expect(periods[1]).toEqual({ label: 'Q4 2025', from: '2025-10-01', to: '2025-12-31' });
    expect(periods[4]).toEqual({ label: 'Q1 2025', from: '2025-01-01', to: '2025-03-31' });
    expect(periods[6]).toEqual({ label: '2025', from: '2025-01-01', to: '2025-12-31' });
  });

  it('puts the last day of a quarter in that quarter', () => {
    expect(statementPeriods('2026-09-30')[0]).toEqual({ label: 'Q3 2026 to date', from: '2026-07-01', to: '2026-09-30' });
    expect(statementPeriods('2026-10-01')[1]).toEqual({ label: 'Q3 2026', from: '2026-07-01', to: '2026-09-30' });
  });
});
