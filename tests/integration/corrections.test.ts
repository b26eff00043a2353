import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAPLE_LLC } from '../fixtures/maple.js';
import { mapleBooksTemplate, type MapleBooks } from '../support/maple-books.js';
import { DB_KINDS } from '../support/test-db.js';
import { bearer, type AppTemplate, type TestApp } from '../support/test-app.js';

/**
 * Receipts and corrections: GET /admin/ledger_entries (a form's last entries,
 * one entry by id) and POST /admin/correct_entry (void + record in one transaction, audited, idempotent),
 * on the Maple books with their withdrawals (A: 6,000 in cash on 2024-07-01, 25,000 of capital from P on
 * 2024-09-10; A's cash maximum is 4,042.50).
 */

/** The $7,500 late fee that was meant to be $75. */
const LATE_FEE = { income_date: '2025-12-03', income_for_month: '2025-12', property_name: 'P', description: 'Late fee, unit 2', amount: '7500.00', income_category: 'Rent' };

describe.each(DB_KINDS)('corrections on %s', (kind) => {
  let maple: AppTemplate<MapleBooks>;
  let t: TestApp;
  let admin: string;

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}, token = admin) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: { ...bearer(token), ...headers } });
  const getOn = async (app: TestApp, url: string, token = admin) => {
    const res = await app.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  const get = (url: string, token = admin) => getOn(t, url, token);
  /** Everything a correction could change, counted. */
  const counts = async () =>
    (await t.testDb.db.query<{ entries: number; voided: number; audits: number; keys: number }>(
      `SELECT (SELECT count(*)::int FROM ledger_entry) AS entries, (SELECT count(*)::int FROM ledger_entry WHERE voided_at IS NOT NULL) AS voided,
              (SELECT count(*)::int FROM audit_event) AS audits, (SELECT count(*)::int FROM idempotency_key) AS keys`,
    ))[0]!;
  const entryOf = async (id: number) => (await get(`/admin/ledger_entries?id=${id}`)).entries[0];
  const idOf = async (url: string, body: object) => {
    const res = await post(url, body);
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: number }).id;
  };
  /** The figures a correction moves: the admin's summary, P's details, and A's and B's summaries. */
  const figuresOn = async (app: TestApp) => ({
    summary: await getOn(app, '/admin/get_admin_summary'),
    property: await getOn(app, '/admin/get_property_details?selectedProperty=P'),
    a: await getOn(app, '/api/investor_summary?investor_name=A'),
    b: await getOn(app, '/api/investor_summary?investor_name=B'),
  });

  beforeAll(async () => {
    maple = await mapleBooksTemplate(kind, { logins: true });
    admin = maple.state.admin;
  }, 120_000);
  afterAll(() => maple?.close());

  describe('the happy path', () => {
    beforeEach(async () => {
      t = await maple.start();
    });
    afterEach(() => t?.close());

    it('voids the entry and records the corrected one in one step: both audited, the figures as if $75 had been recorded', async () => {
      const before = await counts();
      const wrong = await idOf('/admin/record_property_income', LATE_FEE);
      const res = await post('/admin/correct_entry', { id: wrong, reason: 'Meant $75, not $7,500', entry: { ...LATE_FEE, amount: '75' } });
      expect(res.statusCode, res.body).toBe(201);
      const { id, voided_id, message } = res.json() as { id: number; voided_id: number; message: string };
      expect(voided_id).toBe(wrong);
      expect(message).toBe(`Entry ${wrong} is voided and recorded again, corrected, as entry ${id}.`);
      // One entry more than before the late fee (the old one stays, voided), one voided, three audit rows.
      expect(await counts()).toEqual({ entries: before.entries + 2, voided: before.voided + 1, audits: before.audits + 3, keys: before.keys });

      const old = await entryOf(wrong);
      expect(old).toMatchObject({ id: wrong, amount: 7500, voided_by: 'admin', void_reason: 'Corrected: Meant $75, not $7,500' });
      expect(await entryOf(id)).toMatchObject({
        id, kind: 'property_income', date: '2025-12-03', for_month: '2025-12', amount: 75, property: 'P', llc: MAPLE_LLC.llc_name,
        category: 'Rent', description: 'Late fee, unit 2', recorded_by: 'admin', voided_at: null,
      });
      // The viewer shows both: the old row voided with the reason, the new one live.
      const viewer = await get('/admin/get_property_txns?selectedProperty=P&include_voided=true');
      expect(viewer.income.filter((r: { id: number }) => r.id === wrong || r.id === id)).toEqual([
        { id, date: '2025-12-03', amount: 75, detail: 'Rent: Late fee, unit 2' },
        expect.objectContaining({ id: wrong, amount: 7500, void_reason: 'Corrected: Meant $75, not $7,500' }),
      ]);

      // The audit trail: the void of the old entry, then the record of the new one naming it.
      const [record, voided] = (
        await t.testDb.db.query<{ action: string; entity_id: string; after: Record<string, unknown> }>(
          `SELECT action, entity_id, after FROM audit_event WHERE entity = 'ledger_entry' ORDER BY id DESC LIMIT 2`,
        )
      );
      expect(voided).toMatchObject({ action: 'void', entity_id: String(wrong), after: { void_reason: 'Corrected: Meant $75, not $7,500' } });
      expect(record).toMatchObject({ action: 'record', entity_id: String(id), after: { amountCents: 7500 /* $75 */, corrects: wrong, correction_reason: 'Meant $75, not $7,500' } });
      expect((await get('/admin/audit_log?entity=ledger_entry&page_size=2')).events.map((e: { action: string }) => e.action)).toEqual(['record', 'void']);

      // The figures are exactly those of books where $75 was recorded in the first place.
      const control = await maple.start();
      try {
        await control.app.inject({ method: 'POST', url: '/admin/record_property_income', payload: { ...LATE_FEE, amount: '75' }, headers: bearer(admin) });
        const [mine, theirs] = [await figuresOn(t), await figuresOn(control)];
        expect(mine).toEqual(theirs);
      } finally {
        await control.close();
      }
    });

    it('moves the figures by exactly the difference: total income +7,500.00, then −7,425.00', async () => {
      const income = async () => (await get('/admin/get_admin_summary')).total_income as number;
      const start = await income();
      const wrong = await idOf('/admin/record_property_income', LATE_FEE);
      expect(Math.round((await income()) * 100) - Math.round(start * 100)).toBe(750000);
      await post('/admin/correct_entry', { id: wrong, reason: 'Typo', entry: { ...LATE_FEE, amount: '75' } });
      expect(Math.round((await income()) * 100) - Math.round(start * 100)).toBe(7500);
    });

    it('frees the old amount first: a cash withdrawal of 6,000 can become 10,042.50 (its 6,000 + the 4,042.50 left)', async () => {
      const [withdrawal] = (await get('/admin/ledger_entries?kind=cash_withdrawal')).entries;
      expect(withdrawal).toMatchObject({ investor: 'A', amount: 6000, date: '2024-07-01', description: 'Q2 distribution' });
      const res = await post('/admin/correct_entry', {
        id: withdrawal.id, reason: 'Paid the whole balance',
        entry: { investor_name: 'A', date: '2024-07-01', description: 'Q2 distribution', amount: '10042.50' },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect((await get('/admin/get_max_cash_withdrawal?investor_name=A')).max_cash_withdrawal).toBe(0);
    });

    it('corrects an expense charged to one investor, with the investor form, and an investment upwards', async () => {
      const expense = await idOf('/admin/record_investor_property_expense', {
        investor: 'B', expense_date: '2025-11-02', expense_for_month: '2025-11', property_name: 'P', description: 'Key copy', amount: '40', expense_category: 'Repairs', payer: 'admin',
      });
      const fixed = await post('/admin/correct_entry', {
        id: expense, reason: 'Charged to A',
        entry: { investor: 'A', expense_date: '2025-11-02', expense_for_month: '2025-11', property_name: 'P', description: 'Key copy', amount: '40', expense_category: 'Repairs', payer: 'admin' },
      });
      expect(fixed.statusCode, fixed.body).toBe(201);
      expect(await entryOf(fixed.json().id)).toMatchObject({ kind: 'investor_property_expense', investor: 'A', payer: 'admin' });
      const [investment] = (await get('/admin/ledger_entries?kind=investment&property_name=P&limit=50')).entries.filter((e: { investor: string }) => e.investor === 'A');
      const up = await post('/admin/correct_entry', { id: investment.id, reason: 'Wired 101,000', entry: { property_name: 'P', investor_name: 'A', date: '2024-01-05', amount: '101000' } });
      expect(up.statusCode, up.body).toBe(201);
    });

    it('lets one of two simultaneous corrections of the same entry through; the other finds it voided (409)', async () => {
      const wrong = await idOf('/admin/record_property_income', LATE_FEE);
      const before = await counts();
      const answers = await Promise.all(['75', '76'].map((amount) => post('/admin/correct_entry', { id: wrong, reason: 'Typo', entry: { ...LATE_FEE, amount } })));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
      expect(await counts()).toEqual({ ...before, entries: before.entries + 1, voided: before.voided + 1, audits: before.audits + 2 });
    });

    it('answers a repeat with the same Idempotency-Key with the first answer and corrects once; another body under it is a 409', async () => {
      const wrong = await idOf('/admin/record_property_income', LATE_FEE);
      const body = { id: wrong, reason: 'Typo', entry: { ...LATE_FEE, amount: '75' } };
      const key = 'correct-late-fee-0001';
      const first = await post('/admin/correct_entry', body, { 'idempotency-key': key });
      expect(first.statusCode, first.body).toBe(201);
      const after = await counts();
      const second = await post('/admin/correct_entry', body, { 'idempotency-key': key });
      expect(second.statusCode).toBe(201);
      expect(second.json()).toEqual(first.json());
      expect(await counts()).toEqual(after);
      const other = await post('/admin/correct_entry', { ...body, reason: 'Another reason' }, { 'idempotency-key': key });
      expect(other.statusCode).toBe(409);
      expect(await counts()).toEqual(after);
      // Without a key, the repeat finds the entry voided.
      expect((await post('/admin/correct_entry', body)).statusCode).toBe(409);
    });
  });

  describe('refusals, each changing nothing', () => {
    let late: number;
    let voided: number;
    beforeAll(async () => {
      t = await maple.start();
      late = await idOf('/admin/record_property_income', LATE_FEE);
      voided = await idOf('/admin/record_property_income', { ...LATE_FEE, description: 'Entered twice' });
      const [entry] = (await get(`/admin/ledger_entries?id=${voided}`)).entries;
      expect((await post('/admin/delete_income', { id: voided, amount: entry.amount, date: entry.date, reason: 'Twice' })).statusCode).toBe(200);
    });
    afterAll(() => t?.close());

    const fee = (over: Record<string, unknown> = {}) => ({ ...LATE_FEE, amount: '75', ...over });
    const cases: [string, () => unknown, number, string | RegExp | (() => string)][] = [
      ['a missing reason', () => ({ id: late, entry: fee() }), 400, 'Reason is required.'],
      ['an empty reason', () => ({ id: late, reason: '   ', entry: fee() }), 400, 'Reason is required.'],
      ['a missing entry', () => ({ id: late, reason: 'x' }), 400, 'Entry is required.'],
      ['an unknown id', () => ({ id: 999_999, reason: 'x', entry: fee() }), 404, 'No entry with ID 999999.'],
      ['an id already voided', () => ({ id: voided, reason: 'x', entry: fee() }), 409, () => `Entry ID ${voided} is already voided: correct the entry that replaced it.`],
      ['an id as text', () => ({ id: 'one', reason: 'x', entry: fee() }), 400, 'Id must be a number.'],
      ['an entry that is text', () => ({ id: late, reason: 'x', entry: 'amount 75' }), 400, "Entry must be an object: the fields of the entry's recording form."],
      ['an amount that is not a number', () => ({ id: late, reason: 'x', entry: fee({ amount: 'seventy-five' }) }), 400, /^Amount /],
      ['an over-precise amount', () => ({ id: late, reason: 'x', entry: fee({ amount: '75.005' }) }), 400, 'Amount must have at most two decimals.'],
      ['a zero amount', () => ({ id: late, reason: 'x', entry: fee({ amount: '0' }) }), 400, /^Amount /],
      ['a field of another form', () => ({ id: late, reason: 'x', entry: fee({ payer: 'admin' }) }), 400, 'Unknown field: payer.'],
      ['an expense form for an income', () => ({ id: late, reason: 'x', entry: { expense_date: '2025-12-03', expense_for_month: '2025-12', property_name: 'P', description: 'x', amount: '75', expense_category: 'Repairs' } }), 400, 'Income date is required.'],
      ['an unknown property', () => ({ id: late, reason: 'x', entry: fee({ property_name: 'Zed' }) }), 400, 'No property named "Zed".'],
      ['an unknown field', () => ({ id: late, reason: 'x', entry: fee(), note: 'x' }), 400, 'Unknown field: note.'],
    ];

    it.each(cases)('refuses %s in plain words', async (_, body, status, message) => {
      const before = await counts();
      const res = await post('/admin/correct_entry', body());
      expect(res.statusCode, res.body).toBe(status);
      if (message instanceof RegExp) expect(res.json().message).toMatch(message);
      else expect(res.json()).toEqual({ message: typeof message === 'string' ? message : message() });
      expect(await counts()).toEqual(before);
    });

    it('is for admins only: 401 without a session, 403 to an investor (even for their own entry), nothing changed', async () => {
      const before = await counts();
      const body = { id: late, reason: 'x', entry: fee() };
      expect((await t.app.inject({ method: 'POST', url: '/admin/correct_entry', payload: body })).statusCode).toBe(401);
      expect((await post('/admin/correct_entry', body, {}, maple.state.investors.A!)).statusCode).toBe(403);
      const [cash] = (await get('/admin/ledger_entries?kind=cash_withdrawal')).entries;
      const own = { id: cash.id, reason: 'x', entry: { investor_name: 'A', date: '2024-07-01', description: 'mine', amount: '1' } };
      expect((await post('/admin/correct_entry', own, {}, maple.state.investors.A!)).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: '/admin/ledger_entries', headers: bearer(maple.state.investors.A!) })).statusCode).toBe(403);
      expect(await counts()).toEqual(before);
    });

    it('refuses a correction that would overdraw with 409: a withdrawal over what is left, capital below zero', async () => {
      const before = await counts();
      const [cash] = (await get('/admin/ledger_entries?kind=cash_withdrawal')).entries;
      // What A may take once the 6,000 is given back: the maximum now (with A's share of the late fee) + 6,000.
      const maxCents = Math.round((await get('/admin/get_max_cash_withdrawal?investor_name=A')).max_cash_withdrawal * 100) + 600_000;
      const over = await post('/admin/correct_entry', {
        id: cash.id, reason: 'x', entry: { investor_name: 'A', date: '2024-07-01', description: 'Q2 distribution', amount: ((maxCents + 1) / 100).toFixed(2) },
      });
      expect(over.statusCode, over.body).toBe(409);
      expect(over.json()).toEqual({ message: `This correction cannot be saved: Amount cannot exceed the maximum withdrawal amount of ${(maxCents / 100).toFixed(2)}.` });
      // A's 100,000 in P cannot become 20,000: 25,000 was returned to A on 2024-09-10.
      const investment = (await get('/admin/ledger_entries?kind=investment&property_name=P&limit=50')).entries.find((e: { investor: string }) => e.investor === 'A');
      const below = await post('/admin/correct_entry', { id: investment.id, reason: 'x', entry: { property_name: 'P', investor_name: 'A', date: '2024-01-05', amount: '20000' } });
      expect(below.statusCode, below.body).toBe(409);
      expect(below.json()).toEqual({ message: "This correction cannot be saved: it would make this investor's capital in this property negative on 09/10/2024." });
      // The 25,000 returned cannot become 80,000 (A holds 75,000 more after it).
      const [returned] = (await get('/admin/ledger_entries?kind=investment_withdrawal')).entries;
      const more = await post('/admin/correct_entry', { id: returned.id, reason: 'x', entry: { investor_name: 'A', property_name: 'P', date: '2024-09-10', amount: '100000.01' } });
      expect(more.statusCode, more.body).toBe(409);
      expect(await counts()).toEqual(before);
      expect(Math.round((await get('/admin/get_max_cash_withdrawal?investor_name=A')).max_cash_withdrawal * 100)).toBe(maxCents - 600_000);
    });

    it('keeps closed periods closed: neither the old date nor the new one may be in them (409)', async () => {
      const before = await counts();
      const [rent] = (await get('/admin/ledger_entries?kind=property_income&property_name=P&limit=50')).entries.filter((e: { date: string }) => e.date === '2024-03-03');
      expect((await post('/admin/set_period_lock', { llc_name: MAPLE_LLC.llc_name, closed_through: '2024-06-30' })).statusCode).toBe(200);
      try {
        const afterLock = await counts();
        const old = await post('/admin/correct_entry', { id: rent.id, reason: 'x', entry: { ...fee(), income_date: '2025-03-03' } });
        expect(old.statusCode, old.body).toBe(409);
        expect(old.json().message).toMatch(/closed through 06\/30\/2024/);
        const into = await post('/admin/correct_entry', { id: late, reason: 'x', entry: fee({ income_date: '2024-06-30', income_for_month: '2024-06' }) });
        expect(into.statusCode, into.body).toBe(409);
        expect(await counts()).toEqual(afterLock);
      } finally {
        await post('/admin/set_period_lock', { llc_name: MAPLE_LLC.llc_name, closed_through: '' });
      }
      expect((await counts()).entries).toBe(before.entries);
    });
  });

  describe('the entries behind the receipts', () => {
    beforeAll(async () => {
      t = await maple.start();
    });
    afterAll(() => t?.close());

    it('lists the last entries of a kind newest recorded first (5 unless told), of a property and a category', async () => {
      const rents = (await get('/admin/ledger_entries?kind=property_income')).entries;
      expect(rents).toHaveLength(5);
      expect(rents.map((e: { description: string }) => e.description)).toEqual(['Rent 12/2024', 'Rent 11/2024', 'Rent 10/2024', 'Rent 09/2024', 'Rent 08/2024']);
      expect(rents[0]).toMatchObject({ kind: 'property_income', amount: 2000, property: 'P', llc: MAPLE_LLC.llc_name, category: 'Rent', loren: null, payer: null, period_start: null });
      const repairs = (await get('/admin/ledger_entries?kind=property_expense&property_name=p&category=repairs&limit=50')).entries;
      expect(repairs).toHaveLength(13);
      expect(repairs[0]).toMatchObject({ description: 'Roof repair', amount: 2100, payer: 'admin' });
      const llc = (await get('/admin/ledger_entries?kind=llc_expense')).entries;
      expect(llc.map((e: { llc: string; amount: number }) => [e.llc, e.amount])).toEqual([[MAPLE_LLC.llc_name, 1200], [MAPLE_LLC.llc_name, 300]]);
      const res = await t.app.inject({ method: 'GET', url: '/admin/ledger_entries?property_name=Zed', headers: bearer(admin) });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'No property named "Zed".' });
      expect((await t.app.inject({ method: 'GET', url: '/admin/ledger_entries?limit=51', headers: bearer(admin) })).statusCode).toBe(400);
    });
  });
});
