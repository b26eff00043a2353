import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Queryable } from '../../src/server/db/client.js';
import type { SessionUser } from '../../src/server/modules/auth/auth.repository.js';
import { createServices, type Services } from '../../src/server/services.js';
import { MAPLE_LLC } from '../fixtures/maple.js';
import { BIRCH, withBirch } from '../support/birch-books.js';
import { mapleBooksTemplate, type MapleBooks } from '../support/maple-books.js';
import { seedAs, TEST_JWT_SECRET, type AppTemplate, type TestApp } from '../support/test-app.js';
import { DB_KINDS } from '../support/test-db.js';

/**
 * Proofs that a kept answer is never served stale, instead of the convention that each read declares
 * every scope of the books it reads (docs/performance.md, "kept answers"):
 *  - every kept read is computed through a database client that records the tables its queries read,
 *    and the scopes it declared are read back from the answer kept;
 *  - then writes confined to one scope each (the version triggers say which) are made, and every read
 *    that did not declare that scope must compute the very same answer afterwards. A read that reads a
 *    scope it did not declare gives another answer, and fails here;
 *  - every table a read reads is written by one of those writes, and has version triggers for every
 *    kind of change (pg_trigger): a table added to the figures without them fails here.
 */

/** The tables a statement reads: the names after FROM and JOIN that are tables of the database. */
function tablesOf(sql: string, known: Set<string>): string[] {
  return [...sql.matchAll(/\b(?:from|join)\s+([a-z_][a-z0-9_]*)/gi)].map((m) => m[1]!.toLowerCase()).filter((t) => known.has(t));
}

/** `db`, whose snapshots (where every kept answer is computed) record the tables their statements read. */
function recordingDb(db: Db, known: Set<string>, read: Set<string>): Db {
  const recorded = (tx: Queryable): Queryable => ({
    query: (statement, params) => {
      for (const table of tablesOf(typeof statement === 'string' ? statement : statement.text, known)) read.add(table);
      return tx.query(statement, params);
    },
    exec: (script) => tx.exec(script),
  });
  return { ...db, snapshot: (fn) => db.snapshot((tx) => fn(recorded(tx))) };
}

/** Tables no write of the app changes: the database's triggers keep them from the ledger's (migration 0005). */
const DERIVED = new Map([['property_month_total', 'ledger_entry']]);

/**
 * Tables a read's statement joins that no kept answer can show: the viewer rows' query names who voided
 * an entry (ledger/ledger.repository.ts listTransactions), and kept answers list live entries only.
 */
const NEVER_SHOWN = new Map([['portal_user', 'who voided an entry: kept answers list live entries only']]);

type Read = { name: string; run: (s: Services, admin: SessionUser) => Promise<unknown> };

/** Every kept read, asked of the books above (a name each: the reads by name go through their lookups too). */
const READS: Read[] = [
  { name: 'investor summary of A (in both LLCs)', run: (s, u) => s.investorPortal.summary(u, 'A') },
  { name: 'investor summary of C (Maple only)', run: (s, u) => s.investorPortal.summary(u, 'C') },
  { name: 'investor summary of D (Birch only)', run: (s, u) => s.investorPortal.summary(u, 'D') },
  { name: 'investor property of A in R', run: (s, u) => s.investorPortal.property(u, 'A', 'R') },
  { name: 'investor property of C in Q', run: (s, u) => s.investorPortal.property(u, 'C', 'Q') },
  { name: 'explanation of C\'s total income', run: (s, u) => s.explain.explain(u, { investorName: 'C', figure: { name: 'total_income' } }) },
  { name: 'explanation of A\'s cash balance', run: (s, u) => s.explain.explain(u, { investorName: 'A', figure: { name: 'cash_balance' } }) },
  { name: 'property details of R', run: (s) => s.reports.propertyDetails('R') },
  { name: 'property details of P', run: (s) => s.reports.propertyDetails('P') },
  { name: 'property taxes of R, 2024', run: (s) => s.reports.propertyTaxes('R', 2024) },
  { name: 'LLC taxes of Birch, 2024', run: (s) => s.reports.llcTaxes(BIRCH.llc_name, 2024) },
  { name: 'LLC taxes of Maple, 2024', run: (s) => s.reports.llcTaxes(MAPLE_LLC.llc_name, 2024) },
  { name: 'admin summary', run: (s) => s.reports.adminSummary() },
];

