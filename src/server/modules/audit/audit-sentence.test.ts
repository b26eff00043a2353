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

  it('words the vault, updates, K-1 consent and tax IDs without the file, the text or the full tax ID', () => {
    const upload = { title: 'K-1 2025', audience: { investor: 'Ben Carter' }, sha256: 'ab'.repeat(32) };
    expect(auditSentence({ user: 'admin', action: 'upload_document', entity: 'document', before: null, after: upload }, {}))
      .toBe('admin uploaded the document “K-1 2025” for Ben Carter');
    expect(auditSentence({ user: 'admin', action: 'upload_document', entity: 'document', before: null, after: { title: 'Agreement', audience: { llc: 'Maple' } } }, {}))
      .toBe('admin uploaded the document “Agreement” for the members of Maple');
    expect(auditSentence({ user: 'admin', action: 'post_update', entity: 'investor_update', before: null, after: { title: 'Roof', audience: 'every investor' } }, {}))
      .toBe('admin posted the update “Roof” for every investor');
    expect(auditSentence({ user: 'admin', action: 'post_update', entity: 'investor_update', before: null, after: { title: 'Roof', audience: { investors: ['A', 'B'] } } }, {}))
      .toBe('admin posted the update “Roof” for 2 investors');
    expect(auditSentence({ user: 'admin', action: 'withdraw_document', entity: 'document', before: { title: 'Old' }, after: { reason: 'Wrong year' } }, {}))
      .toBe('admin withdrew the document “Old”: “Wrong year”');
    expect(auditSentence({ user: 'ben', action: 'give_k1_consent', entity: 'investor', before: null, after: {} }, { name: 'Ben Carter' }))
      .toBe('Ben Carter consented to receive K-1s electronically');
    expect(auditSentence({ user: 'admin', action: 'change_tax_id', entity: 'investor', before: { tax_id: '•••-••-1111' }, after: { tax_id: '•••-••-2222' } }, { name: 'A' }))
      .toBe('admin changed the tax ID of A from •••-••-1111 to •••-••-2222');
  });

  it('words the payouts, calls, K-1 batches and statement periods', () => {
    expect(auditSentence({ user: 'admin', action: 'approve_distribution_run', entity: 'distribution_run', entity_id: '7', before: {}, after: { paid_lines: 3, total: '26845.00' } }, {}))
      .toBe('admin approved distribution run 7: 3 payments totalling 26845.00');
    expect(auditSentence({ user: 'admin', action: 'issue_capital_call', entity: 'capital_call', before: null, after: { amount_cents: 1000000, property: 'Oak', due_date: '2026-12-31' } }, {}))
      .toBe('admin called $10,000.00 from the investors of Oak, due 12/31/2026');
    expect(auditSentence({ user: 'admin', action: 'publish_k1_batch', entity: 'k1_batch', before: {}, after: { published: 3, llc: 'Maple', tax_year: 2025 } }, {}))
      .toBe('admin published 3 K-1s of Maple for 2025');
    expect(auditSentence({ user: 'admin', action: 'publish_statements', entity: 'statement_publication', before: null, after: { from: '2024-01-01', to: '2024-03-31', investors: ['A', 'C'] } }, {}))
      .toBe('admin published the statements of 01/01/2024 – 03/31/2024 for 2 investors');
    expect(auditSentence({ user: 'ben', action: 'request_bank_account_change', entity: 'investor', before: null, after: {} }, { name: 'Ben Carter' }))
      .toBe('ben asked to change the bank account of Ben Carter: waiting for approval');
  });

  it('words a bank statement read, recorded and undone', () => {
    const facts = { llc: 'Maple', file_name: 'march.ofx' };
    expect(auditSentence({ user: 'admin', action: 'bank_import_preview', entity: 'bank_import', before: null, after: { ...facts, lines: 12 } }, {}))
      .toBe('admin read the bank statement “march.ofx” of Maple (12 lines; nothing recorded yet)');
    expect(auditSentence({ user: 'admin', action: 'bank_import_commit', entity: 'bank_import', before: {}, after: { ...facts, taken: 10, skipped: 2 } }, {}))
      .toBe('admin recorded 10 lines of the bank statement “march.ofx” of Maple and skipped 2');
    expect(auditSentence({ user: 'admin', action: 'bank_import_undo', entity: 'bank_import', before: {}, after: { ...facts, voided: 10 } }, {}))
      .toBe('admin undid the import of the bank statement “march.ofx” of Maple: 10 entries voided');
  });
});
