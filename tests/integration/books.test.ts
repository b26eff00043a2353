import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../../src/server/modules/audit/audit.service.js';
import { MAPLE_INVESTORS, MAPLE_LLC, MAPLE_PROPERTIES, MAPLE_RECORDINGS } from '../fixtures/maple.js';
import { mapleBooksTemplate, recordMapleBooks, type MapleBooks } from '../support/maple-books.js';
import { DB_KINDS } from '../support/test-db.js';
import {
  ADMIN, bearer, buildAppTemplate, createInvestorWithLogin, seedAs, signIn, type AppTemplate, type TestApp,
} from '../support/test-app.js';

/** Posts as the admin and returns the answer. */
const postAs = (app: FastifyInstance, token: string) => (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload: payload as object, headers: { ...bearer(token), ...headers } });

/** Counts of every table a write could touch: "nothing was written" means these did not change. */
async function snapshot(t: TestApp) {
  const [row] = await t.testDb.db.query<Record<string, number>>(
    `SELECT (SELECT count(*)::int FROM ledger_entry) AS ledger, (SELECT count(*)::int FROM audit_event) AS audit,
            (SELECT count(*)::int FROM property) AS property, (SELECT count(*)::int FROM investor) AS investor,
            (SELECT count(*)::int FROM llc) AS llc, (SELECT count(*)::int FROM category) AS category,
            (SELECT count(*)::int FROM loren) AS loren, (SELECT count(*)::int FROM investor_fee) AS fee,
            (SELECT count(*)::int FROM idempotency_key) AS keys`,
  );
  return row!;
}

/**
 * Each describe starts from the books it names, on an app of its own. Where its tests write what another
 * of them reads, each test gets a fresh copy (beforeEach); where they only read, they share one (beforeAll).
 */
