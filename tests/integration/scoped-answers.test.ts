import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../src/server/db/client.js';
import { appendAudit } from '../../src/server/modules/audit/audit.repository.js';
import { forgetOtherAnswers, keepAnswer, keptAnswerNamed } from '../../src/server/modules/read-model/answer-cache.repository.js';
import { ANSWER_FORMAT } from '../../src/server/modules/read-model/answer-format.js';
import { MAPLE_LLC } from '../fixtures/maple.js';
import { BIRCH, withBirch } from '../support/birch-books.js';
import { mapleBooksTemplate, type MapleBooks } from '../support/maple-books.js';
import { bearer, seedAs, type AppTemplate } from '../support/test-app.js';
import { DB_KINDS, onPostgres } from '../support/test-db.js';

// The deadlock and concurrent-write tests need PostgreSQL: without it the output says they did not run.
onPostgres('scoped answers under concurrent PostgreSQL writers');

/**
 * Answers kept per scope of the books (docs/performance.md, migration 0006): a write makes unservable exactly the
 * answers computed from what it changed, and no other. The Maple books (LLC Maple: P and Q; A and B in
 * P, C in Q) plus a second LLC, Birch, with property R, where D and, from this test, also A invest
 * (tests/support/birch-books.ts).
 */

/** The whole books' version ('*') as an answer's check reads it. */
async function wholeBooksVersion(db: Queryable): Promise<number> {
  const [row] = await db.query<{ v: string[] }>(`SELECT books_scope_versions('{*}')::text[] AS v`);
  return Number(row!.v[0]);
}

