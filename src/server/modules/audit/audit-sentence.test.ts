import { describe, expect, it } from 'vitest';
import { auditSentence } from './audit-sentence.js';

const entry = { kind: 'property_expense', amountCents: 43200, property: 'Birch Court Fourplex', investor: null, llc: null, category: 'Repairs' };

describe('the audit trail in words', () => {
  it('names what a ledger event recorded or voided, with the amount as money', () => {
    expect(auditSentence({ user: 'alice', action: 'record', entity: 'ledger_entry', before: null, after: {} }, { entry }))
      .toBe('alice recorded an expense of $432.00 on Birch Court Fourplex (Repairs)');
    const big = { ...entry, kind: 'investment', amountCents: 12345678, investor: 'Ben Carter', category: null };
    expect(auditSentence({ user: 'alice', action: 'void', entity: 'ledger_entry', before: {}, after: { void_reason: 'Twice' } }, { entry: big }))
      .toBe('alice voided an investment of $123,456.78 by Ben Carter in Birch Court Fourplex: “Twice”');
    // A correction names the entry it replaces by the ID the viewers show.
    expect(auditSentence({ user: 'alice', action: 'record', entity: 'ledger_entry', before: null, after: { corrects: 12 } }, { entry }))
      .toBe('alice recorded an expense of $432.00 on Birch Court Fourplex (Repairs), correcting entry 12');
  });

  it('uses names, never internal ids, for the other events', () => {
    expect(auditSentence({ user: 'admin', action: 'set_fee', entity: 'investor', before: null, after: { effective_month: '2024-07-01', fee_bps: 500 } }, { name: 'A' }))
      .toBe('admin set the fee of A to 5% from 07/2024');
    expect(auditSentence({ user: 'admin', action: 'update_notes', entity: 'property', before: { notes: '' }, after: { notes: 'x' } }, { name: 'P' }))
      .toBe('admin updated the notes of P');
    expect(auditSentence({ user: null, action: 'create_admin', entity: 'portal_user', before: null, after: { username: 'admin' } }, {}))
      .toBe('The admin account admin was created');
    expect(auditSentence({ user: 'admin', action: 'rename_thing', entity: 'some_entity', before: null, after: null }, {})).toBe('admin: rename thing (some entity)');
    expect(auditSentence({ user: 'admin', action: 'close_period', entity: 'llc', before: null, after: { closed_through: '2024-06-30' } }, { name: 'Maple' }))
      .toBe('admin closed the books of Maple through 06/30/2024');
  });
});