describe.each(DB_KINDS)('the books, part 1, on %s', (kind) => {
  const books: { empty?: AppTemplate; maple?: AppTemplate<MapleBooks> } = {};
  let t: TestApp;
  let post: ReturnType<typeof postAs>;

  beforeAll(async () => {
    books.empty = await buildAppTemplate(kind, async () => undefined);
    books.maple = await mapleBooksTemplate(kind, { withdrawals: false }, books.empty);
  });
  afterAll(async () => {
    await books.maple?.close();
    await books.empty?.close();
  });

  /** Starts a fresh app on a copy of the named books, signs the admin in, and lets `setUp` write what the tests read. */
  const open = (from: keyof typeof books, setUp?: (admin: string) => Promise<unknown>) => async () => {
    t = await books[from]!.start();
    const admin = await signIn(t.app, ADMIN.username, ADMIN.password);
    post = postAs(t.app, admin);
    await setUp?.(admin);
  };
  const close = () => t?.close();
  /** The Maple books and a loren, North Loren. */
  const withNorthLoren = (admin: string) => seedAs(t, admin)('/admin/add_loren', { loren_name: 'North Loren' });

  describe('the Maple example (docs/rules/README.md) recorded through the API', () => {
    describe('on an empty database', () => {
      beforeEach(open('empty'));
      afterEach(close);

      it('creates the LLC, properties and investors', async () => {
        expect((await post('/admin/add_llc', MAPLE_LLC)).statusCode).toBe(201);
        for (const p of MAPLE_PROPERTIES) {
          const res = await post('/admin/add_investment_property', p);
          expect(res.statusCode, res.body).toBe(201);
          expect(res.json()).toEqual({ message: 'New property added successfully' });
        }
        for (const i of MAPLE_INVESTORS) {
          const res = await post('/admin/add_investor', i);
          expect(res.statusCode, res.body).toBe(201);
          const { secret, message } = res.json();
          expect(message).toBe(`New investor added successfully, login secret is: ${secret}`);
        }
        const fees = await t.testDb.db.query<{ name: string; fee_bps: number }>(
          'SELECT i.name, f.fee_bps FROM investor_fee f JOIN investor i ON i.id = f.investor_id ORDER BY i.name',
        );
        expect(fees).toEqual([{ name: 'A', fee_bps: 1000 }, { name: 'B', fee_bps: 0 }, { name: 'C', fee_bps: 500 }]);
        const [q] = await t.testDb.db.query<Record<string, unknown>>(
          `SELECT tax_bucket, lc_sale_price_cents, lc_down_payment_cents, lc_rate_bps, lc_adjusted_basis_cents FROM property WHERE name = 'Q'`,
        );
        expect(q).toEqual({ tax_bucket: 'portfolio', lc_sale_price_cents: 10000000, lc_down_payment_cents: 1000000, lc_rate_bps: 800, lc_adjusted_basis_cents: 6000000 });
      });
    });

    describe('with its LLC, properties and investors', () => {
      beforeEach(open('empty', (admin) => recordMapleBooks(t, admin, { recordings: false })));
      afterEach(close);

      it('stores exactly its rows, summing to the admin totals of docs/rules/cash.md', async () => {
        for (const [url, body] of MAPLE_RECORDINGS) {
          const res = await post(url, body);
          expect(res.statusCode, `${url} ${res.body}`).toBe(201);
          expect(res.json().id).toEqual(expect.any(Number));
        }
        const sums = await t.testDb.db.query<{ kind: string; rows: number; cents: number }>(
          `SELECT kind, count(*)::int AS rows, sum(amount_cents)::bigint AS cents FROM ledger_entry
            WHERE voided_at IS NULL GROUP BY kind ORDER BY kind`,
        );
        expect(sums).toEqual([
          { kind: 'deposit', rows: 1, cents: 200000 }, // total_deposits 2,000.00
          { kind: 'investment', rows: 3, cents: 21000000 }, // 100,000 + 50,000 + 60,000
          { kind: 'lc_payment', rows: 12, cents: 2100000 }, // 10,000 + 11 × 1,000
          { kind: 'llc_expense', rows: 2, cents: 150000 }, // 300 + 1,200
          { kind: 'property_expense', rows: 38, cents: 840000 }, // P: 12 × 500 + 2,100 = 8,100; Q: 300
          { kind: 'property_income', rows: 12, cents: 2400000 }, // 12 × 2,000
        ]);
        // total_income = 24,000 + 21,000 = 45,000.00; total_expenses = 8,400 + 1,500 = 9,900.00
        const [totals] = await t.testDb.db.query<{ income: number; expenses: number }>(
          `SELECT sum(amount_cents) FILTER (WHERE kind IN ('property_income', 'lc_payment'))::bigint AS income,
                  sum(amount_cents) FILTER (WHERE kind IN ('property_expense', 'investor_property_expense', 'llc_expense'))::bigint AS expenses
             FROM ledger_entry WHERE voided_at IS NULL`,
        );
        expect(totals).toEqual({ income: 4500000, expenses: 990000 });
        // Mid-month rule needs the stored months: B's investment of 04-20 keeps its date, for_month April.
        const [b] = await t.testDb.db.query<{ date: string; for_month: string }>(
          `SELECT e.date, e.for_month FROM ledger_entry e JOIN investor i ON i.id = e.investor_id WHERE i.name = 'B'`,
        );
        expect(b).toEqual({ date: '2024-04-20', for_month: '2024-04-01' });
      });
    });

    describe('once recorded', () => {
      beforeAll(open('maple'));
      afterAll(close);

      it('leaves one audit row per write, and the chain verifies', async () => {
        const [counts] = await t.testDb.db.query<{ ledger: number; audited: number }>(
          `SELECT (SELECT count(*)::int FROM ledger_entry) AS ledger,
                  (SELECT count(*)::int FROM audit_event WHERE entity = 'ledger_entry' AND action = 'record') AS audited`,
        );
        expect(counts!.audited).toBe(counts!.ledger);
        const [master] = await t.testDb.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM audit_event WHERE action = 'create' AND entity IN ('llc', 'property', 'investor')`,
        );
        expect(master!.n).toBe(1 + MAPLE_PROPERTIES.length + MAPLE_INVESTORS.length);
        expect(await verifyAuditChain(t.testDb.db)).toBeNull();
      });

      it('answers the helper lists, sorted for people', async () => {
        const res = await t.app.inject({ method: 'GET', url: '/admin/get_admin_helpers', headers: bearer(await signIn(t.app, ADMIN.username, ADMIN.password)) });
        expect(res.statusCode).toBe(200);
        const h = res.json();
        expect(h.property_types).toEqual(['rental', 'land_contract', 'other']);
        expect(h.rental_properties).toEqual(['P']);
        expect(h.land_contract_properties).toEqual(['Q']);
        expect(h.properties).toEqual(['P', 'Q']);
        expect(h.investors_list).toEqual(['A', 'B', 'C']);
        expect(h.portal_users_list).toEqual([]);
        expect(h.llcs_list).toEqual(['Maple Holdings LLC']);
        expect(h.tax_years).toEqual([2024, 2020]);
        expect(h.managers).toEqual(['admin']);
        expect(h.property_income_categories).toContain('Rent');
        expect(h.property_expense_categories).toEqual([...h.property_expense_categories].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())));
        expect(h.llc_expense_categories).toEqual(['Bank fees', 'Legal', 'State fees', 'Tax preparation']);
        expect(Object.keys(h)).toHaveLength(13);
      });
    });
  });

  describe('master data extensions', () => {
    describe('on the Maple books', () => {
      beforeEach(open('maple'));
      afterEach(close);

      it('adds a category in a scope, a loren, and changes a fee from a month on', async () => {
        expect((await post('/admin/add_expense_category', { expense_category: 'HOA dues' })).statusCode).toBe(201);
        expect((await post('/admin/add_expense_category', { expense_category: 'Parking', scope: 'income' })).statusCode).toBe(201);
        expect((await post('/admin/add_loren', { loren_name: 'North Loren' })).statusCode).toBe(201);
        const fee = await post('/admin/set_investor_fee', { investor_name: 'a', fee_percentage: '0.05', effective_month: '2024-07' });
        expect(fee.statusCode, fee.body).toBe(200);
        const rows = await t.testDb.db.query(
          `SELECT f.effective_month, f.fee_bps FROM investor_fee f JOIN investor i ON i.id = f.investor_id WHERE i.name = 'A' ORDER BY 1`,
        );
        expect(rows).toEqual([{ effective_month: '1900-01-01', fee_bps: 1000 }, { effective_month: '2024-07-01', fee_bps: 500 }]);
        const cats = await t.testDb.db.query(`SELECT scope, name, tax_line FROM category WHERE name IN ('HOA dues', 'Parking') ORDER BY name`);
        expect(cats).toEqual([
          { scope: 'property_expense', name: 'HOA dues', tax_line: '8825 L15 Other' },
          { scope: 'income', name: 'Parking', tax_line: '8825 L2b' },
        ]);
      });

      it('reads and sets property notes, and edits an LLC', async () => {
        expect((await post('/admin/set_property_notes', { property_name: 'p', notes: 'New roof in 2024.' })).statusCode).toBe(200);
        const token = await signIn(t.app, ADMIN.username, ADMIN.password);
        const notes = await t.app.inject({ method: 'GET', url: '/admin/get_property_notes?property_name=P', headers: bearer(token) });
        expect(notes.json()).toEqual({ notes: 'New roof in 2024.' });
        const missing = await t.app.inject({ method: 'GET', url: '/admin/get_property_notes?property_name=Nowhere', headers: bearer(token) });
        expect(missing.statusCode).toBe(404);
        expect(missing.json()).toEqual({ message: 'No property named "Nowhere".' });
        expect((await post('/admin/update_llc', { ...MAPLE_LLC, address: '200 Elm St' })).statusCode).toBe(200);
        const llc = await t.app.inject({ method: 'GET', url: `/admin/get_llc?llc_name=${encodeURIComponent(MAPLE_LLC.llc_name)}`, headers: bearer(token) });
        expect(llc.json()).toEqual({ ...MAPLE_LLC, address: '200 Elm St' });
      });
    });

    describe('with a loren', () => {
      beforeEach(open('maple', withNorthLoren));
      afterEach(close);

      it('records a period (Loren) income and an investor property expense', async () => {
        const loren = await post('/admin/record_loren_income', { income_date: '2024-03-20', property_name: 'P', description: 'Parking lease', amount: '1000.00', start_date: '2024-01-16', end_date: '2024-03-15' });
        expect(loren.statusCode, loren.body).toBe(201);
        const [row] = await t.testDb.db.query(`SELECT period_start, period_end, for_month, amount_cents FROM ledger_entry WHERE id = $1`, [loren.json().id]);
        expect(row).toEqual({ period_start: '2024-01-16', period_end: '2024-03-15', for_month: '2024-01-01', amount_cents: 100000 });
        const ipe = await post('/admin/record_investor_property_expense', { investor: 'B', expense_date: '2024-05-02', expense_for_month: '2024-05', property_name: 'P', description: 'Key replacement for B', amount: '45.50', expense_category: 'Repairs', payer: 'admin', loren_name: 'North Loren' });
        expect(ipe.statusCode, ipe.body).toBe(201);
        const [e] = await t.testDb.db.query(`SELECT kind, for_month, amount_cents, loren_id IS NOT NULL AS tagged FROM ledger_entry WHERE id = $1`, [ipe.json().id]);
        expect(e).toEqual({ kind: 'investor_property_expense', for_month: '2024-05-01', amount_cents: 4550, tagged: true });
      });
    });
  });

  describe('bad input: a clear 4xx, and nothing written', () => {
    // Read-only: every case is refused, so the cases share one copy of the books.
    beforeAll(open('maple', withNorthLoren));
    afterAll(close);

    const income = { income_date: '2024-05-03', income_for_month: '2024-05-01', property_name: 'P', description: 'Rent', amount: '10.00', income_category: 'Rent' };
    const cases: [string, string, Record<string, unknown>, number, string | RegExp][] = [
      ['a missing field', '/admin/record_property_income', { ...income, amount: undefined }, 400, 'Amount is required.'],
      ['a missing description', '/admin/record_property_income', { ...income, description: '' }, 400, 'Description is required.'],
      ['a wrong type', '/admin/record_property_income', { ...income, amount: true }, 400, 'Amount must be a number.'],
      ['an amount as an array', '/admin/add_investment', { property_name: 'P', investor_name: 'A', date: '2024-01-01', amount: [5] }, 400, 'Amount must be a number.'],
      ['a negative amount', '/admin/record_property_income', { ...income, amount: '-10.00' }, 400, 'Amount must be greater than zero.'],
      ['a zero amount', '/admin/add_investment', { property_name: 'P', investor_name: 'A', date: '2024-01-01', amount: 0 }, 400, 'Amount must be greater than zero.'],
      ['an over-precise amount', '/admin/record_property_income', { ...income, amount: '10.001' }, 400, 'Amount must have at most two decimals.'],
      ['a float artefact', '/admin/record_property_expense', { expense_date: '2024-05-03', expense_for_month: '2024-05-01', property_name: 'P', description: 'x', amount: 0.1 + 0.2, expense_category: 'Repairs' }, 400, 'Amount must have at most two decimals.'],
      ['exponent notation', '/admin/record_property_income', { ...income, amount: '1e3' }, 400, /Amount must be a number/],
      ['a huge amount', '/admin/record_property_income', { ...income, amount: '100000000.01' }, 400, 'Amount must be at most 100000000.00.'],
      ['an impossible date', '/admin/record_property_income', { ...income, income_date: '2024-02-30' }, 400, /Income date must be a real date/],
      ['a date out of range', '/admin/add_investment', { property_name: 'P', investor_name: 'A', date: '2100-01-01', amount: 5 }, 400, /Date must be a real date/],
      ['a bad month', '/admin/record_property_income', { ...income, income_for_month: '2024-13' }, 400, /Income for month must be a month/],
      ['an unknown property', '/admin/record_property_income', { ...income, property_name: 'Atlantis' }, 400, 'No property named "Atlantis".'],
      ['an unknown investor', '/admin/add_investment', { property_name: 'P', investor_name: 'Zed', date: '2024-01-01', amount: 5 }, 400, 'No investor named "Zed".'],
      ['an unknown category', '/admin/record_property_income', { ...income, income_category: 'Lottery' }, 400, 'No income category named "Lottery".'],
      ['an expense category used as income', '/admin/record_property_income', { ...income, income_category: 'Repairs' }, 400, 'No income category named "Repairs".'],
      ['an unknown LLC', '/admin/record_llc_expense', { expense_date: '2024-01-01', llc_name: 'Nope LLC', description: 'x', amount: 5, expense_category: 'Bank fees', payer: 'admin' }, 400, 'No LLC named "Nope LLC".'],
      ['an unknown loren', '/admin/add_rental_deposit', { property_name: 'P', amount: 5, date: '2024-01-01', notes: 'x', loren_name: 'Nobody' }, 400, 'No loren named "Nobody".'],
      ['an LC payment on a rental', '/admin/record_lc_payment', { payment_date: '2024-01-01', property_name: 'P', description: 'x', amount: 5 }, 400, /only be recorded on a land-contract property; "P" is a rental/],
      ['a deposit on a land contract', '/admin/add_rental_deposit', { property_name: 'Q', amount: 5, date: '2024-01-01', notes: 'x' }, 400, /A rental deposit can only be recorded on a rental property/],
      ['an unknown field', '/admin/record_property_income', { ...income, investor_id: 1 }, 400, 'Unknown field: investor_id.'],
      ['a period ending before it starts', '/admin/record_loren_income', { income_date: '2024-01-01', property_name: 'P', description: 'x', amount: 5, start_date: '2024-03-01', end_date: '2024-02-01' }, 400, 'Start date must not be after the end date.'],
      ['an investor expense without payer', '/admin/record_investor_property_expense', { investor: 'A', expense_date: '2024-05-02', expense_for_month: '2024-05', property_name: 'P', description: 'x', amount: 5, expense_category: 'Repairs' }, 400, 'Payer is required.'],
      ['a duplicate investor (case-insensitive)', '/admin/add_investor', { name: 'a', email: '', phone: '', address: '', fee_percentage: '0.05' }, 409, 'An investor named "a" already exists.'],
      ['a fee off the list', '/admin/add_investor', { name: 'Newbie', email: '', phone: '', address: '', fee_percentage: '0.07' }, 400, 'Fee percentage must be one of 0, 0.05, 0.10 … 0.50.'],
      ['a duplicate property', '/admin/add_investment_property', { ...MAPLE_PROPERTIES[0], property_name: ' p ' }, 409, 'A property named "p" already exists.'],
      ['a property type off the list', '/admin/add_investment_property', { ...MAPLE_PROPERTIES[0], property_name: 'New', property_type: 'castle' }, 400, 'Property type must be one of rental, land_contract, other.'],
      ['a javascript: picture', '/admin/add_investment_property', { ...MAPLE_PROPERTIES[0], property_name: 'New', picture_url: 'javascript:alert(1)' }, 400, 'Picture URL must be an http(s) address or a path starting with /.'],
      ['land worth more than the price', '/admin/add_investment_property', { ...MAPLE_PROPERTIES[0], property_name: 'New', land_value: '300000' }, 400, 'Land value cannot exceed the purchase price.'],
      ['LC terms on a rental', '/admin/add_investment_property', { ...MAPLE_PROPERTIES[1], property_name: 'New', property_type: 'rental' }, 400, 'Land-contract terms can only be given for a land-contract property.'],
      ['half the LC terms', '/admin/add_investment_property', { ...MAPLE_PROPERTIES[1], property_name: 'New', lc_rate_bps: undefined }, 400, /Give all land-contract terms/],
      ['an unknown LLC for a property', '/admin/add_investment_property', { ...MAPLE_PROPERTIES[0], property_name: 'New', llc: 'Ghost LLC' }, 400, 'No LLC named "Ghost LLC".'],
      ['a duplicate LLC', '/admin/add_llc', { ...MAPLE_LLC, llc_name: 'MAPLE HOLDINGS LLC' }, 409, 'An LLC named "MAPLE HOLDINGS LLC" already exists.'],
      ['a business code of five digits', '/admin/add_llc', { ...MAPLE_LLC, llc_name: 'Other LLC', business_code_number: '53111' }, 400, 'Business code number must be six digits.'],
      ['a duplicate category', '/admin/add_expense_category', { expense_category: 'repairs' }, 409, 'The category "repairs" already exists.'],
      ['a scope off the list', '/admin/add_expense_category', { expense_category: 'X', scope: 'misc' }, 400, 'Scope must be one of income, property_expense, llc_expense.'],
      ['a duplicate loren', '/admin/add_loren', { loren_name: 'north loren' }, 409, 'A loren named "north loren" already exists.'],
      // The property, investor or LLC a write acts on is a 404 when unknown, as its read answers (docs/api.md).
      ['notes for an unknown property', '/admin/set_property_notes', { property_name: 'Atlantis', notes: 'x' }, 404, 'No property named "Atlantis".'],
      ['empty notes', '/admin/set_property_notes', { property_name: 'P', notes: ' ' }, 400, 'Notes is required.'],
      ['a fee change for an unknown investor', '/admin/set_investor_fee', { investor_name: 'Zed', fee_percentage: '0.05', effective_month: '2024-07' }, 404, 'No investor named "Zed".'],
      ['an update of an unknown LLC', '/admin/update_llc', { ...MAPLE_LLC, llc_name: 'Ghost LLC' }, 404, 'No LLC named "Ghost LLC".'],
      ['a bad Idempotency-Key', '/admin/record_property_income', income, 400, /Idempotency-Key must be/],
    ];

    it.each(cases)('refuses %s', async (what, url, payload, status, message) => {
      const before = await snapshot(t);
      const headers: Record<string, string> = what === 'a bad Idempotency-Key' ? { 'idempotency-key': 'bad key!' } : {};
      const res = await post(url, payload, headers);
      expect(res.statusCode, res.body).toBe(status);
      const body = res.json();
      expect(Object.keys(body)).toEqual(['message']);
      if (typeof message === 'string') expect(body.message).toBe(message);
      else expect(body.message).toMatch(message);
      expect(await snapshot(t)).toEqual(before);
    });
  });

  describe('idempotency keys (docs/security.md L6)', () => {
    // Each test uses a key of its own and checks only what its own requests changed.
    beforeAll(open('maple'));
    afterAll(close);

    const body = { income_date: '2024-06-03', income_for_month: '2024-06-01', property_name: 'P', description: 'Late fee', amount: '25.00', income_category: 'Late fees' };

    it('records once for a repeated key and answers the same', async () => {
      const key = crypto.randomUUID();
      const first = await post('/admin/record_property_income', body, { 'idempotency-key': key });
      const before = await snapshot(t);
      const second = await post('/admin/record_property_income', body, { 'idempotency-key': key });
      expect(first.statusCode).toBe(201);
      expect(second.statusCode).toBe(201);
      expect(second.json()).toEqual(first.json());
      expect(await snapshot(t)).toEqual(before);
    });

    it('refuses the same key with a different body (409: a 422 would sign the web user out)', async () => {
      const key = crypto.randomUUID();
      expect((await post('/admin/record_property_income', body, { 'idempotency-key': key })).statusCode).toBe(201);
      const before = await snapshot(t);
      const changed = await post('/admin/record_property_income', { ...body, amount: '26.00' }, { 'idempotency-key': key });
      expect(changed.statusCode).toBe(409);
      expect(changed.json()).toEqual({ message: 'This Idempotency-Key was already used for a different request.' });
      expect(await snapshot(t)).toEqual(before);
    });

    it('lets one key through once even when the twins race', async () => {
      const key = crypto.randomUUID();
      const before = await snapshot(t);
      const answers = await Promise.all(Array.from({ length: 10 }, () => post('/admin/record_property_income', body, { 'idempotency-key': key })));
      expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([201]));
      expect(new Set(answers.map((a) => a.body)).size).toBe(1);
      const after = await snapshot(t);
      expect(after.ledger! - before.ledger!).toBe(1);
    });
  });

  describe('who may write', () => {
    let investor: { token: string };
    beforeAll(async () => {
      await open('maple')();
      investor = await createInvestorWithLogin(t, 'Nosy Ned');
    });
    afterAll(close);

    it('refuses every admin call to an investor (403) and to nobody (401), and lets investors read only their level', async () => {
      const before = await snapshot(t);
      const urls = [
        '/admin/add_investment_property', '/admin/add_investor', '/admin/set_investor_fee', '/admin/add_expense_category',
        '/admin/set_property_notes', '/admin/add_llc', '/admin/update_llc', '/admin/add_loren', '/admin/record_property_income',
        '/admin/record_loren_income', '/admin/record_lc_payment', '/admin/record_property_expense',
        '/admin/record_investor_property_expense', '/admin/record_llc_expense', '/admin/add_rental_deposit', '/admin/add_investment',
      ];
      for (const url of urls) {
        const asInvestor = await t.app.inject({ method: 'POST', url, payload: {}, headers: bearer(investor.token) });
        expect(asInvestor.statusCode, url).toBe(403);
        const anonymous = await t.app.inject({ method: 'POST', url, payload: {} });
        expect(anonymous.statusCode, url).toBe(401);
      }
      for (const url of ['/admin/get_admin_helpers', '/admin/get_property_notes?property_name=P', '/admin/get_llc?llc_name=x']) {
        expect((await t.app.inject({ method: 'GET', url, headers: bearer(investor.token) })).statusCode, url).toBe(403);
      }
      const after = await snapshot(t);
      expect({ ...after, audit: before.audit }).toEqual(before);
    });

    it('lists a registered investor among the portal users', async () => {
      const token = await signIn(t.app, ADMIN.username, ADMIN.password);
      const h = (await t.app.inject({ method: 'GET', url: '/admin/get_admin_helpers', headers: bearer(token) })).json();
      expect(h.portal_users_list).toEqual(['Nosy Ned']);
      expect(h.investors_list).toEqual(['A', 'B', 'C', 'Nosy Ned']);
    });
  });
});
