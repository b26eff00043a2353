import { describe, expect, it } from 'vitest';
import type { BankImportLine } from '../../../../contract/schemas/bank-import';
import {
  applyToSelected, changeLine, commitLines, countsText, defaultSelection, duplicateText, initialChoices, kindsFor,
} from './line-choice';

const lineOf = (line: number, over: Partial<BankImportLine> = {}): BankImportLine => ({
  line, date: '2026-03-02', amount: -120.5, payee: 'HOME DEPOT', memo: '', reference: null, status: 'new', reason: null,
  duplicate_of: null, closed: null, decided: null, entry_id: null,
  proposal: { kind: null, property_name: null, category: null, investor_name: null, description: 'HOME DEPOT', rule: null },
  ...over,
});

describe('the bank preview choices', () => {
  const lines = [
    lineOf(1),
    lineOf(2, { status: 'already_imported' }),
    lineOf(3, { status: 'possible_duplicate' }),
    lineOf(4, { closed: 'March 2026 is closed.' }),
    lineOf(5, { payee: 'Home  depot ', amount: -30 }),
    lineOf(6, { payee: 'TENANT SMITH', amount: 1250,
      proposal: { kind: 'property_income', property_name: 'P', category: 'Rent', investor_name: null, description: 'Rent', rule: { id: 1, match_text: 'SMITH' } } }),
  ];

  it('checks the new lines that may be recorded, nothing else', () => {
    expect([...defaultSelection(lines)]).toEqual([1, 5, 6]);
  });

  it('offers a line only the kinds of its direction', () => {
    expect(kindsFor(lines[0]!)).toContain('property_expense');
    expect(kindsFor(lines[0]!)).not.toContain('property_income');
    expect(kindsFor(lines[5]!)).toContain('property_income');
  });

  it('spreads a change to the same payee’s untouched lines, never the description nor lines changed by hand', () => {
    const start = initialChoices(lines);
    expect(start[6]).toMatchObject({ kind: 'property_income', property_name: 'P', category: 'Rent' });
    const once = changeLine(lines, start, 1, { kind: 'property_expense', property_name: 'P', category: 'Repairs', description: 'Paint' });
    expect(once[1]).toMatchObject({ kind: 'property_expense', description: 'Paint', changed: true });
    expect(once[5]).toMatchObject({ kind: 'property_expense', property_name: 'P', category: 'Repairs', description: 'HOME DEPOT', changed: false });
    expect(once[4]!.kind).toBe(''); // closed: left alone
    const own = changeLine(lines, once, 5, { category: 'Supplies' });
    expect(changeLine(lines, own, 1, { category: 'Tools' })[5]!.category).toBe('Supplies');
  });

  it('clears what a new kind does not ask for', () => {
    const start = initialChoices(lines);
    const next = changeLine(lines, start, 6, { kind: 'investment' });
    expect(next[6]).toMatchObject({ kind: 'investment', property_name: 'P', category: '' });
  });

  it('applies to the checked lines whose direction fits', () => {
    const { choices, reached } = applyToSelected(lines, initialChoices(lines), new Set([1, 5, 6]), { kind: 'llc_expense', category: 'Fees' });
    expect(reached).toBe(2);
    expect(choices[6]!.kind).toBe('property_income');
    expect(choices[5]).toMatchObject({ kind: 'llc_expense', category: 'Fees', property_name: '' });
  });

  it('builds the commit lines from the form fields, and names a line without a kind', () => {
    const choices = changeLine(lines, initialChoices(lines), 1, { kind: 'property_expense', property_name: 'P', category: 'Repairs', remember: true });
    expect(commitLines(lines, choices, new Set([1, 6]), 'LLC')).toEqual({ lines: [
      { line: 1, kind: 'property_expense', remember: true, expense_date: '2026-03-02', expense_for_month: '2026-03', property_name: 'P',
        description: 'HOME DEPOT', amount: '120.50', expense_category: 'Repairs', payer: 'HOME DEPOT' },
      { line: 6, kind: 'property_income', income_date: '2026-03-02', income_for_month: '2026-03', property_name: 'P', description: 'Rent',
        amount: '1250.00', income_category: 'Rent' },
    ] });
    expect(commitLines(lines, initialChoices(lines), new Set([5]), 'LLC')).toEqual({ error: 'Line 5: choose what it records.' });
  });

  it('words the counts and a possible duplicate', () => {
    expect(countsText({ new: 12, already_imported: 3, possible_duplicate: 1 })).toBe('12 new · 3 already imported · 1 possible duplicate');
    expect(duplicateText({ id: 9, kind: 'property_income', date: '2026-03-01', amount: 1250, description: 'Rent – Unit 2' }))
      .toBe('Recorded 03/01/2026: Rent – Unit 2, $1,250.00');
  });
});
