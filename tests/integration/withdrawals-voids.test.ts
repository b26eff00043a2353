import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../../src/server/modules/audit/audit.service.js';
import { MAPLE_LLC, MAPLE_PROPERTIES } from '../fixtures/maple.js';
import { mapleBooksTemplate, recordMapleWithdrawals, type MapleBooks } from '../support/maple-books.js';
import { DB_KINDS, onPostgres } from '../support/test-db.js';
import { ADMIN, bearer, seedAs, signIn, startTestApp, type AppTemplate, type TestApp } from '../support/test-app.js';

/** A second entry of the Maple roof repair of July, as an admin might key it twice. */
const ROOF_REPAIR = { expense_date: '2024-07-22', expense_for_month: '2024-07-01', property_name: 'P', description: 'Roof repair', amount: '2100.00', expense_category: 'Repairs', payer: 'admin' };

/**
 * Each describe starts from the Maple books (recorded once, then copied) plus what its name says, written
 * in its hooks: tests that write get a fresh copy each (beforeEach), tests that only read share one.
 */
describe.each(DB_KINDS)('the books, part 2, on %s', (kind) => {
  let maple: AppTemplate<MapleBooks>;
  let t: TestApp;
  let token: string;
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: { ...bearer(token), ...headers } });
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const maxCash = async (name: string) => (await get(`/admin/get_max_cash_withdrawal?investor_name=${name}`)).json().max_cash_withdrawal;
  const ledgerCount = async () => (await t.testDb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM ledger_entry'))[0]!.n;

  beforeAll(async () => {
    maple = await mapleBooksTemplate(kind, { withdrawals: false });
  });
  afterAll(() => maple?.close());

  /** A fresh app on a copy of the Maple books before withdrawals, the admin signed in, then `steps` written. */
  const open = (...steps: (() => Promise<unknown>)[]) => async () => {
    t = await maple.start();
    token = await signIn(t.app, ADMIN.username, ADMIN.password);
    for (const step of steps) await step();
  };
  const close = () => t?.close();

  // The steps, as an admin would record them.
  const seed = (url: string, payload: object) => seedAs(t, token)(url, payload);
  const exampleWithdrawals = () => recordMapleWithdrawals(t, token);
  const depositRefund = () =>
    seed('/admin/record_deposit_withdrawal', { property_name: 'P', date: '2024-11-30', notes: 'Unit 1 move-out', amount: '500' });
  const lossOfInvestorD = async () => {
    await seed('/admin/add_investor', { name: 'D', email: '', phone: '', address: '', fee_percentage: '0.10' });
    await seed('/admin/add_investment_property', { ...MAPLE_PROPERTIES[0], property_name: 'S', purchase_date: '2024-01-01' });
    await seed('/admin/add_investment', { property_name: 'S', investor_name: 'D', date: '2024-01-02', amount: '10000' });
    await seed('/admin/record_property_expense', { expense_date: '2024-02-10', expense_for_month: '2024-02', property_name: 'S', description: 'Boiler', amount: '1200', expense_category: 'Repairs' });
  };
  const voidedDuplicate = async () => {
    const { id } = await seed('/admin/record_property_expense', ROOF_REPAIR);
    await seed('/admin/delete_expense', { id, amount: 2100, detail: 'Repairs: Roof repair', date: '2024-07-22' });
  };

  describe('maximums and withdrawals (docs/rules/withdrawals.md)', () => {
    describe('on the Maple books before withdrawals', () => {
      beforeEach(open());
      afterEach(close);

      it('starts from the Maple books before withdrawals: A may take 10,402.50 in cash, 100,000 from P; P holds 2,000', async () => {
        // Without A's September withdrawal A keeps 2/3 of P from September: 4 × (1,000 − 900) − 10% = 360 more than 10,042.50.
        expect(await maxCash('A')).toBe(10402.5);
        expect((await get('/admin/get_max_investment_withdrawal?investor_name=A&property_name=P')).json()).toEqual({ max_investment_withdrawal: 100000 });
        expect((await get('/admin/get_max_deposit_withdrawal?property_name=P')).json()).toEqual({ max_deposit_withdrawal: 2000 });
      });

      it('records the example withdrawals and lowers the maximums: A cash 4,042.50, A in P 75,000.00', async () => {
        const cash = await post('/admin/record_cash_withdrawal', { investor_name: 'A', date: '2024-07-01', description: 'Q2 distribution', amount: '6000.00' });
        expect(cash.statusCode, cash.body).toBe(201);
        expect(cash.json().message).toBe('Cash withdrawal recorded successfully');
        const inv = await post('/admin/record_investment_withdrawal', { investor_name: 'A', property_name: 'P', date: '2024-09-10', amount: '25000' });
        expect(inv.statusCode, inv.body).toBe(201);
        expect(inv.json().message).toBe('Investment withdrawal recorded successfully');
        expect(await maxCash('A')).toBe(4042.5); // 10,042.50 − 6,000
        expect((await get('/admin/get_max_investment_withdrawal?investor_name=A&property_name=P')).json()).toEqual({ max_investment_withdrawal: 75000 });
      });
    });

    describe('with the example withdrawals', () => {
      // Read-only: every case is refused, so the cases share one copy of the books.
      beforeAll(open(exampleWithdrawals));
      afterAll(close);

      it.each([
        ['cash over the balance', '/admin/record_cash_withdrawal', { investor_name: 'A', date: '2024-12-01', description: 'x', amount: '4042.51' }, 'Amount cannot exceed the maximum withdrawal amount of 4042.50'],
        ['capital over the investment', '/admin/record_investment_withdrawal', { investor_name: 'A', property_name: 'P', date: '2024-12-01', amount: '75000.01' }, 'Amount cannot exceed the maximum withdrawal amount of 75000.00'],
        ['a deposit over the deposits held', '/admin/record_deposit_withdrawal', { property_name: 'P', date: '2024-12-01', notes: 'x', amount: '2000.01' }, 'Amount cannot exceed the maximum deposit amount of 2000.00'],
        ['capital from a property without any', '/admin/record_investment_withdrawal', { investor_name: 'C', property_name: 'P', date: '2024-12-01', amount: '1' }, 'Amount cannot exceed the maximum withdrawal amount of 0.00'],
        ['a withdrawal backdated before the investment (edge case 2)', '/admin/record_investment_withdrawal', { investor_name: 'A', property_name: 'P', date: '2023-12-31', amount: '100' }, /capital in P below zero on 12\/31\/2023/],
        ['a withdrawal in the future', '/admin/record_cash_withdrawal', { investor_name: 'A', date: '2099-01-01', description: 'x', amount: '1' }, 'A withdrawal cannot be dated in the future.'],
        ['a negative amount', '/admin/record_cash_withdrawal', { investor_name: 'A', date: '2024-12-01', description: 'x', amount: '-5' }, 'Amount must be greater than zero.'],
        ['an over-precise amount', '/admin/record_deposit_withdrawal', { property_name: 'P', date: '2024-12-01', notes: 'x', amount: '1.005' }, 'Amount must have at most two decimals.'],
        ['an unknown investor', '/admin/record_cash_withdrawal', { investor_name: 'Zed', date: '2024-12-01', description: 'x', amount: '1' }, 'No investor named "Zed".'],
        ['a missing description', '/admin/record_cash_withdrawal', { investor_name: 'A', date: '2024-12-01', amount: '1' }, 'Description is required.'],
        ['an unknown field', '/admin/record_deposit_withdrawal', { property_name: 'P', date: '2024-12-01', notes: 'x', amount: '1', disposition: 'retained' }, 'Unknown field: disposition.'],
      ])('refuses %s with 400 and writes nothing', async (_, url, body, message) => {
        const before = await ledgerCount();
        const res = await post(url, body);
        expect(res.statusCode, res.body).toBe(400);
        if (typeof message === 'string') expect(res.json()).toEqual({ message });
        else expect(res.json().message).toMatch(message);
        expect(await ledgerCount()).toBe(before);
      });
    });

    describe('with the example withdrawals, on a copy for each test', () => {
      beforeEach(open(exampleWithdrawals));
      afterEach(close);

      it('answers 0.00 as the cash maximum of a negative balance (edge case 3)', async () => {
        // D joins P late, then P loses money in one month: D's cash goes below zero.
        expect((await post('/admin/add_investor', { name: 'D', email: '', phone: '', address: '', fee_percentage: '0.10' })).statusCode).toBe(201);
        expect((await post('/admin/add_investment_property', { ...MAPLE_PROPERTIES[0], property_name: 'S', purchase_date: '2024-01-01' })).statusCode).toBe(201);
        expect((await post('/admin/add_investment', { property_name: 'S', investor_name: 'D', date: '2024-01-02', amount: '10000' })).statusCode).toBe(201);
        expect((await post('/admin/record_property_expense', { expense_date: '2024-02-10', expense_for_month: '2024-02', property_name: 'S', description: 'Boiler', amount: '1200', expense_category: 'Repairs' })).statusCode).toBe(201);
        expect(await maxCash('D')).toBe(0);
        const res = await post('/admin/record_cash_withdrawal', { investor_name: 'D', date: '2024-03-01', description: 'x', amount: '0.01' });
        expect(res.json()).toEqual({ message: 'Amount cannot exceed the maximum withdrawal amount of 0.00' });
      });

      it('records a deposit refund and shows it negative in the viewer', async () => {
        const res = await post('/admin/record_deposit_withdrawal', { property_name: 'P', date: '2024-11-30', notes: 'Unit 1 move-out', amount: '500' });
        expect(res.statusCode, res.body).toBe(201);
        expect(res.json().message).toBe('Deposit withdrawal recorded successfully');
        expect((await get('/admin/get_max_deposit_withdrawal?property_name=P')).json()).toEqual({ max_deposit_withdrawal: 1500 });
        const txns = (await get('/admin/get_property_txns?selectedProperty=P')).json();
        expect(txns.deposits.map((d: { amount: number; detail: string }) => [d.amount, d.detail])).toEqual([
          [-500, 'Refund: Unit 1 move-out'],
          [2000, 'Security deposit, unit 1'],
        ]);
        expect(txns.income).toHaveLength(12);
        expect(txns.expenses).toHaveLength(37);
        expect(txns.lc_payments).toEqual([]);
        expect(txns.income[0]).toEqual({ id: expect.any(Number), date: '2024-12-03', amount: 2000, detail: 'Rent: Rent 12/2024' });
        const llc = (await get(`/admin/get_llc_txns?selectedLLC=${encodeURIComponent(MAPLE_LLC.llc_name)}`)).json();
        expect(llc.expenses.map((e: { amount: number; detail: string }) => [e.amount, e.detail])).toEqual([
          [1200, 'Tax preparation: 2023 return'],
          [300, 'State fees: Annual report'],
        ]);
      });
    });
  });

  describe('deletes are voids (docs/rules/ledger.md, T6)', () => {
    describe('with the example withdrawals and a deposit refund', () => {
      beforeEach(open(exampleWithdrawals, depositRefund));
      afterEach(close);

      it('voids a duplicate entry and gives figures identical to never having entered it', async () => {
        const before = { cashA: await maxCash('A'), cashB: await maxCash('B') };
        const dup = await post('/admin/record_property_expense', ROOF_REPAIR);
        const id = dup.json().id as number;
        expect(await maxCash('A')).not.toBe(before.cashA);
        // A stale viewer (the amount differs) is refused.
        const stale = await post('/admin/delete_expense', { id, amount: 2000, detail: 'Repairs: Roof repair', date: '2024-07-22' });
        expect(stale.statusCode).toBe(409);
        expect(stale.json().message).toMatch(/has changed since it was shown/);
        const ok = await post('/admin/delete_expense', { id, amount: 2100, detail: 'Repairs: Roof repair', date: '2024-07-22' });
        expect(ok.statusCode, ok.body).toBe(200);
        expect(ok.json()).toEqual({ message: 'Expense deleted successfully!' });
        expect({ cashA: await maxCash('A'), cashB: await maxCash('B') }).toEqual(before);
        // The row stays, voided, with who and why; an audit row records the void.
        const [row] = await t.testDb.db.query<{ voided: boolean; amount_cents: number; void_reason: string }>(
          'SELECT voided_at IS NOT NULL AS voided, amount_cents, void_reason FROM ledger_entry WHERE id = $1', [id]);
        expect(row).toEqual({ voided: true, amount_cents: 210000, void_reason: 'Deleted in the transaction viewer' });
        const audits = await t.testDb.db.query<{ action: string }>(`SELECT action FROM audit_event WHERE entity = 'ledger_entry' AND entity_id = $1 ORDER BY id`, [String(id)]);
        expect(audits.map((a) => a.action)).toEqual(['record', 'void']);
        // It leaves the viewer, and comes back with the "show voided" switch.
        const shown = (await get('/admin/get_property_txns?selectedProperty=P')).json().expenses.map((e: { id: number }) => e.id);
        expect(shown).not.toContain(id);
        const withVoided = (await get('/admin/get_property_txns?selectedProperty=P&include_voided=true')).json().expenses;
        expect(withVoided.find((e: { id: number }) => e.id === id)).toMatchObject({ voided_by: 'admin', void_reason: 'Deleted in the transaction viewer' });
        // Deleting twice is a conflict, not a second void.
        const again = await post('/admin/delete_expense', { id, amount: 2100, detail: '', date: '2024-07-22' });
        expect(again.statusCode).toBe(409);
      });

      it('refuses a void in the wrong family (404), or one that would make deposits or capital negative (409)', async () => {
        const incomeId = (await get('/admin/get_property_txns?selectedProperty=P')).json().income[0].id;
        const wrong = await post('/admin/delete_expense', { id: incomeId, amount: 2000, date: '2024-12-03' });
        expect(wrong.statusCode).toBe(404);
        expect(wrong.json()).toEqual({ message: `No expense with ID ${incomeId}.` });
        const deposit = (await get('/admin/get_property_txns?selectedProperty=P')).json().deposits.find((d: { amount: number }) => d.amount === 2000);
        const heldNegative = await post('/admin/delete_deposit', { id: deposit.id, amount: 2000, date: deposit.date });
        expect(heldNegative.statusCode).toBe(409);
        expect(heldNegative.json().message).toMatch(/would make the deposits held for this property negative on 11\/30\/2024/);
        const investment = (await get('/admin/get_property_txns?selectedProperty=P')).json().investments.find((d: { amount: number }) => d.amount === 100000);
        const capitalNegative = await post('/admin/delete_investment', { id: investment.id, amount: '100000.00', date: investment.date });
        expect(capitalNegative.statusCode).toBe(409);
        expect(capitalNegative.json().message).toMatch(/capital in this property negative on 09\/10\/2024/);
      });

      it('voids each viewer family and the extensions', async () => {
        const txns = (await get('/admin/get_property_txns?selectedProperty=Q')).json();
        const lc = txns.lc_payments[0];
        expect((await post('/admin/delete_lc_payment', { id: lc.id, amount: lc.amount, detail: lc.detail, date: lc.date })).json()).toEqual({ message: 'Land contract payment deleted successfully!' });
        const p = (await get('/admin/get_property_txns?selectedProperty=P')).json();
        const refund = p.deposits.find((d: { amount: number }) => d.amount < 0);
        expect((await post('/admin/delete_deposit', { id: refund.id, amount: refund.amount, date: refund.date })).json()).toEqual({ message: 'Deposit deleted successfully!' });
        const income = p.income[0];
        expect((await post('/admin/delete_income', { id: income.id, amount: income.amount, date: income.date })).json()).toEqual({ message: 'Income deleted successfully!' });
        const llc = (await get(`/admin/get_llc_txns?selectedLLC=${encodeURIComponent(MAPLE_LLC.llc_name)}`)).json().expenses[0];
        expect((await post('/admin/delete_llc_expense', { id: llc.id, amount: llc.amount, date: llc.date })).json()).toEqual({ message: 'LLC expense deleted successfully!' });
        const cashW = (await get('/admin/get_investor_txns?investor_name=A')).json().cash_withdrawals[0];
        expect((await post('/admin/delete_withdrawal', { id: cashW.id, amount: cashW.amount, date: cashW.date, reason: 'Entered for the wrong investor' })).json()).toEqual({ message: 'Withdrawal deleted successfully!' });
        expect(await maxCash('A')).toBeGreaterThan(4042.5);
        expect(await verifyAuditChain(t.testDb.db)).toBeNull();
      });

      it('refuses bad delete requests with a clear 4xx', async () => {
        for (const [body, status, message] of [
          [{ id: 'x', amount: 1, date: '2024-01-01' }, 400, 'Id must be a number.'],
          [{ amount: 1, date: '2024-01-01' }, 400, 'Id is required.'],
          [{ id: 1, amount: 1, date: '2024-31-01' }, 400, /Date must be a real date/],
          [{ id: 999999, amount: 1, date: '2024-01-01' }, 404, 'No income with ID 999999.'],
        ] as const) {
          const res = await post('/admin/delete_income', body);
          expect(res.statusCode).toBe(status);
          if (typeof message === 'string') expect(res.json()).toEqual({ message });
          else expect(res.json().message).toMatch(message);
        }
      });
    });
  });

  describe('audit trail', () => {
    describe('after the withdrawals, a refund, D’s loss on S and a voided duplicate', () => {
      beforeAll(open(exampleWithdrawals, depositRefund, lossOfInvestorD, voidedDuplicate));
      afterAll(close);

      it('pages through the audit log newest first and filters by entity', async () => {
        const page = (await get('/admin/audit_log?page=1&page_size=5')).json();
        expect(page.events).toHaveLength(5);
        expect(page.total).toBeGreaterThan(80);
        expect(page.events[0].id).toBeGreaterThan(page.events[4].id);
        const investors = (await get('/admin/audit_log?entity=investor&page_size=100')).json();
        expect(investors.events.every((e: { entity: string }) => e.entity === 'investor')).toBe(true);
        expect(investors.events.map((e: { action: string }) => e.action).sort()).toEqual(['create', 'create', 'create', 'create']);
        expect(investors.events[0].user).toBe('admin');
      });

      it('has exactly one audit row for every write of the admin area', async () => {
        const [r] = await t.testDb.db.query<{ entries: number; voids: number; records: number; voidAudits: number }>(
          `SELECT (SELECT count(*)::int FROM ledger_entry) AS entries,
                  (SELECT count(*)::int FROM ledger_entry WHERE voided_at IS NOT NULL) AS voids,
                  (SELECT count(*)::int FROM audit_event WHERE entity = 'ledger_entry' AND action = 'record') AS records,
                  (SELECT count(*)::int FROM audit_event WHERE entity = 'ledger_entry' AND action = 'void') AS "voidAudits"`,
        );
        expect(r!.records).toBe(r!.entries);
        expect(r!.voidAudits).toBe(r!.voids);
      });
    });
  });
});

