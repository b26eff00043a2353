import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableParallelism } from 'node:os';
import { buildApp } from '../../src/server/app.js';
import { openPostgres, type Prepared } from '../../src/server/db/client.js';
import { readBooks } from '../../src/server/modules/read-model/books.repository.js';
import { forgetOtherAnswers } from '../../src/server/modules/read-model/answer-cache.repository.js';
import { ANSWER_FORMAT } from '../../src/server/modules/read-model/answer-format.js';
import { declareRead, scopes } from '../../src/server/modules/read-model/declared-read.js';
import { createServices } from '../../src/server/services.js';
import { mapleBooksTemplate, type MapleBooks } from '../support/maple-books.js';
import { bearer, TEST_JWT_SECRET, type AppTemplate, type TestApp } from '../support/test-app.js';
import { prng } from '../support/prng.js';
import { DB_KINDS, onPostgres } from '../support/test-db.js';

/**
 * What keeps reads cheap (docs/performance.md, migration 0005): monthly totals the database maintains with every
 * write and void, and answers kept per version of the books. Both must give exactly what the ledger
 * gives, never a stale answer, from any app server.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** The two sums of readBooks straight from the ledger, as they were read before the monthly totals. */
async function ledgerSums(t: TestApp, asOf: string) {
  const net = await t.testDb.db.query<{ propertyId: number; month: string; cents: number }>(
    `SELECT property_id AS "propertyId", for_month AS month,
            sum(CASE kind WHEN 'property_expense' THEN -amount_cents ELSE amount_cents END)::bigint AS cents
       FROM ledger_entry WHERE voided_at IS NULL AND date <= $1
        AND kind IN ('property_income', 'lc_payment', 'property_expense') AND period_start IS NULL
      GROUP BY 1, 2`,
    [asOf],
  );
  const expenses = await t.testDb.db.query<{ investorId: number; propertyId: number; month: string; cents: number }>(
    `SELECT investor_id AS "investorId", property_id AS "propertyId", for_month AS month, sum(amount_cents)::bigint AS cents
       FROM ledger_entry WHERE voided_at IS NULL AND date <= $1 AND kind = 'investor_property_expense' GROUP BY 1, 2, 3`,
    [asOf],
  );
  return { net, expenses };
}

/** An answer of the books (all of them: '*') kept under `probe/<key>`, computed by `compute`. */
const probe = <T>(t: TestApp, key: string, compute: () => Promise<T>): Promise<T> =>
  t.services.kept.answer(declareRead({ name: 'probe', key: () => key, read: () => compute(), scopes: () => [scopes.all], compute: (x: T) => x }), {});

/**
 * Resolves once `n` reads of a kept answer (the statement every request asks first) have come back, and
 * the requests that made them have gone on to share or start a computation: a watch on the real database's
 * calls, removed when it fires.
 */
function keptReadsReturned(t: TestApp, n: number): Promise<void> {
  const db = t.testDb.db;
  const query = db.query;
  let returned = 0;
  return new Promise<void>((resolve) => {
    db.query = async function watched<T>(this: unknown, statement: string | Prepared, params?: unknown[]): Promise<T[]> {
      const rows = await query.call(db, statement, params) as T[];
      if (typeof statement !== 'string' && statement.name === 'kept_answer' && ++returned === n) {
        db.query = query;
        // A macrotask runs after every promise reaction: by then each request has acted on what it read.
        setImmediate(resolve);
      }
      return rows;
    };
  });
}

const sorted = <T>(rows: T[]) => rows.map((r) => JSON.stringify(r)).sort();