/** Starts the refresher, noting each pass it reports; `passed(n)` waits until n passes have. */
function watchPasses(refresher: { start(hooks: { onPass?: (r: { answers: number; first: boolean }) => void; onError?: (err: unknown) => void }): void }) {
  const passes: { answers: number; first: boolean }[] = [];
  const passed = async (n: number) => {
    const deadline = Date.now() + 30_000;
    while (passes.length < n && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(passes.length, 'passes of the refresher').toBeGreaterThanOrEqual(n);
  };
  const start = () => refresher.start({ onPass: (r) => passes.push(r), onError: (err) => passes.push({ answers: -1, first: String(err) as never }) });
  return { passes, passed, start };
}

/** Whether work is under way once it has become `busy`, or after 5 s of waiting for it (lib/long-work.ts). */
async function busyBecomes(longWork: { busy(): boolean }, busy: boolean): Promise<boolean> {
  for (let waited = 0; longWork.busy() !== busy && waited < 5_000; waited += 5) await new Promise((r) => setTimeout(r, 5));
  return longWork.busy();
}

describe.each(DB_KINDS)('answers kept per scope of the books on %s', (kind) => {
  let template: AppTemplate<MapleBooks>;
  beforeAll(async () => {
    template = await mapleBooksTemplate(kind);
  });
  afterAll(() => template?.close());

  it('a write in one LLC leaves the answers of another LLC kept, and makes its own members\' answers new', async () => {
    const t = await template.start();
    try {
      const admin = template.state.admin;
      await withBirch(t, admin);
      const get = async (url: string) => {
        const res = await t.app.inject({ method: 'GET', url, headers: bearer(admin) });
        expect(res.statusCode, res.body).toBe(200);
        return res.json() as Record<string, unknown>;
      };
      const urls = {
        A: '/api/investor_summary?investor_name=A',
        C: '/api/investor_summary?investor_name=C',
        D: '/api/investor_summary?investor_name=D',
        P: '/admin/get_property_details?selectedProperty=P',
        R: '/admin/get_property_details?selectedProperty=R',
        maple: `/admin/llc_taxes?selectedLLC=${encodeURIComponent(MAPLE_LLC.llc_name)}&selectedTaxYear=2024`,
        birch: `/admin/llc_taxes?selectedLLC=${encodeURIComponent(BIRCH.llc_name)}&selectedTaxYear=2024`,
        admin: '/admin/get_admin_summary',
      } as const;
      type Name = keyof typeof urls;
      const readAll = async () => Object.fromEntries(await Promise.all(Object.entries(urls).map(async ([n, u]) => [n, await get(u)] as const))) as Record<Name, Record<string, unknown>>;
      const stamps = async () =>
        new Map((await t.testDb.db.query<{ key: string; stamp: string }>('SELECT key, stamp FROM answer_cache')).map((r) => [r.key, r.stamp]));
      const before = await readAll();
      const stampsBefore = await stamps();
      expect(stampsBefore.size).toBe(Object.keys(urls).length);

      // A rent in Birch: R's owners are D and A.
      const res = await t.app.inject({
        method: 'POST', url: '/admin/record_property_income', headers: bearer(admin),
        payload: { income_date: '2024-06-03', income_for_month: '2024-06-01', property_name: 'R', description: 'R rent 06', amount: '1000.00', income_category: 'Rent' },
      });
      expect(res.statusCode, res.body).toBe(201);
      const after = await readAll();
      const stampsAfter = await stamps();
      const recomputed = [...stampsAfter].filter(([key, stamp]) => stampsBefore.get(key) !== stamp).map(([key]) => key);

      // Birch's members and reports show the rent; Maple's answers were served as kept, not recomputed.
      expect(after.D.total_income).toBeGreaterThan(before.D.total_income as number);
      expect(after.A.total_income).toBeGreaterThan(before.A.total_income as number);
      expect(after.R.total_income).toBe((before.R.total_income as number) + 1000);
      expect(after.birch.total_income).not.toEqual(before.birch.total_income);
      expect(after.admin.total_income).toBe((before.admin.total_income as number) + 1000);
      for (const n of ['C', 'P', 'maple'] as const) expect(after[n], n).toEqual(before[n]);
      const kinds = recomputed.map((k) => k.split('/').slice(1, 2)[0]).sort();
      expect(kinds).toEqual(['admin_summary', 'investor_summary', 'investor_summary', 'llc_taxes', 'property_details']);
      // Keys name rows by id (names resolved first): Birch's.
      const [birch] = await t.testDb.db.query<{ id: number }>(`SELECT id FROM llc WHERE name = $1`, [BIRCH.llc_name]);
      expect(recomputed.some((k) => k.includes(`llc_taxes/`) && k.endsWith(`/${birch!.id}`))).toBe(true);

      // A fee is shared (an LLC's tax report shows members' fees): every answer is computed again.
      const fee = await t.app.inject({
        method: 'POST', url: '/admin/set_investor_fee', headers: bearer(admin),
        payload: { investor_name: 'C', fee_percentage: '0.10', effective_month: '2024-01-01' },
      });
      expect(fee.statusCode, fee.body).toBe(200);
      await readAll();
      const stampsLast = await stamps();
      for (const [key, stamp] of stampsAfter) expect(stampsLast.get(key), key).not.toBe(stamp);
    } finally {
      await t.close();
    }
  });

  it('computes answers ahead of reads, and after a write computes again only the answers it touched', async () => {
    const t = await template.start();
    const refresher = t.services.answersAhead;
    const { passes, passed, start } = watchPasses(refresher);
    try {
      const admin = template.state.admin;
      await withBirch(t, admin);
      const stamps = async () =>
        new Map((await t.testDb.db.query<{ key: string; stamp: string }>('SELECT key, stamp FROM answer_cache')).map((r) => [r.key.slice(r.key.indexOf('/') + 1), r.stamp]));
      start();
      await passed(1);
      expect(passes[0]).toMatchObject({ first: true });
      const ahead = await stamps();
      const day = t.services.books.today();
      const names = [...ahead.keys()].map((k) => k.replace(`/${day}`, '')).sort();
      const idsOf = async (table: string) =>
        Object.fromEntries((await t.testDb.db.query<{ id: number; name: string }>(`SELECT id, name FROM ${table}`)).map((r) => [r.name, r.id]));
      // Keys name rows by id (names resolved first by the name rule).
      const ids = await idsOf('investor');
      const p = await idsOf('property');
      const llcs = await idsOf('llc');
      // Every active investor's summary and property pages, every property's details (P, Q in Maple, R in
      // Birch), and the tax reports of this year and the two before.
      const year = Number(day.slice(0, 4));
      const years = [year - 2, year - 1, year];
      const taxes = (llc: number, properties: number[]) => [
        ...years.map((y) => `llc_taxes/${y}/${llc}`),
        ...properties.flatMap((id) => years.map((y) => `property_taxes/${y}/${id}`)),
      ];
      expect(names).toEqual([
        `investor_property/${ids.A}/${p.P}`, `investor_property/${ids.A}/${p.R}`, `investor_property/${ids.B}/${p.P}`, `investor_property/${ids.C}/${p.Q}`, `investor_property/${ids.D}/${p.R}`,
        `investor_summary/${ids.A}`, `investor_summary/${ids.B}`, `investor_summary/${ids.C}`, `investor_summary/${ids.D}`,
        `property_details/${p.P}`, `property_details/${p.Q}`, `property_details/${p.R}`,
        ...taxes(llcs[MAPLE_LLC.llc_name]!, [p.P!, p.Q!]), ...taxes(llcs[BIRCH.llc_name]!, [p.R!]),
      ].sort());
      // A read finds its answer kept: nothing is computed for it.
      const read = async (url: string) => {
        const res = await t.app.inject({ method: 'GET', url, headers: bearer(admin) });
        expect(res.statusCode, res.body).toBe(200);
        return res.json() as { total_income: number };
      };
      const dBefore = await read('/api/investor_summary?investor_name=D');
      expect(await stamps()).toEqual(ahead);

      // A rent in Birch: without any read, D's and A's answers and Birch's reports are computed again, not B's, C's or Maple's.
      const res = await t.app.inject({
        method: 'POST', url: '/admin/record_property_income', headers: bearer(admin),
        payload: { income_date: '2024-07-02', income_for_month: '2024-07-01', property_name: 'R', description: 'R rent 07', amount: '1000.00', income_category: 'Rent' },
      });
      expect(res.statusCode, res.body).toBe(201);
      await passed(2);
      const after = await stamps();
      const changed = [...after].filter(([k, v]) => ahead.get(k) !== v).map(([k]) => k.replace(`/${day}`, '')).sort();
      expect(changed).toEqual([
        `investor_property/${ids.A}/${p.P}`, `investor_property/${ids.A}/${p.R}`, `investor_property/${ids.D}/${p.R}`,
        `investor_summary/${ids.A}`, `investor_summary/${ids.D}`, `property_details/${p.R}`, ...taxes(llcs[BIRCH.llc_name]!, [p.R!]),
      ].sort());
      const dAfter = await read('/api/investor_summary?investor_name=D');
      expect(dAfter.total_income).toBeGreaterThan(dBefore.total_income);
      expect(await stamps()).toEqual(after);
    } finally {
      await refresher.stop();
      await t.close();
    }
  });

  it('waits while a batch runs, and computes what changed once it has ended', async () => {
    const t = await template.start();
    const refresher = t.services.answersAhead;
    const { passes, passed, start } = watchPasses(refresher);
    try {
      const admin = template.state.admin;
      // A batch endpoint (contract `long`) counts as running while it works, a streamed file until its
      // last byte, and no longer once it has answered, a refusal included.
      const { longWork } = t.services;
      const zip = t.app.inject({ method: 'GET', url: '/admin/statements?from=2024-01-01&to=2024-12-31', headers: bearer(admin) });
      const until = (busy: boolean) => busyBecomes(longWork, busy);
      expect(await until(true), 'busy while the statements are made').toBe(true);
      expect((await zip).statusCode).toBe(200);
      // The response's close follows its last byte.
      expect(await until(false), 'not busy once the zip has gone out').toBe(false);
      const undo = await t.app.inject({ method: 'POST', url: '/admin/bank_import_undo', headers: bearer(admin), payload: { import_id: 999_999 } });
      expect(undo.statusCode, undo.body).toBe(404);
      expect(longWork.busy()).toBe(false);

      start();
      await passed(1);
      const endBatch = t.services.longWork.begin();
      const res = await t.app.inject({
        method: 'POST', url: '/admin/record_property_income', headers: bearer(admin),
        payload: { income_date: '2024-07-03', income_for_month: '2024-07-01', property_name: 'P', description: 'P rent', amount: '900.00', income_category: 'Rent' },
      });
      expect(res.statusCode, res.body).toBe(201);
      // Three polls: long enough for the change to settle and a pass to begin, were no batch running.
      await new Promise((r) => setTimeout(r, 3_500));
      expect(passes, 'no pass ends while the batch runs').toHaveLength(1);
      endBatch();
      await passed(2);
      expect(passes[1]!.answers).toBeGreaterThan(0);
    } finally {
      await refresher.stop();
      await t.close();
    }
  });

  it('counts a write as work under way while it runs, so a pass computing ahead waits for it, and not once it has answered', async () => {
    const t = await template.start();
    const admin = template.state.admin;
    const { longWork } = t.services;
    const until = (busy: boolean) => busyBecomes(longWork, busy);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    try {
      // The admin's session read once, so on PGlite it is answered from memory while the database is held below.
      expect((await t.app.inject({ method: 'GET', url: '/auth/protected', headers: bearer(admin) })).statusCode).toBe(200);
      expect(longWork.busy(), 'a read is not counted').toBe(false);
      // Another transaction holds the books write lock: the write waits for it (on PGlite, for the database).
      let locked!: () => void;
      const lockTaken = new Promise<void>((resolve) => (locked = resolve));
      const holder = t.testDb.db.transaction(async (tx) => {
        await tx.query('SELECT books_write_lock()');
        locked();
        await held;
      });
      // Either the lock is taken, or the holder failed and says why (rather than a wait until the timeout).
      await Promise.race([lockTaken, holder]);
      const write = t.app.inject({
        method: 'POST', url: '/admin/record_property_income', headers: bearer(admin),
        payload: { income_date: '2024-07-05', income_for_month: '2024-07-01', property_name: 'P', description: 'P rent', amount: '901.00', income_category: 'Rent' },
      });
      expect(await until(true), 'busy while the write waits').toBe(true);
      release();
      await holder;
      const res = await write;
      expect(res.statusCode, res.body).toBe(201);
      expect(await until(false), 'not busy once it has answered').toBe(false);
    } finally {
      release();
      await t.close();
    }
  });

  it('an admin reading an investor by name gets that investor\'s answer, even after the name moved to another investor', async () => {
    const t = await template.start();
    try {
      const read = async (name: string) => {
        const res = await t.app.inject({ method: 'GET', url: `/api/investor_summary?investor_name=${name}`, headers: bearer(template.state.admin) });
        expect(res.statusCode, res.body).toBe(200);
        return res.json() as { investor_name: string; total_investments: string };
      };
      const a = await read('A');
      const b = await read('%20b%20');
      expect([a.investor_name, b.investor_name]).toEqual(['A', 'B']);
      expect(a.total_investments).not.toBe(b.total_investments);
      // What a restore of other books can do: the names A and B now belong to each other's rows. This
      // server last read 'A' as the first row and holds its answer.
      await t.testDb.db.transaction(async (tx) => {
        await tx.query(`UPDATE investor SET name = 'swap' WHERE name = 'A'`);
        await tx.query(`UPDATE investor SET name = 'A' WHERE name = 'B'`);
        await tx.query(`UPDATE investor SET name = 'B' WHERE name = 'swap'`);
      });
      expect(await read('A')).toEqual({ ...b, investor_name: 'A' });
      expect(await read('B')).toEqual({ ...a, investor_name: 'B' });
      const nobody = await t.app.inject({ method: 'GET', url: '/api/investor_summary?investor_name=Nobody', headers: bearer(template.state.admin) });
      expect([nobody.statusCode, nobody.body]).toEqual([404, '{"message":"Investor not found."}']);
    } finally {
      await t.close();
    }
  });

  it('sends the kept body unless the caller holds that very answer: the right investor and the right stamp', async () => {
    const t = await template.start();
    try {
      const db = t.testDb.db;
      const ids = new Map((await db.query<{ id: number; name: string }>('SELECT id, name FROM investor')).map((r) => [r.name, r.id]));
      const [a, b] = [ids.get('A')!, ids.get('B')!];
      // Both answers with the same inputs, so the same stamp: only the investor tells them apart.
      for (const id of [a, b]) await keepAnswer(db, `test/summary/${id}/day`, { scopes: ['*'], versions: [await wholeBooksVersion(db)] }, gzipSync(`{"of":${id}}`));
      const stamp = String(await wholeBooksVersion(db));
      // The body as the database sends it (gzipped, migration 0008), read back as text.
      const keyOf = (id: number) => `test/summary/${id}/day`;
      const named = async (guess: number | null, known: string | null) => {
        const got = await keptAnswerNamed(db, [{ table: 'investor', name: ' a ' }], ['test/summary/', '/day'], guess === null ? null : keyOf(guess), known);
        const body = got.found?.body;
        return { investorId: got.ids[0], found: got.found && { stamp: got.found.stamp, body: body && gunzipSync(body).toString() } };
      };
      expect(await named(a, stamp)).toEqual({ investorId: a, found: { stamp, body: undefined } });
      expect(await named(b, stamp)).toEqual({ investorId: a, found: { stamp, body: `{"of":${a}}` } });
      expect(await named(a, 'other')).toEqual({ investorId: a, found: { stamp, body: `{"of":${a}}` } });
      expect(await named(null, null)).toEqual({ investorId: a, found: { stamp, body: `{"of":${a}}` } });
      // Kept for an investor no longer current: the investor is found, the answer is not.
      await db.query(`SELECT books_scope_bump('{shared}')`);
      expect(await named(a, stamp)).toEqual({ investorId: a, found: undefined });
      expect(await keptAnswerNamed(db, [{ table: 'investor', name: 'Nobody' }], ['test/summary/', '/day'], null, null)).toEqual({ ids: [null], key: null, found: undefined });
    } finally {
      await t.close();
    }
  });

  it('moves the whole books\' version (*) with every change, whatever scope it touched, and with nothing else', async () => {
    const t = await template.start();
    try {
      const db = t.testDb.db;
      const whole = () => wholeBooksVersion(db);
      const start = await whole();
      const post = seedAs(t, template.state.admin);
      await post('/admin/record_property_income', {
        income_date: '2024-06-03', income_for_month: '2024-06-01', property_name: 'P', description: 'P rent 06', amount: '1000.00', income_category: 'Rent',
      });
      expect(await whole()).toBe(start + 1);
      await post('/admin/set_investor_fee', { investor_name: 'C', fee_percentage: '0.10', effective_month: '2024-01-01' });
      const afterFee = await whole();
      expect(afterFee).toBeGreaterThan(start + 1);
      // A statement that changes no row changes no version.
      await db.query(`UPDATE llc SET address = address WHERE false`);
      await db.query(`SELECT books_scope_bump('{}')`);
      expect(await whole()).toBe(afterFee);
    } finally {
      await t.close();
    }
  });

  it.runIf(kind === 'postgres')('never deadlocks writers that audit before they write with writers that write before they audit', async () => {
    const t = await template.start();
    try {
      const db = t.testDb.db;
      const touchMaple = (tx: Queryable) => tx.query('UPDATE llc SET address = address WHERE name = $1', [MAPLE_LLC.llc_name]);
      const audit = (tx: Queryable, by: string) =>
        appendAudit(tx, { at: new Date(), userId: null, action: 'test', entity: 'llc', entityId: by, before: null, after: null, ip: null });
      let wrote!: () => void;
      const writerWrote = new Promise<void>((resolve) => (wrote = resolve));
      let mayAudit!: () => void;
      const writerMayAudit = new Promise<void>((resolve) => (mayAudit = resolve));
      // db.transaction runs its work again after a deadlock: count the runs to see one.
      const runs = { writer: 0, auditor: 0 };
      // The writer changes Maple's books (its scope rows are now locked), then waits before auditing.
      const writer = db.transaction(async (tx) => {
        runs.writer++;
        await touchMaple(tx);
        wrote();
        await writerMayAudit;
        await audit(tx, 'writer');
      });
      await writerWrote;
      // The auditor audits first, then changes the same books: it must wait for the writer as a whole.
      let auditorPid: number | undefined;
      const auditor = db.transaction(async (tx) => {
        runs.auditor++;
        auditorPid = (await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid'))[0]!.pid;
        await audit(tx, 'auditor');
        await touchMaple(tx);
      });
      // Until the auditor waits for a lock (the server's other databases may have waiters of their own).
      await expect.poll(async () => auditorPid !== undefined
        && (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_locks WHERE pid = $1 AND NOT granted', [auditorPid]))[0]!.n > 0).toBe(true);
      mayAudit();
      await Promise.all([writer, auditor]);
      // With the audit lock taken only at the audit, each would hold what the other waits for: PostgreSQL
      // would end one of them after a second (40P01), and it would run again.
      expect(runs).toEqual({ writer: 1, auditor: 1 });
      const order = await db.query<{ entity_id: string }>(`SELECT entity_id FROM audit_event WHERE action = 'test' ORDER BY id`);
      expect(order.map((r) => r.entity_id)).toEqual(['writer', 'auditor']);
    } finally {
      await t.close();
    }
  });

  it.runIf(kind === 'postgres')('takes concurrent writes across LLCs, each moving the whole books\' version once', async () => {
    const t = await template.start();
    try {
      await withBirch(t, template.state.admin);
      const db = t.testDb.db;
      const whole = () => wholeBooksVersion(db);
      const start = await whole();
      const writes = Array.from({ length: 24 }, (_, i) =>
        t.app.inject({
          method: 'POST', url: '/admin/record_property_income', headers: bearer(template.state.admin),
          payload: { income_date: '2024-07-02', income_for_month: '2024-07-01', property_name: ['P', 'Q', 'R'][i % 3], description: `rent ${i}`, amount: '10.00', income_category: 'Rent' },
        }));
      const answers = await Promise.all(writes);
      expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 201));
      expect(await whole()).toBe(start + writes.length);
    } finally {
      await t.close();
    }
  });

  it('keeps its own code\'s answers across a restart and forgets those of other code', async () => {
    const t = await template.start();
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/investor_summary?investor_name=A', headers: bearer(template.state.admin) });
      expect(res.statusCode, res.body).toBe(200);
      await t.testDb.db.query(
        `INSERT INTO answer_cache (key, scopes, versions, stamp, body_gzip) VALUES ('0ther0format/investor_summary/1/2025-01-01', '{*}', '{0}', '0', $1)`,
        [gzipSync('{}')],
      );
      await forgetOtherAnswers(t.testDb.db, ANSWER_FORMAT);
      const keys = (await t.testDb.db.query<{ key: string }>('SELECT key FROM answer_cache')).map((r) => r.key);
      expect(keys).toHaveLength(1);
      expect(keys[0]).toMatch(new RegExp(`^${ANSWER_FORMAT}/investor_summary/`));
      // Served as kept: the same text again.
      const again = await t.app.inject({ method: 'GET', url: '/api/investor_summary?investor_name=A', headers: bearer(template.state.admin) });
      expect(again.body).toBe(res.body);
    } finally {
      await t.close();
    }
  });
});