type Write = { name: string; tables: string[]; run: (t: TestApp, admin: string) => Promise<void> };

/** Writes each confined to one scope of the books; together they write every table the figures read. */
const WRITES: Write[] = [
  {
    name: 'a rent on R (Birch)', tables: ['ledger_entry'],
    run: (t, admin) => seedAs(t, admin)('/admin/record_property_income', {
      income_date: '2024-06-02', income_for_month: '2024-06-01', property_name: 'R', description: 'R rent 06', amount: '901.00', income_category: 'Rent',
    }).then(() => undefined),
  },
  {
    name: 'a rent on P (Maple)', tables: ['ledger_entry'],
    run: (t, admin) => seedAs(t, admin)('/admin/record_property_income', {
      income_date: '2024-06-03', income_for_month: '2024-06-01', property_name: 'P', description: 'P rent 06', amount: '1999.00', income_category: 'Rent',
    }).then(() => undefined),
  },
  {
    name: 'an LLC expense of Birch', tables: ['ledger_entry'],
    run: (t, admin) => seedAs(t, admin)('/admin/record_llc_expense', {
      expense_date: '2024-04-20', llc_name: BIRCH.llc_name, description: 'Birch annual report', amount: '75.00', expense_category: 'State fees', payer: 'admin',
    }).then(() => undefined),
  },
  {
    name: 'a cash withdrawal of B', tables: ['ledger_entry'],
    run: (t, admin) => seedAs(t, admin)('/admin/record_cash_withdrawal', { investor_name: 'B', date: '2024-08-01', description: 'B draw', amount: '10' }).then(() => undefined),
  },
  {
    name: 'a cash withdrawal of D', tables: ['ledger_entry'],
    run: (t, admin) => seedAs(t, admin)('/admin/record_cash_withdrawal', { investor_name: 'D', date: '2024-08-01', description: 'D draw', amount: '10' }).then(() => undefined),
  },
  {
    name: 'R\'s notes', tables: ['property'],
    run: (t, admin) => seedAs(t, admin)('/admin/set_property_notes', { property_name: 'R', notes: 'Roof redone in 2024.' }).then(() => undefined),
  },
  {
    name: 'Birch\'s address', tables: ['llc'],
    run: (t, admin) => seedAs(t, admin)('/admin/update_llc', { ...BIRCH, address: '11 Birch Lane, Springfield, IL' }).then(() => undefined),
  },
  {
    name: 'D\'s fee', tables: ['investor_fee'],
    run: (t, admin) => seedAs(t, admin)('/admin/set_investor_fee', { investor_name: 'D', fee_percentage: '0.05', effective_month: '2024-03-01' }).then(() => undefined),
  },
  {
    name: 'a loren', tables: ['loren'],
    run: (t, admin) => seedAs(t, admin)('/admin/add_loren', { loren_name: 'Lakeside' }).then(() => undefined),
  },
  // No call renames an investor or a category: written as an operator would, behind the app (the same
  // triggers fire). Only the case changes, so the reads still find them by the names they ask for.
  { name: 'D renamed d', tables: ['investor'], run: (t) => t.testDb.db.query(`UPDATE investor SET name = 'd' WHERE name = 'D'`).then(() => undefined) },
  {
    // The tax reports test land contracts against the rates (docs/rules/tax-reports.md): a shared-scope write.
    name: 'a federal rate recorded', tables: ['federal_rate'],
    run: (t, admin) => seedAs(t, admin)('/admin/set_federal_rate', { month: '2024-01', term: 'short', rate_bps: 500 }).then(() => undefined),
  },
  { name: 'the category Rent renamed rent', tables: ['category'], run: (t) => t.testDb.db.query(`UPDATE category SET name = 'rent' WHERE name = 'Rent'`).then(() => undefined) },
];

/** An admin as the auth guard hands them to a handler (the reads only look at the level and the investor). */
const ADMIN_USER: SessionUser = {
  sessionId: 'declared-reads', userId: 1, username: 'admin', adminLevel: 2, role: 'admin', investorId: null, lastSeenAt: new Date(), expiresAt: new Date(Date.now() + 3_600_000),
};