describe.runIf(onPostgres('races on PostgreSQL'))('races on PostgreSQL (docs/security.md L4, L2, L6)', () => {
  let t: TestApp;
  let base: string;
  let token: string;
  const http = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(base + url, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...headers }, body: JSON.stringify(body) });

  // Each race starts from books of its own.
  beforeEach(async () => {
    t = await startTestApp('postgres');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    token = await signIn(t.app, ADMIN.username, ADMIN.password);
    // One investor alone in one property that earned exactly $100.00: a cash maximum of 100.00.
    const setup: [string, unknown][] = [
      ['/admin/add_llc', MAPLE_LLC],
      ['/admin/add_investment_property', MAPLE_PROPERTIES[0]],
      ['/admin/add_investor', { name: 'Racer', email: '', phone: '', address: '', fee_percentage: '0' }],
      ['/admin/add_investment', { property_name: 'P', investor_name: 'Racer', date: '2024-01-02', amount: '1000' }],
      ['/admin/record_property_income', { income_date: '2024-01-03', income_for_month: '2024-01', property_name: 'P', description: 'Rent', amount: '100.00', income_category: 'Rent' }],
    ];
    for (const [url, body] of setup) expect((await http(url, body)).status).toBe(201);
  });
  afterEach(() => t?.close());

  const cash = async () =>
    (await (await fetch(`${base}/admin/get_max_cash_withdrawal?investor_name=Racer`, { headers: { authorization: `Bearer ${token}` } })).json()).max_cash_withdrawal;

  it('lets exactly 10 of 50 simultaneous $10 withdrawals through a $100 maximum, never below zero', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, k) => http('/admin/record_cash_withdrawal', { investor_name: 'Racer', date: '2024-02-01', description: `race ${k}`, amount: '10.00' })),
    );
    const codes = answers.map((a) => a.status);
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c === 400)).toHaveLength(40);
    expect(await cash()).toBe(0);
    const [sum] = await t.testDb.db.query<{ cents: number }>(`SELECT sum(amount_cents)::bigint AS cents FROM ledger_entry WHERE kind = 'cash_withdrawal' AND voided_at IS NULL`);
    expect(sum!.cents).toBe(10000);
  });

  describe('once the $100 is taken in ten $10 withdrawals', () => {
    beforeEach(async () => {
      for (let k = 0; k < 10; k++) {
        const res = await http('/admin/record_cash_withdrawal', { investor_name: 'Racer', date: '2024-02-01', description: `race ${k}`, amount: '10.00' });
        expect(res.status).toBe(201);
      }
    });

    it('writes exactly one row for 50 simultaneous requests with one idempotency key', async () => {
      const ids = await t.testDb.db.query<{ id: number }>(`SELECT id FROM ledger_entry WHERE kind = 'cash_withdrawal' ORDER BY id LIMIT 1`);
      const key = crypto.randomUUID();
      // Free $10 first by voiding one withdrawal, then race 50 twins for it.
      expect((await http('/admin/delete_withdrawal', { id: ids[0]!.id, amount: '10.00', date: '2024-02-01' })).status).toBe(200);
      const before = (await t.testDb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM ledger_entry'))[0]!.n;
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => http('/admin/record_cash_withdrawal', { investor_name: 'Racer', date: '2024-02-02', description: 'one key', amount: '10.00' }, { 'idempotency-key': key })),
      );
      expect(new Set(answers.map((a) => a.status))).toEqual(new Set([201]));
      const bodies = new Set(await Promise.all(answers.map((a) => a.text())));
      expect(bodies.size).toBe(1);
      const after = (await t.testDb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM ledger_entry'))[0]!.n;
      expect(after - before).toBe(1);
      expect(await cash()).toBe(0);
    });

    it('lets exactly one of 20 simultaneous deletes of one row succeed', async () => {
      const [row] = await t.testDb.db.query<{ id: number }>(`SELECT id FROM ledger_entry WHERE kind = 'cash_withdrawal' AND voided_at IS NULL ORDER BY id LIMIT 1`);
      const answers = await Promise.all(Array.from({ length: 20 }, () => http('/admin/delete_withdrawal', { id: row!.id, amount: '10.00', date: '2024-02-01' })));
      const codes = answers.map((a) => a.status);
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(19);
      const [audits] = await t.testDb.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_event WHERE action = 'void' AND entity_id = $1`, [String(row!.id)]);
      expect(audits!.n).toBe(1);
    });
  });
});
