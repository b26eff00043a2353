import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCents } from '../../src/contract/values/dollar-cents.js';
import { createReconciliationService } from '../../src/server/modules/reconciliation/reconciliation.service.js';
import { formatCents } from '../../src/server/domain/money.js';
import { appendAudits } from '../../src/server/modules/audit/audit.repository.js';
import { mapleBooksTemplate, type MapleBooks } from '../support/maple-books.js';
import { skipReconciliation } from '../support/reconcile.js';
import type { AppTemplate, TestApp } from '../support/test-app.js';

/**
 * The reconciliation run against books in use (`npm run admin -- verify` beside a running portal): the
 * admin summary is read after the reconciliation's own snapshot, so a write in between must not be
 * reported as a difference; the check starts again instead, and gives up after three tries.
 */
describe('the reconciliation beside writes', () => {
  let template: AppTemplate<MapleBooks>;
  let t: TestApp;
  let admin: string;
  const rent = { income_date: '2024-05-03', income_for_month: '2024-05-01', property_name: 'P', description: 'Rent', amount: '10.00', income_category: 'Rent' };

  beforeAll(async () => {
    // A copy of the Maple books recorded once for the run: the rents written here stay in it.
    template = await mapleBooksTemplate('pglite');
    t = await template.start();
    admin = template.state.admin;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await template?.close();
  });

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
 * Books whose audit trail was broken behind the app's back, in each way the check looks for. The
 * database finds the rows (reconciliation.repository.ts), and the check names each one.
 */
describe('the reconciliation of a broken audit trail', () => {
  let template: AppTemplate<MapleBooks>;
  beforeAll(async () => {
    template = await mapleBooksTemplate('pglite');
  }, 120_000);
  afterAll(() => template?.close());

  it('names every broken row and only those, in order', async () => {
    // A copy of the Maple books of its own, broken below.
    const t = await template.start();
    try {
      const db = t.testDb.db;
      const [live, twice, edited, target, unaudited, alsoVoided] = await db.query<{ id: number; date: string; cents: number }>(
        `SELECT id, date, amount_cents AS cents FROM ledger_entry WHERE kind = 'property_income' AND voided_at IS NULL ORDER BY id LIMIT 6`,
      );
      const audit = (action: string, entityId: string | null, after: unknown) =>
        ({ at: new Date(), userId: null, action, entity: 'ledger_entry', entityId, before: null, after, ip: null });
      const income = (id: number, cents: number, date: string) => audit('record', String(id), { kind: 'property_income', amountCents: cents, date });
      // Rows the API never writes, so written with SQL: one linked to another (as a retained deposit's income
      // would be, docs/rules/ledger.md), recorded and then voided alone; and one with no audit row at all (voided,
      // so the figures do not move).
      const [linked, unrecorded] = await db.transaction(async (tx) => {
        await tx.query('SET LOCAL session_replication_role = replica');
        const rows = await tx.query<{ id: number }>(
          `INSERT INTO ledger_entry (kind, date, for_month, amount_cents, property_id, linked_entry_id, created_by, description, voided_at, voided_by)
           SELECT 'property_income', date, for_month, 500, property_id, link, created_by, 'By hand', now(), created_by
             FROM ledger_entry, (VALUES (1, $1::bigint), (2, NULL)) AS v(n, link) WHERE id = $1 ORDER BY n RETURNING id`,
          [target!.id],
        );
        await appendAudits(tx, [income(rows[0]!.id, 500, target!.date), audit('void', String(rows[0]!.id), null), audit('void', String(rows[1]!.id), null)]);
        return rows.map((r) => r.id);
      });
      await db.query('UPDATE ledger_entry SET voided_at = now(), voided_by = created_by WHERE id = $1', [unaudited!.id]);
      await db.transaction((tx) => appendAudits(tx, [
        audit('void', String(live!.id), null),
        income(999_999, 100, '2024-01-01'),
        income(twice!.id, twice!.cents, twice!.date),
        audit('void', '999998', { also_voided: [888_888, alsoVoided!.id, '12'] }),
        audit('record', 'abc', null),
        audit('record', null, null),
      ]));
      await db.exec('ALTER TABLE audit_event DISABLE TRIGGER audit_event_guard');
      await db.query(
        `UPDATE audit_event SET after = after || '{"amountCents": 1, "date": "2020-01-01"}'::jsonb
          WHERE entity = 'ledger_entry' AND action = 'record' AND entity_id = $1`,
        [String(edited!.id)],
      );
      await db.exec('ALTER TABLE audit_event ENABLE TRIGGER audit_event_guard');
      skipReconciliation(t, 'this test broke the audit trail on purpose');

      const { differences } = await t.services.reconciliation.reconcile();
      const byRow: [number, string][] = [
        [live!.id, `live ledger entry ${live!.id} (property_income) has 1 'void' audit rows`],
        [twice!.id, `ledger entry ${twice!.id} (property_income) has 2 'record' audit rows, not 1`],
        [edited!.id, `ledger entry ${edited!.id} is property_income ${formatCents(edited!.cents)} on ${edited!.date}, its audit row says property_income 0.01 on 2020-01-01`],
        [unaudited!.id, `voided ledger entry ${unaudited!.id} (property_income) has 0 'void' audit rows, not 1`],
        [alsoVoided!.id, `live ledger entry ${alsoVoided!.id} (property_income) has 1 'void' audit rows`],
        [linked!, `ledger entries ${linked} and ${target!.id} are linked, but only one of them is voided`],
        [unrecorded!, `ledger entry ${unrecorded} (property_income) has 0 'record' audit rows, not 1`],
      ];
      const unreadable = (await db.query<{ id: number }>(
        `SELECT id FROM audit_event WHERE entity = 'ledger_entry' AND action IN ('record', 'void') AND (entity_id IS NULL OR entity_id IN ('abc', '999998')) ORDER BY id`,
      )).map((r) => r.id);
      expect(differences).toEqual([
        expect.stringMatching(/^the audit hash chain breaks at audit_event \d+$/),
        ...byRow.sort(([a], [b]) => a - b).map(([, message]) => message),
        'an audit row names ledger entry 888888, which does not exist',
        'an audit row names ledger entry 999998, which does not exist',
        'an audit row names ledger entry 999999, which does not exist',
        `audit_event ${unreadable[0]} names a ledger entry by "\\"12\\"", which is no entry's id`,
        `audit_event ${unreadable[1]} names a ledger entry by "abc", which is no entry's id`,
        `audit_event ${unreadable[2]} names a ledger entry by nothing, which is no entry's id`,
      ]);
    } finally {
      await t.close();
    }
  }, 120_000);
});
