import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCents } from '../../src/contract/values/dollar-cents.js';
import { createReconciliationService } from '../../src/server/modules/reconciliation/reconciliation.service.js';
import { formatCents } from '../../src/server/domain/money.js';
import { appendAudits } from '../../src/server/modules/audit/audit.repository.js';
import { recordMapleBooks } from '../support/maple-books.js';
import { skipReconciliation } from '../support/reconcile.js';
import { ADMIN, signIn, startTestApp, type TestApp } from '../support/test-app.js';

/**
 * The reconciliation run against books in use (`npm run admin -- verify` beside a running portal): the
 * admin summary is read after the reconciliation's own snapshot, so a write in between must not be
 * reported as a difference; the check starts again instead, and gives up after three tries.
 */
describe('the reconciliation beside writes', () => {
  let t: TestApp;
  let admin: string;
  const rent = { income_date: '2024-05-03', income_for_month: '2024-05-01', property_name: 'P', description: 'Rent', amount: '10.00', income_category: 'Rent' };

  beforeAll(async () => {
    t = await startTestApp('pglite');
    admin = await signIn(t.app, ADMIN.username, ADMIN.password);
    await recordMapleBooks(t, admin);
  }, 120_000);
  afterAll(() => t?.close());

  /** A reconciliation whose admin summary is read after `writes` more rents were recorded. */
  function withRentsBeforeEachSummary(writes: number) {
    let summaries = 0;
    const service = createReconciliationService({
      db: t.testDb.db,
      today: t.services.books.today,
      adminSummary: async () => {
        summaries++;
        if (summaries <= writes) {
          const res = await t.app.inject({ method: 'POST', url: '/admin/record_property_income', headers: { authorization: `Bearer ${admin}` }, payload: rent });
          expect(res.statusCode).toBe(201);
        }
        return t.services.reports.adminSummary();
      },
    });
    return { service, summaries: () => summaries };
  }

  it('starts again when the books changed while it ran, and then finds no difference', async () => {
    const { service, summaries } = withRentsBeforeEachSummary(1);
    const { differences } = await service.reconcile();
    expect(differences).toEqual([]);
    expect(summaries()).toBe(2);
  });

  it('reports what differs after three tries on books that never rest', async () => {
    const { service, summaries } = withRentsBeforeEachSummary(3);
    const { differences } = await service.reconcile();
    expect(summaries()).toBe(3);
    // The last try's summary holds one rent more than its snapshot of the ledger: $10.00.
    const [, answered, ledger] = differences.map((d) => /^the admin summary's total_income is ([\d.]+), the ledger gives ([\d.]+)$/.exec(d)).find(Boolean) ?? [];
    expect(parseCents(answered!)! - parseCents(ledger!)!).toBe(1000);
  });
});

/**
 * Books whose audit trail was broken behind the app's back, each way the check knows: the database
 * finds the rows (reconciliation.repository.ts), the check names each.
 */
describe('the reconciliation of a broken audit trail', () => {
  it('names a void of a live entry, a record of no entry, a second record, an edited record and a linked pair half voided', async () => {
    const t = await startTestApp('pglite');
    try {
      await recordMapleBooks(t, await signIn(t.app, ADMIN.username, ADMIN.password));
      const db = t.testDb.db;
      const [live, twice, edited, target] = await db.query<{ id: number; date: string; cents: number }>(
        `SELECT id, date, amount_cents AS cents FROM ledger_entry WHERE kind = 'property_income' AND voided_at IS NULL ORDER BY id LIMIT 4`,
      );
      const audit = (action: string, entityId: number, after: unknown) =>
        ({ at: new Date(), userId: null, action, entity: 'ledger_entry', entityId: String(entityId), before: null, after, ip: null });
      // A row linked to another (as a retained deposit's income would be, domain.md §3.4), with its record
      // audit row, then voided alone: the API never writes such a pair, so it is written with SQL.
      const pair = await db.transaction(async (tx) => {
        await tx.query('SET LOCAL session_replication_role = replica');
        const [row] = await tx.query<{ id: number }>(
          `INSERT INTO ledger_entry (kind, date, for_month, amount_cents, property_id, linked_entry_id, created_by, description)
           SELECT 'property_income', date, for_month, 500, property_id, id, created_by, 'Linked' FROM ledger_entry WHERE id = $1 RETURNING id`,
          [target!.id],
        );
        await appendAudits(tx, [audit('record', row!.id, { kind: 'property_income', amountCents: 500, date: target!.date })]);
        await tx.query(`UPDATE ledger_entry SET voided_at = now(), voided_by = created_by WHERE id = $1`, [row!.id]);
        return { id: row!.id, linkedId: target!.id };
      });
      await db.transaction(async (tx) => {
        await appendAudits(tx, [
          audit('void', live!.id, null),
          audit('record', 999_999, { kind: 'property_income', amountCents: 100, date: '2024-01-01' }),
          audit('record', twice!.id, { kind: 'property_income', amountCents: twice!.cents, date: twice!.date }),
          audit('void', pair.id, null),
        ]);
      });
      await db.exec('ALTER TABLE audit_event DISABLE TRIGGER audit_event_guard');
      await db.query(
        `UPDATE audit_event SET after = jsonb_set(after, '{amountCents}', '1') WHERE entity = 'ledger_entry' AND action = 'record' AND entity_id = $1`,
        [String(edited!.id)],
      );
      await db.exec('ALTER TABLE audit_event ENABLE TRIGGER audit_event_guard');
      skipReconciliation(t, 'this test broke the audit trail on purpose');

      const { differences } = await t.services.reconciliation.reconcile();
      expect(differences[0]).toMatch(/^the audit hash chain breaks at audit_event \d+$/);
      expect(differences).toEqual(expect.arrayContaining([
        `live ledger entry ${live!.id} (property_income) has 1 'void' audit rows`,
        'an audit row names ledger entry 999999, which does not exist',
        `ledger entry ${twice!.id} (property_income) has 2 'record' audit rows, not 1`,
        `ledger entry ${edited!.id} is property_income ${formatCents(edited!.cents)} on ${edited!.date}, its audit row says property_income 0.01 on ${edited!.date}`,
        `ledger entries ${pair.id} and ${pair.linkedId} are linked, but only one of them is voided`,
      ]));
    } finally {
      await t.close();
    }
  }, 120_000);
});
