import { describe, expect, it } from 'vitest';
import { CORRECTING_FORMS, ENTRY_KINDS, KIND_OF_FORM, type CorrectingForm, type LedgerEntryRow } from '../../../../contract/schemas/corrections';
import { ADMIN_ACTIONS } from '../admin-actions';
import { correctionHref, entryWords, formOfEntry, valuesOfEntry, viewerOf } from './entry-forms';

/** An entry of each kind as GET /admin/ledger_entries answers it. */
const entryOf = (kind: LedgerEntryRow['kind'], over: Partial<LedgerEntryRow> = {}): LedgerEntryRow => ({
  id: 42, kind, date: '2025-12-03', for_month: '2025-12', period_start: null, period_end: null, amount: 7500,
  property: 'Oak Street', llc: 'Maple LLC', investor: 'Ann', category: 'Late Fee', loren: null, payer: 'admin',
  description: 'Late fee', recorded_at: '2025-12-03T10:00:00Z', recorded_by: 'admin', voided_at: null, voided_by: null, void_reason: null,
  ...over,
});

describe('the recording forms and their entries', () => {
  it('fills every field of the form an entry was recorded with, so that the form sends a body its call accepts', () => {
    for (const form of Object.keys(CORRECTING_FORMS) as CorrectingForm[]) {
      const loren = form === 'recordLorenIncome' ? { period_start: '2025-12-01', period_end: '2025-12-31' } : {};
      const e = entryOf(KIND_OF_FORM[form], loren);
      expect(formOfEntry(e), form).toBe(form);
      const values = valuesOfEntry(e);
      const schema = CORRECTING_FORMS[form];
      const body = Object.fromEntries(Object.keys(schema.shape).filter((k) => values[k] !== '').map((k) => [k, values[k]]));
      expect(schema.safeParse(body).success, `${form}: ${JSON.stringify(body)}`).toBe(true);
      expect(values.amount).toBe('7500.00');
    }
  });

  it('links each entry to an action of the admin page that holds its form, and to the viewer that lists it', () => {
    const slugs = ADMIN_ACTIONS.map((a) => a.slug);
    for (const kind of ENTRY_KINDS) {
      const link = new URL(correctionHref(entryOf(kind)), 'http://x');
      expect(slugs, kind).toContain(link.searchParams.get('action'));
      expect(link.searchParams.get('correct')).toBe('42');
      expect(slugs).toContain(new URL(viewerOf(entryOf(kind)).href, 'http://x').searchParams.get('action'));
    }
    expect(correctionHref(entryOf('deposit_withdrawal'))).toBe('/admin?action=withdraw-funds&form=withdraw-deposit&correct=42');
    expect(correctionHref(entryOf('property_income', { period_start: '2025-12-01' }))).toBe('/admin?action=add-new-loren-income&correct=42');
    expect(viewerOf(entryOf('llc_expense')).href).toBe('/admin?action=delete-llc-transaction&name=Maple+LLC&entry=42');
  });

  it('says what an entry is and for whom', () => {
    expect(entryWords(entryOf('property_income'))).toBe('Income of $7,500.00 on Oak Street (Late Fee)');
    expect(entryWords(entryOf('investor_property_expense', { category: 'Repairs' }))).toBe('Expense of $7,500.00 on Oak Street charged to Ann (Repairs)');
    expect(entryWords(entryOf('cash_withdrawal'))).toBe('Cash withdrawal of $7,500.00 for Ann');
    expect(entryWords(entryOf('investment_withdrawal'))).toBe('Return of capital of $7,500.00 to Ann from Oak Street');
  });
});