describe.each(DB_KINDS)('the read model on %s', (kind) => {
  let template: AppTemplate<MapleBooks>;
  beforeAll(async () => {
    template = await mapleBooksTemplate(kind);
  });
  afterAll(() => template?.close());

  it('keeps monthly totals equal to the ledger through random recordings and voids, as of any date', async () => {
    const t = await template.start();
    try {
      const rng = prng(20261123);
      const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: bearer(template.state.admin), payload });
      const recorded: { id: number; family: 'income' | 'expense'; amount: string; date: string }[] = [];
      for (let step = 0; step < 60; step++) {
        const date = `${2024 + rng.int(0, 1)}-${pad(1 + rng.int(0, 11))}-${pad(1 + rng.int(0, 27))}`;
        const forMonth = `${2024 + rng.int(0, 1)}-${pad(1 + rng.int(0, 11))}-01`;
        const amount = `${1 + rng.int(0, 4999)}.${pad(rng.int(0, 99))}`;
        const property_name = rng.pick(['P', 'Q']);
        const choice = recorded.length > 3 ? rng.int(0, 3) : rng.int(0, 2);
        if (choice === 3) {
          const victim = recorded.splice(rng.int(0, recorded.length - 1), 1)[0]!;
          const res = await post(`/admin/delete_${victim.family}`, { id: victim.id, amount: victim.amount, date: victim.date });
          expect(res.statusCode, res.body).toBe(200);
          continue;
        }
        const [url, body, family] =
          choice === 0
            ? (['/admin/record_property_income', { income_date: date, income_for_month: forMonth, property_name, description: `r${step}`, amount, income_category: 'Rent' }, 'income'] as const)
            : choice === 1
              ? (['/admin/record_property_expense', { expense_date: date, expense_for_month: forMonth, property_name, description: `e${step}`, amount, expense_category: 'Repairs' }, 'expense'] as const)
              : (['/admin/record_investor_property_expense', { expense_date: date, expense_for_month: forMonth, property_name, description: `i${step}`, amount, expense_category: 'Repairs', investor: property_name === 'P' ? 'A' : 'C', payer: 'admin' }, 'expense'] as const);
        const res = await post(url, body);
        expect(res.statusCode, res.body).toBe(201);
        recorded.push({ id: (res.json() as { id: number }).id, family, amount, date });
      }

      const { compared, differences } = await t.services.books.verify();
      expect(differences).toEqual([]);
      expect(compared).toBeGreaterThan(20);

      // As of the first, a middle and the last day of months: whole months from the totals, the rest from the ledger.
      for (const asOf of ['2024-01-01', '2024-06-15', '2024-12-31', '2025-03-01', '2025-07-19', '2025-12-31']) {
        const books = await readBooks(t.testDb.db, asOf);
        const direct = await ledgerSums(t, asOf);
        expect(sorted(books.propertyMonthNet), asOf).toEqual(sorted(direct.net));
        expect(sorted(books.investorExpenses), asOf).toEqual(sorted(direct.expenses));
      }
    } finally {
      await t.close();
    }
  });

  it('reports a kept total that no longer matches the ledger', async () => {
    const t = await template.start();
    try {
      expect((await t.services.books.verify()).differences).toEqual([]);
      const tamper = (by: number) =>
        t.testDb.db.query(
          `UPDATE property_month_total SET cents = cents + $1
            WHERE (property_id, investor_id, for_month, date_month) = (SELECT property_id, investor_id, for_month, date_month FROM property_month_total ORDER BY 1, 2, 3, 4 LIMIT 1)`,
          [by],
        );
      await tamper(1);
      const { differences } = await t.services.books.verify();
      expect(differences).toHaveLength(1);
      expect(differences[0]!.keptCents).toBe(differences[0]!.ledgerCents + 1);
      await tamper(-1); // the books' own reconciliation runs at close
    } finally {
      await t.close();
    }
  });

  it('computes a missing answer once for requests that ask for it at the same time', async () => {
    const t = await template.start();
    try {
      let computed = 0;
      // The computation holds until all ten requests have found the answer missing and joined it, however
      // slow the machine: the flight stays open for them, instead of a guess at how long they take.
      const allFoundItMissing = keptReadsReturned(t, 10);
      const compute = async () => {
        computed++;
        await allFoundItMissing;
        return { probe: computed };
      };
      const answers = await Promise.all(Array.from({ length: 10 }, () => probe(t, 'single-flight', compute)));
      expect(computed).toBe(1);
      expect(answers).toEqual(Array.from({ length: 10 }, () => ({ probe: 1 })));
      // Later requests read what was kept, until the books change; then it is computed again.
      expect(await probe(t, 'single-flight', compute)).toEqual({ probe: 1 });
      await t.testDb.db.query(`UPDATE llc SET address = address || ' ' WHERE id = (SELECT min(id) FROM llc)`);
      expect(await probe(t, 'single-flight', compute)).toEqual({ probe: 2 });
    } finally {
      await t.close();
    }
  });

  it('computes different missing answers no more than one per core at a time, and answers them all', async () => {
    const t = await template.start();
    try {
      let running = 0;
      let most = 0;
      const compute = (k: number) => async () => {
        most = Math.max(most, ++running);
        await new Promise((resolve) => setTimeout(resolve, 20));
        running--;
        return { probe: k };
      };
      const answers = await Promise.all(Array.from({ length: 12 }, (_, k) => probe(t, `gate/${k}`, compute(k))));
      expect(answers).toEqual(Array.from({ length: 12 }, (_, k) => ({ probe: k })));
      expect(most).toBeGreaterThanOrEqual(1);
      expect(most).toBeLessThanOrEqual(Math.max(1, availableParallelism()));
    } finally {
      await t.close();
    }
  });

  it('never serves a kept answer older than the books', async () => {
    const t = await template.start();
    try {
      const admin = template.state.admin;
      const summary = async () => {
        const res = await t.app.inject({ method: 'GET', url: '/api/investor_summary?investor_name=A', headers: bearer(admin) });
        expect(res.statusCode, res.body).toBe(200);
        return res.json() as { total_income: number; cash_balance: number };
      };
      const before = await summary();
      expect(await summary()).toEqual(before); // the second read is the kept answer
      const kept = await t.testDb.db.query(`SELECT key FROM answer_cache WHERE key LIKE '%/investor_summary/%'`);
      expect(kept).toHaveLength(1);
      const res = await t.app.inject({
        method: 'POST', url: '/admin/record_property_income', headers: bearer(admin),
        payload: { income_date: '2025-01-03', income_for_month: '2025-01-01', property_name: 'P', description: 'one more rent', amount: '1000.00', income_category: 'Rent' },
      });
      expect(res.statusCode, res.body).toBe(201);
      const after = await summary();
      expect(after.total_income).toBeGreaterThan(before.total_income);
    } finally {
      await t.close();
    }
  });
});

