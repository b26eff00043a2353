import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../src/server/db/client.js';
import { appendAudit } from '../../src/server/modules/audit/audit.repository.js';
import { insertLedgerEntry, type LedgerKind } from '../../src/server/modules/ledger/ledger.repository.js';
import { mapleBooksTemplate, type MapleBooks } from '../support/maple-books.js';
import { skipReconciliation } from '../support/reconcile.js';
import { bearer, type AppTemplate, type TestApp } from '../support/test-app.js';
import { DB_KINDS } from '../support/test-db.js';

/**
 * The database's second guard on capital and deposits (docs/security.md L5, migration 0010): rows written
 * past the services, straight into the ledger, cannot leave an investor's capital in a property or a
 * property's deposits below zero on any date; the check runs at commit.
 */
describe.each(DB_KINDS)('the balance guard on %s', (kind) => {
  let template: AppTemplate<MapleBooks>;
  beforeAll(async () => {
    template = await mapleBooksTemplate(kind);
  });
  afterAll(() => template?.close());

  /** The Maple ids and balances a direct row needs. */
  async function books(t: TestApp) {
    const db = t.testDb.db;
    const one = async (sql: string, params: unknown[] = []) => (await db.query<{ v: number }>(sql, params))[0]!.v;
    const p = await one(`SELECT id AS v FROM property WHERE name = 'P'`);
    const a = await one(`SELECT id AS v FROM investor WHERE name = 'A'`);
    const admin = await one(`SELECT id AS v FROM portal_user WHERE admin_level > 0 ORDER BY id LIMIT 1`);
    const capital = await one(
      `SELECT (sum(amount_cents) FILTER (WHERE kind = 'investment') - coalesce(sum(amount_cents) FILTER (WHERE kind = 'investment_withdrawal'), 0))::bigint AS v
         FROM ledger_entry WHERE voided_at IS NULL AND property_id = $1 AND investor_id = $2`, [p, a]);
    const deposits = await one(
      `SELECT (sum(amount_cents) FILTER (WHERE kind = 'deposit') - coalesce(sum(amount_cents) FILTER (WHERE kind = 'deposit_withdrawal'), 0))::bigint AS v
         FROM ledger_entry WHERE voided_at IS NULL AND property_id = $1`, [p]);
    // A row as the services write it, with its audit row (so the books still reconcile at close), but
    // without their checks.
    const insert = async (tx: Queryable, row: { kind: LedgerKind; date: string; cents: number; investor?: number }) => {
      const written = await insertLedgerEntry(tx, {
        kind: row.kind, date: row.date, forMonth: `${row.date.slice(0, 7)}-01`, amountCents: row.cents, propertyId: p,
        investorId: row.investor ?? null, description: 'written past the services', createdBy: admin, createdAt: new Date(),
      });
      await appendAudit(tx, { at: new Date(), userId: admin, action: 'record', entity: 'ledger_entry', entityId: String(written.id), before: null, after: written, ip: null });
    };
    const count = () => one('SELECT count(*)::int AS v FROM ledger_entry');
    return { db, p, a, capital, deposits, insert, count };
  }

  it('refuses at commit a return of capital beyond the investor\'s capital, and a refund beyond the deposits held', async () => {
    const t = await template.start();
    try {
      const { db, a, capital, deposits, insert, count } = await books(t);
      expect(capital).toBeGreaterThan(0);
      expect(deposits).toBe(200_000);
      const before = await count();
      const overdraw = db.transaction((tx) => insert(tx, { kind: 'investment_withdrawal', date: '2025-01-10', cents: capital + 1, investor: a }));
      await expect(overdraw).rejects.toMatchObject({
        code: '23514', message: "This would make this investor's capital in this property negative on 2025-01-10.",
      });
      const refund = db.transaction((tx) => insert(tx, { kind: 'deposit_withdrawal', date: '2025-01-10', cents: deposits + 1 }));
      await expect(refund).rejects.toMatchObject({ code: '23514', message: 'This would make the deposits held for this property negative on 2025-01-10.' });
      // Exactly the balance is allowed: zero is not below zero.
      await db.transaction((tx) => insert(tx, { kind: 'deposit_withdrawal', date: '2025-01-10', cents: deposits }));
      expect(await count()).toBe(before + 1);
    } finally {
      await t.close();
    }
  });

  it('lets one of two writers past the services that each take the whole capital at once commit, never both', async () => {
    const t = await template.start();
    try {
      const { db, a, capital, insert, count } = await books(t);
      const before = await count();
      // Each transaction alone would pass; both written, the capital would go below zero. On PostgreSQL they
      // run at once on two connections: the second waits for the books write lock the first holds to its commit.
      const takeAll = () => db.transaction((tx) => insert(tx, { kind: 'investment_withdrawal', date: '2025-01-10', cents: capital, investor: a }));
      const outcomes = await Promise.allSettled([takeAll(), takeAll()]);
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      const refused = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
      expect(refused?.reason).toMatchObject({ code: '23514' });
      expect(await count()).toBe(before + 1);
    } finally {
      await t.close();
    }
  });

  it('counts by date, money in before money out on the same day, and only the end state of a transaction', async () => {
    const t = await template.start();
    try {
      const { db, insert, count } = await books(t);
      const before = await count();
      // A refund dated before the deposit it would draw on: the deposits were negative in between.
      const early = db.transaction((tx) => insert(tx, { kind: 'deposit_withdrawal', date: '2024-01-15', cents: 100 }));
      await expect(early).rejects.toMatchObject({ code: '23514', message: 'This would make the deposits held for this property negative on 2024-01-15.' });
      // The refund written first, then a same-day deposit that covers it: in before out, checked at commit.
      await db.transaction(async (tx) => {
        await insert(tx, { kind: 'deposit_withdrawal', date: '2025-03-01', cents: 250_000 });
        await insert(tx, { kind: 'deposit', date: '2025-03-01', cents: 50_000 });
      });
      expect(await count()).toBe(before + 2);
    } finally {
      await t.close();
    }
  });

  it('refuses a void that would leave a later refund uncovered', async () => {
    const t = await template.start();
    try {
      const { db, p, insert } = await books(t);
      await db.transaction((tx) => insert(tx, { kind: 'deposit_withdrawal', date: '2025-01-10', cents: 150_000 }));
      const voidDeposit = db.transaction((tx) =>
        tx.query(`UPDATE ledger_entry SET voided_at = now(), voided_by = created_by, void_reason = 'test' WHERE kind = 'deposit' AND property_id = $1`, [p]));
      await expect(voidDeposit).rejects.toMatchObject({ code: '23514' });
      const [held] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ledger_entry WHERE kind = 'deposit' AND voided_at IS NULL AND property_id = $1`, [p]);
      expect(held!.n).toBe(1);
    } finally {
      await t.close();
    }
  });

  it('answers the API with 409 and the guard\'s words when the books were damaged past it', async () => {
    const t = await template.start();
    try {
      const { db, a, capital, insert } = await books(t);
      // Damage the books as only someone with the database's keys could: a row written with triggers off.
      skipReconciliation(t, 'a return of capital written with the database\'s triggers off: the books are damaged on purpose');
      await db.transaction(async (tx) => {
        await tx.query(`SET LOCAL session_replication_role = replica`);
        await insert(tx, { kind: 'investment_withdrawal', date: '2025-01-10', cents: capital + 100, investor: a });
      });
      const before = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM ledger_entry'))[0]!.n;
      const res = await t.app.inject({
        method: 'POST', url: '/admin/add_investment', headers: bearer(template.state.admin),
        payload: { property_name: 'P', investor_name: 'A', date: '2025-02-01', amount: '10.00' },
      });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toEqual({ message: "This would make this investor's capital in this property negative on 01/10/2025." });
      expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM ledger_entry'))[0]!.n).toBe(before);
    } finally {
      await t.close();
    }
  });
});
