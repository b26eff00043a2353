import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../../src/server/modules/audit/audit.js';
import { systemClock } from '../../src/server/lib/clock.js';
import { createIdempotentRunner } from '../../src/server/modules/idempotency/idempotency.js';
import { appendEntry, createEntryWriter, type Entry } from '../../src/server/modules/ledger/entry-writer.js';
import { mapleBooksTemplate, type MapleBooks } from '../support/maple-books.js';
import type { AppTemplate, TestApp } from '../support/test-app.js';
import { DB_KINDS } from '../support/test-db.js';

/**
 * A ledger row and its audit row go to the database in one statement (entry-writer.ts `appendEntry`): the
 * audit row is made before it, from the id taken first and the values sent, so the table must store the
 * row exactly as the audit says, or nothing is written.
 */
describe.each(DB_KINDS)('one statement for a ledger row and its audit, on %s', (kind) => {
  let template: AppTemplate<MapleBooks>;
  beforeAll(async () => {
    template = await mapleBooksTemplate(kind);
  });
  afterAll(() => template?.close());

  async function setUp(t: TestApp) {
    const db = t.testDb.db;
    const one = async (sql: string) => (await db.query<{ v: number }>(sql))[0]!.v;
    const property = await one(`SELECT id AS v FROM property WHERE name = 'P'`);
    const category = await one(`SELECT id AS v FROM category WHERE name = 'Rent'`);
    const admin = await one(`SELECT id AS v FROM portal_user WHERE admin_level > 0 ORDER BY id LIMIT 1`);
    const ctx = { userId: admin, ip: '198.51.100.4', idempotency: null };
    const income = (date: string): Entry => ({
      kind: 'property_income', date, forMonth: '2025-01-01', amountCents: 123_45, propertyId: property, categoryId: category, description: 'rent, by one statement',
    });
    const counts = async () => ({ rows: await one('SELECT count(*)::int AS v FROM ledger_entry'), audits: await one('SELECT count(*)::int AS v FROM audit_event') });
    return { db, ctx, income, counts };
  }

  it('writes the row the audit row describes, and the chain verifies', async () => {
    const t = await template.start();
    try {
      const { db, ctx, income, counts } = await setUp(t);
      const before = await counts();
      const at = new Date('2026-11-27T12:00:00.123Z');
      const row = await db.transaction((tx) => appendEntry(tx, ctx, income('2025-01-10'), at, { note: 'extra fact' }));
      expect(await counts()).toEqual({ rows: before.rows + 1, audits: before.audits + 1 });
      const [stored] = await db.query<Record<string, unknown>>(
        `SELECT id, kind, date, amount_cents AS "amountCents", description FROM ledger_entry WHERE id = $1`, [row.id]);
      expect(stored).toEqual({ id: row.id, kind: 'property_income', date: '2025-01-10', amountCents: 123_45, description: 'rent, by one statement' });
      const [audit] = await db.query<{ after: Record<string, unknown>; ip: string; entity_id: string }>(
        `SELECT after, ip, entity_id FROM audit_event WHERE entity = 'ledger_entry' AND entity_id = $1`, [String(row.id)]);
      expect(audit).toEqual({ after: { ...row, note: 'extra fact' }, ip: '198.51.100.4', entity_id: String(row.id) });
      expect(row.createdAt).toBe('2026-11-27T12:00:00.123Z');
      expect(await verifyAuditChain(db)).toBeNull();
    } finally {
      await t.close();
    }
  });

  it('writes nothing when the table would store the row otherwise than its audit row says', async () => {
    const t = await template.start();
    try {
      const { db, ctx, income, counts } = await setUp(t);
      const before = await counts();
      // The database reads '2025-1-10' as 2025-01-10: the audit row would say one date and the table another.
      await expect(db.transaction((tx) => appendEntry(tx, ctx, income('2025-1-10'), new Date()))).rejects.toThrow(/stored other than its audit row says/);
      expect(await counts()).toEqual(before);
      expect(await verifyAuditChain(db)).toBeNull();
    } finally {
      await t.close();
    }
  });

  // The entry writer's one write (`record`) keeps its answer under the Idempotency-Key first, then sends the
  // row, its audit and the COMMIT together (client.ts `queryThenCommit`).
  it('records once per key, the answer kept with the row; a refused row leaves neither the row nor the key', async () => {
    const t = await template.start();
    try {
      const { db, ctx, income, counts } = await setUp(t);
      const record = createEntryWriter({ clock: systemClock, runOnce: createIdempotentRunner({ db, clock: systemClock }) });
      const keyed = (key: string) => ({ ...ctx, idempotency: { key, requestHash: 'h' } });
      const keyRows = async (key: string) => db.query<{ body: unknown }>('SELECT response_body AS body FROM idempotency_key WHERE key = $1', [key]);
      const before = await counts();

      const first = await record(keyed('k-1'), async () => income('2025-01-11'));
      expect(await record(keyed('k-1'), async () => income('2025-01-11'))).toEqual(first);
      expect(await counts()).toEqual({ rows: before.rows + 1, audits: before.audits + 1 });
      expect(await keyRows('k-1')).toEqual([{ body: first }]);

      await expect(record(keyed('k-2'), async () => income('2025-1-12'))).rejects.toThrow(/stored other than its audit row says/);
      expect(await counts()).toEqual({ rows: before.rows + 1, audits: before.audits + 1 });
      expect(await keyRows('k-2')).toEqual([]);
      expect(await verifyAuditChain(db)).toBeNull();
    } finally {
      await t.close();
    }
  });

  it('refuses a keyed write that would send its last statement before keeping its answer', async () => {
    const t = await template.start();
    try {
      const { db, ctx, counts } = await setUp(t);
      const runOnce = createIdempotentRunner({ db, clock: systemClock });
      const before = await counts();
      await expect(runOnce(ctx.userId, { key: 'k-3', requestHash: 'h' }, async (tx) => tx.queryThenCommit('SELECT 1 AS one'))).rejects.toThrow(/keep the answer/);
      expect(await db.query('SELECT 1 FROM idempotency_key WHERE key = $1', ['k-3'])).toEqual([]);
      expect(await counts()).toEqual(before);
    } finally {
      await t.close();
    }
  });

  it('stores the kept answer itself when the last statement was refused before it was sent', async () => {
    const t = await template.start();
    try {
      const { db, ctx } = await setUp(t);
      const runOnce = createIdempotentRunner({ db, clock: systemClock });
      const answer = await runOnce(ctx.userId, { key: 'k-4', requestHash: 'h' }, async (tx, keep) => {
        await keep({ id: 4 });
        // Refused before anything is sent (a value node-postgres would convert); the work goes on without it.
        await tx.queryThenCommit('SELECT $1::int AS one', [{ toPostgres: () => '1' }]).catch(() => undefined);
        return { id: 4 };
      });
      expect(answer).toEqual({ id: 4 });
      expect(await db.query('SELECT response_body AS body FROM idempotency_key WHERE key = $1', ['k-4'])).toEqual([{ body: { id: 4 } }]);
    } finally {
      await t.close();
    }
  });
});