async function versions(db: Queryable): Promise<Map<string, number>> {
  const rows = await db.query<{ scope: string; version: number }>(`SELECT scope, version FROM books_scope_version WHERE scope <> '*'`);
  return new Map(rows.map((r) => [r.scope, Number(r.version)]));
}

describe.each(DB_KINDS)('declared reads on %s', (kind) => {
  let template: AppTemplate<MapleBooks>;
  beforeAll(async () => {
    template = await mapleBooksTemplate(kind);
  });
  afterAll(() => template?.close());

  it('no read depends on a scope it did not declare, and every table it reads has version triggers', async () => {
    const t = await template.start({ ANSWERS_AHEAD: 'false' });
    try {
      const admin = template.state.admin;
      await withBirch(t, admin);
      const db = t.testDb.db;
      const known = new Set((await db.query<{ t: string }>(`SELECT tablename AS t FROM pg_tables WHERE schemaname = 'public'`)).map((r) => r.t));
      const tablesRead = new Map<string, Set<string>>();

      /** Each read computed cold, through a client that records what it reads: its answer and the scopes it declared. */
      async function computeAll(): Promise<Map<string, { answer: string; scopes: string[] }>> {
        const out = new Map<string, { answer: string; scopes: string[] }>();
        for (const read of READS) {
          await db.query('DELETE FROM answer_cache');
          const tables = tablesRead.get(read.name) ?? new Set<string>();
          tablesRead.set(read.name, tables);
          const services = createServices({ config: t.config, db: recordingDb(db, known, tables), clock: t.clock, jwtSecret: TEST_JWT_SECRET });
          const answer = JSON.stringify(await read.run(services, ADMIN_USER));
          const kept = await db.query<{ scopes: string[] }>('SELECT scopes FROM answer_cache');
          expect(kept, `${read.name}: kept once`).toHaveLength(1);
          out.set(read.name, { answer, scopes: kept[0]!.scopes });
        }
        return out;
      }

      let checked = 0;
      for (const write of WRITES) {
        const before = await computeAll();
        const versionsBefore = await versions(db);
        await write.run(t, admin);
        const after = await versions(db);
        const bumped = [...after].filter(([scope, v]) => versionsBefore.get(scope) !== v).map(([scope]) => scope);
        expect(bumped, `${write.name} changes one scope of the books`).toHaveLength(1);
        const now = await computeAll();
        for (const read of READS) {
          const { answer, scopes } = before.get(read.name)!;
          if (scopes.includes('*') || scopes.includes(bumped[0]!)) continue;
          checked++;
          expect(now.get(read.name)!.answer, `${read.name} (declared ${scopes.join(', ')}) after ${write.name} (${bumped[0]})`).toBe(answer);
        }
      }
      // The proof proves something: most reads were held to most writes.
      expect(checked).toBeGreaterThan(READS.length * 3);

      // Every table a read reads is written by one of the writes above (or kept from one that is).
      const written = new Set(WRITES.flatMap((w) => w.tables));
      const everyTable = new Set([...tablesRead.values()].flatMap((s) => [...s]).filter((table) => !NEVER_SHOWN.has(table)));
      for (const table of everyTable) expect(written.has(DERIVED.get(table) ?? table), `a write above changes ${table}`).toBe(true);

      // …and has version triggers for an insert, an update, a delete and a truncate (pg_trigger's tgtype bits).
      const triggers = await db.query<{ table: string; type: number }>(
        `SELECT c.relname AS table, t.tgtype::int AS type FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_proc p ON p.oid = t.tgfoid
          WHERE NOT t.tgisinternal AND p.prosrc LIKE '%books_scope_bump%'`,
      );
      const EVENTS = { insert: 4, delete: 8, update: 16, truncate: 32 } as const;
      for (const table of everyTable) {
        const source = DERIVED.get(table) ?? table;
        for (const [event, bit] of Object.entries(EVENTS)) {
          expect(triggers.some((tr) => tr.table === source && (tr.type & bit) !== 0), `${source} has a version trigger on ${event}`).toBe(true);
        }
      }
      // The recording saw the books: a broken recorder would prove nothing.
      expect([...everyTable].sort()).toEqual(expect.arrayContaining(['investor', 'ledger_entry', 'llc', 'property']));
    } finally {
      await t.close();
    }
  }, 300_000);
});
