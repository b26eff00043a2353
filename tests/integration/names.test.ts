import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../../src/server/db/migrate.js';
import { LOWER, UPPER } from '../../src/server/lib/name-case.js';
import { nameKey } from '../../src/server/lib/names.js';
import { MAPLE_LLC, MAPLE_PROPERTIES } from '../fixtures/maple.js';
import { ADMIN, bearer, buildAppTemplate, seedAs, signIn, type AppTemplate, type TestApp } from '../support/test-app.js';
import { DB_KINDS, openTestDb } from '../support/test-db.js';

/**
 * Names: one rule for storing and comparing them, used by lookups, the
 * unique indexes and the kept answers alike; a name needs a letter or digit that shows; a new name that
 * looks like an existing one is refused, naming the existing one.
 */
describe.each(DB_KINDS)('names on %s', (kind) => {
  let books: AppTemplate<{ admin: string }>;
  let t: TestApp;
  let admin: string;
  const CAFE = 'Caf\u00e9'; // precomposed é
  const CAFE_DECOMPOSED = 'Cafe\u0301'; // e + combining acute accent
  const INES = 'In\u00e8s Duval';
  const investor = (name: string) => ({ name, email: '', phone: '', address: '', fee_percentage: '0.05' });
  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, headers: bearer(admin) });
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(admin) });
  const count = async (table: string) => (await t.testDb.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n;

  beforeAll(async () => {
    books = await buildAppTemplate(kind, async (w) => {
      const token = await signIn(w.app, ADMIN.username, ADMIN.password);
      const seed = seedAs(w, token);
      await seed('/admin/add_llc', MAPLE_LLC);
      await seed('/admin/add_investment_property', { ...MAPLE_PROPERTIES[0], property_name: CAFE });
      await seed('/admin/add_investor', investor('Alice Morgan'));
      await seed('/admin/add_investor', investor(INES));
      await seed('/admin/add_investment', { property_name: CAFE, investor_name: INES, date: '2024-01-02', amount: '50000' });
      await seed('/admin/record_property_income', { income_date: '2024-02-05', income_for_month: '2024-02', property_name: CAFE, description: 'February rent', amount: '900', income_category: 'Rent' });
      await seed('/admin/add_loren', { loren_name: 'North Loren' });
      return { admin: token };
    });
    admin = books.state.admin;
  });
  afterAll(() => books?.close());

  describe('on one copy of the books', () => {
    beforeAll(async () => {
      t = await books.start();
    });
    afterAll(() => t?.close());

    // Each displays as "Alice Morgan" (all nine were added beside the real one).
    const LOOK_ALIKES: [string, string][] = [
      ['a Cyrillic А', '\u0410lice Morgan'],
      ['a Greek ο', 'Alice M\u03bfrgan'],
      ['a zero-width joiner inside', 'Ali\u200dce Morgan'],
      ['a no-break space', 'Alice\u00a0Morgan'],
      ['fullwidth letters', '\uff21\uff4c\uff49\uff43\uff45 \uff2d\uff4f\uff52\uff47\uff41\uff4e'],
      ['Cyrillic с and е', 'Ali\u0441\u0435 Morgan'],
      ['a capital I for the l', 'AIice Morgan'],
      ['a soft hyphen inside', 'Alice Mor\u00adgan'],
      ['a zero-width space at the end', 'Alice Morgan\u200b'],
      ['a Hangul filler for the space', 'Alice\u3164Morgan'],
      ['Cyrillic capitals', '\u0410LICE MORGAN'],
    ];

    it('refuses every look-alike of an investor, naming the one that exists, and writes nothing', async () => {
      const [investors, audit] = [await count('investor'), await count('audit_event')];
      for (const [what, name] of LOOK_ALIKES) {
        const res = await post('/admin/add_investor', investor(name));
        expect(res.statusCode, what).toBe(409);
        expect(res.json(), what).toEqual({ message: `An investor named "Alice Morgan" already exists; "${name.normalize('NFC').trim()}" looks the same.` });
      }
      // The same name in another case is refused as before, in the words it always had.
      expect((await post('/admin/add_investor', investor('alice morgan'))).json()).toEqual({ message: 'An investor named "alice morgan" already exists.' });
      expect([await count('investor'), await count('audit_event')]).toEqual([investors, audit]);
      // A different name is no look-alike.
      expect((await post('/admin/add_investor', investor('Alicia Morgan'))).statusCode).toBe(201);
    });

    it('refuses look-alikes of properties, LLCs, categories (within their scope) and lorens', async () => {
      const refusals: [string, object, string][] = [
        ['/admin/add_investment_property', { ...MAPLE_PROPERTIES[1], property_name: 'C\u0430f\u00e9' }, `A property named "${CAFE}" already exists; "C\u0430f\u00e9" looks the same.`],
        ['/admin/add_investment_property', { ...MAPLE_PROPERTIES[1], property_name: CAFE_DECOMPOSED }, `A property named "${CAFE}" already exists.`],
        ['/admin/add_llc', { ...MAPLE_LLC, llc_name: 'Maple Holdings LL\u0421' }, 'An LLC named "Maple Holdings LLC" already exists; "Maple Holdings LL\u0421" looks the same.'],
        ['/admin/add_expense_category', { expense_category: 'R\u0435pairs' }, 'The category "Repairs" already exists; "R\u0435pairs" looks the same.'],
        ['/admin/add_loren', { loren_name: 'N\u043erth Loren' }, 'A loren named "North Loren" already exists; "N\u043erth Loren" looks the same.'],
      ];
      for (const [url, body, message] of refusals) {
        const res = await post(url, body);
        expect(res.statusCode, message).toBe(409);
        expect(res.json()).toEqual({ message });
      }
      // Categories are unique within their scope: the income scope has no "Repairs".
      expect((await post('/admin/add_expense_category', { expense_category: 'R\u0435pairs', scope: 'income' })).statusCode).toBe(201);
    });

    it('adds only one of two look-alikes sent at once', async () => {
      const [a, b] = await Promise.all([post('/admin/add_loren', { loren_name: 'Oak Loren' }), post('/admin/add_loren', { loren_name: 'O\u0430k Loren' })]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
      const lorens = await t.testDb.db.query<{ name: string }>(`SELECT name FROM loren WHERE name LIKE 'O%k Loren'`);
      expect(lorens).toHaveLength(1);
    });

    it('refuses names without a letter or digit that shows', async () => {
      const [investors, lorens] = [await count('investor'), await count('loren')];
      for (const blank of ['\u3164', '\u3164\u3164\u3164', '\u2800\u2800', '\u200b\u200c\u200d', '\u115f\u1160\uffa0', '\u2060\u00ad', '\u3164 \u2800']) {
        const res = await post('/admin/add_investor', investor(blank));
        expect(res.statusCode, JSON.stringify(blank)).toBe(400);
        expect(res.json()).toEqual({ message: 'Name must contain a visible letter or digit.' });
        expect((await post('/admin/add_loren', { loren_name: blank })).json()).toEqual({ message: 'Loren name must contain a visible letter or digit.' });
      }
      expect([await count('investor'), await count('loren')]).toEqual([investors, lorens]);
    });

    it('stores a name typed with combining accents in NFC, found by either spelling', async () => {
      const typed = 'Ch\u00e2teau Annex'.normalize('NFD');
      expect((await post('/admin/add_investment_property', { ...MAPLE_PROPERTIES[1], property_name: typed })).statusCode).toBe(201);
      const stored = await t.testDb.db.query<{ name: string }>(`SELECT name FROM property WHERE name LIKE 'Ch%Annex'`);
      expect(stored.map((r) => r.name)).toEqual(['Ch\u00e2teau Annex']);
      for (const asked of [typed, 'Ch\u00e2teau Annex', ' CH\u00c2TEAU ANNEX ']) {
        expect((await get(`/admin/get_property_notes?property_name=${encodeURIComponent(asked)}`)).statusCode, asked).toBe(200);
      }
    });

    it('folds case in the database exactly as the server does (one table, both sides)', async () => {
      const text = `${UPPER} ${LOWER} ${CAFE_DECOMPOSED} \u0130stanbul \u03a3\u039f\u03a3 \u24b6`;
      const [row] = await t.testDb.db.query<{ key: string }>('SELECT name_key($1) AS key', [text]);
      expect(row!.key === nameKey(text)).toBe(true);
    });

    it('keys a name of ASCII alone by its shortcut, and every letter of the table alone, as the server does', async () => {
      // Every ASCII character but NUL (which text cannot hold), between spaces both sides trim.
      const ascii = ` Ab${Array.from({ length: 127 }, (_, i) => String.fromCharCode(i + 1)).join('')}Zy  `;
      const texts = [ascii, 'MAPLE Street 12', ...UPPER, ...LOWER, `${ascii}\u00c9`];
      const rows = await t.testDb.db.query<{ key: string }>('SELECT name_key(t) AS key FROM unnest($1::text[]) WITH ORDINALITY AS u(t, n) ORDER BY n', [texts]);
      expect(rows.map((r) => r.key)).toEqual(texts.map(nameKey));
      expect(rows[1]!.key).toBe('maple street 12');
      // The same key as migration 0012's expression, also where the server's trim and the database's differ.
      const edges = [...texts, '\tTab\t', '\nLine\n', '\u00a0Nbsp\u00a0', ' \r\n '];
      const both = await t.testDb.db.query<{ key: string; before: string }>(
        'SELECT name_key(t) AS key, translate(normalize(btrim(t), NFC), $2, $3) AS before FROM unnest($1::text[]) AS t', [edges, UPPER, LOWER]);
      expect(both.filter((r) => r.key !== r.before)).toEqual([]);
      expect(both).toHaveLength(edges.length);
    });
  });

  describe('a property asked for in decomposed Unicode', () => {
    const details = (name: string) => get(`/admin/get_property_details?selectedProperty=${encodeURIComponent(name)}`);
    const page = (name: string, investorName = INES) =>
      get(`/api/investor_property?investor_name=${encodeURIComponent(investorName)}&property_name=${encodeURIComponent(name)}`);
    const kept = async () =>
      (await t.testDb.db.query<{ key: string }>(`SELECT key FROM answer_cache WHERE key LIKE '%property_details/%' OR key LIKE '%investor_property/%'`)).length;

    beforeEach(async () => {
      t = await books.start();
    });
    afterEach(() => t?.close());

    it('answers the same while its answer is not kept and once it is', async () => {
      expect(await kept()).toBe(0);
      // Cold: nothing kept, the name is looked up in the database.
      const cold = await details(CAFE_DECOMPOSED);
      expect(cold.statusCode).toBe(200);
      const coldPage = await page(CAFE_DECOMPOSED, INES.normalize('NFD'));
      expect(coldPage.statusCode).toBe(200);
      expect(coldPage.json().property_name).toBe(CAFE);
      expect(await kept()).toBe(2);
      // Warm: the kept answers, by either spelling.
      for (const name of [CAFE_DECOMPOSED, CAFE, 'caf\u00c9']) {
        expect((await details(name)).body, name).toBe(cold.body);
        expect((await page(name)).body, name).toBe(coldPage.body);
      }
    });

    it('answers the same when the precomposed name was asked first', async () => {
      const first = await details(CAFE);
      const firstPage = await page(CAFE);
      expect([first.statusCode, firstPage.statusCode]).toEqual([200, 200]);
      expect(await kept()).toBe(2);
      expect((await details(CAFE_DECOMPOSED)).body).toBe(first.body);
      expect((await page(CAFE_DECOMPOSED)).body).toBe(firstPage.body);
    });
  });

  it('migration 0012 brings older names to NFC, and tells apart two that became one', async () => {
    const { db, drop } = await openTestDb(kind);
    try {
      // The books as they were before 0012: unique by lower(name), names stored as typed.
      await db.exec(`DROP FUNCTION name_key(text) CASCADE;
        CREATE UNIQUE INDEX llc_name_key ON llc (lower(name));
        CREATE UNIQUE INDEX property_name_key ON property (lower(name));
        CREATE UNIQUE INDEX investor_name_key ON investor (lower(name));
        CREATE UNIQUE INDEX loren_name_key ON loren (lower(name));
        CREATE UNIQUE INDEX category_scope_name_key ON category (scope, lower(name));
        DELETE FROM schema_migration WHERE name = '0012_names.sql';`);
      for (const name of [CAFE, CAFE_DECOMPOSED, 'Zoe\u0308 Park', `${'x'.repeat(97)}e\u0301`]) {
        await db.query(`INSERT INTO investor (name, email, phone, address) VALUES ($1, '', '', '')`, [name]);
      }
      expect(await migrate(db)).toEqual(['0012_names.sql']);
      const names = (await db.query<{ id: number; name: string }>('SELECT id, name FROM investor ORDER BY id')).map((r) => r.name);
      expect(names).toEqual([CAFE, `${CAFE} (#2)`, 'Zo\u00eb Park', `${'x'.repeat(97)}\u00e9`]);
      // The rule holds from now on: the same name in another spelling or case is refused by the index.
      await expect(db.query(`INSERT INTO investor (name, email, phone, address) VALUES ($1, '', '', '')`, ['ZO\u00cb PARK'])).rejects.toMatchObject({ code: '23505' });
    } finally {
      await drop();
    }
  });
});
