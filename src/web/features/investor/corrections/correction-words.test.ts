import { describe, expect, it } from 'vitest';
import { changeText, entryText, whatHappened } from './correction-words';

describe('a correction in words', () => {
  it('names the entry: its kind, date, property or LLC, and the whole amount', () => {
    expect(entryText({ kind: 'property_income', date: '2026-10-01', property_name: 'Oak Street Duplex', llc_name: null, amount: 1850 }))
      .toBe('Income of 10/01/2026, Oak Street Duplex, $1,850.00');
    expect(entryText({ kind: 'llc_expense', date: '2024-01-20', property_name: null, llc_name: 'Maple Holdings LLC', amount: 300 }))
      .toBe('LLC expense of 01/20/2024, Maple Holdings LLC, $300.00');
    expect(entryText({ kind: 'cash_withdrawal', date: '2025-12-15', property_name: null, llc_name: null, amount: 402.5 }))
      .toBe('Cash withdrawal of 12/15/2025, $402.50');
  });

  it('says what happened, and after which statement when the investor had been shown the period', () => {
    expect(whatHappened({ what: 'voided', after_statement: null })).toBe('Voided');
    expect(whatHappened({ what: 'recorded late', after_statement: null })).toBe('Recorded late');
    expect(whatHappened({ what: 'voided', after_statement: 'your statement of 2025-Q3' })).toBe('Voided after your statement of 2025-Q3');
    expect(whatHappened({ what: 'recorded late', after_statement: 'your statement of 2025-Q3' }))
      .toBe('Recorded late, after your statement of 2025-Q3');
  });

  it('signs a change both ways, and leaves none unsigned', () => {
    expect(changeText(-1110)).toBe('-$1,110.00');
    expect(changeText(0.1)).toBe('+$0.10');
    expect(changeText(0)).toBe('$0.00');
  });
});