describe.each(DB_KINDS)('kept answers across deploys on %s', (kind) => {
  it('never serves an answer kept by code of another shape, and start-up forgets them', async () => {
    const template = await mapleBooksTemplate(kind);
    const t = await template.start();
    try {
      const read = async () => {
        const res = await t.app.inject({ method: 'GET', url: '/api/investor_summary?investor_name=A', headers: bearer(template.state.admin) });
        expect(res.statusCode, res.body).toBe(200);
        return res.json() as Record<string, unknown>;
      };
      const fresh = await read();
      const [kept] = (await t.testDb.db.query<{ key: string; scopes: string[]; versions: string[] }>(
        `SELECT key, scopes, versions::text[] AS versions FROM answer_cache WHERE key LIKE '%/investor_summary/%'`,
      )) as [{ key: string; scopes: string[]; versions: string[] }];
      // What a server of the shape before the returns were added kept, at the current versions: without the returns.
      const { xirr: _x, xirr_note: _n, equity_multiple: _e, capital_returned: _c, cash_distributed: _d, ...older } = fresh;
      const olderKey = `0ld0format00${kept.key.slice(kept.key.indexOf('/'))}`;
      await t.testDb.db.query('INSERT INTO answer_cache (key, scopes, versions, stamp, body_gzip) VALUES ($1, $2, $3, $4, $5)', [
        olderKey, kept.scopes, kept.versions, 'older', gzipSync(JSON.stringify(older)),
      ]);
      expect(await read()).toEqual(fresh);
      expect(fresh).toHaveProperty('equity_multiple');
      await forgetOtherAnswers(t.testDb.db, ANSWER_FORMAT);
      expect((await t.testDb.db.query<{ key: string }>('SELECT key FROM answer_cache')).map((r) => r.key)).toEqual([kept.key]);
    } finally {
      await t.close();
      await template.close();
    }
  });
});

describe.runIf(onPostgres('two app servers on one PostgreSQL database'))('two app servers on one PostgreSQL database', () => {
  let template: AppTemplate<MapleBooks>;
  beforeAll(async () => {
    template = await mapleBooksTemplate('postgres');
  });
  afterAll(() => template?.close());

  it('a read through one shows a write through the other at once, every time', async () => {
    const one = await template.start();
    const db = await openPostgres(one.testDb.url!);
    const services = createServices({ config: one.config, db, clock: one.clock, jwtSecret: TEST_JWT_SECRET });
    const other = await buildApp({ config: one.config, db, services, logger: false });
    try {
      const admin = bearer(template.state.admin);
      const incomeThroughOther = async () => {
        const res = await other.inject({ method: 'GET', url: '/admin/get_admin_summary', headers: admin });
        expect(res.statusCode, res.body).toBe(200);
        return Math.round((res.json() as { total_income: number }).total_income * 100);
      };
      const cashOfAThroughOther = async () =>
        (await other.inject({ method: 'GET', url: '/api/investor_summary?investor_name=A', headers: admin })).json() as { total_income: number };
      let income = await incomeThroughOther();
      for (let k = 1; k <= 15; k++) {
        const aBefore = await cashOfAThroughOther();
        const res = await one.app.inject({
          method: 'POST', url: '/admin/record_property_income', headers: admin,
          payload: { income_date: '2025-02-03', income_for_month: '2025-02-01', property_name: 'P', description: `rent ${k}`, amount: `${k}00.00`, income_category: 'Rent' },
        });
        expect(res.statusCode, res.body).toBe(201);
        income += k * 10000;
        expect(await incomeThroughOther(), `write ${k}`).toBe(income);
        expect((await cashOfAThroughOther()).total_income, `write ${k}`).toBeGreaterThan(aBefore.total_income);
      }
    } finally {
      await other.close();
      await db.close();
      await one.close();
    }
  });
});
