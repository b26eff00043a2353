import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAPLE_LLC } from '../fixtures/maple.js';
import { mapleBooksTemplate, type MapleBooks } from '../support/maple-books.js';
import { bearer, type AppTemplate, type TestApp } from '../support/test-app.js';
import { DB_KINDS } from '../support/test-db.js';

/** The period lock (docs/rules/ledger.md): a closed period of an LLC takes no new entry and no void. */
describe.each(DB_KINDS)('period lock on %s', (kind) => {
  let template: AppTemplate<MapleBooks>;
  let t: TestApp;
  let maple: MapleBooks;
  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: bearer(maple.admin), payload });
  const llcExpense = (date: string) => post('/admin/record_llc_expense', {
    expense_date: date, llc_name: MAPLE_LLC.llc_name, description: 'Bank fee', amount: '10', expense_category: 'Bank fees', payer: 'admin',
  });

  beforeAll(async () => {
    // A copy of the Maple books recorded once for the run: what this file writes stays in its copy.
    template = await mapleBooksTemplate(kind);
    t = await template.start();
    maple = template.state;
  });
  afterAll(async () => {
    await t?.close();
    await template?.close();
  });

  it('refuses entries and voids dated on or before the closed date with 409, naming the date, and writes nothing', async () => {
    const set = await post('/admin/set_period_lock', { llc_name: MAPLE_LLC.llc_name, closed_through: '2024-06-30' });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ message: 'Period lock saved', closed_through: '2024-06-30' });
    const [before] = await t.testDb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM ledger_entry');

    const refused = await llcExpense('2024-06-30');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`The books of ${MAPLE_LLC.llc_name} are closed through 06/30/2024: nothing dated 06/30/2024 can change. Reopen the period first.`);
    const onProperty = await post('/admin/record_property_expense', {
      expense_date: '2024-02-01', expense_for_month: '2024-02', property_name: 'P', description: 'x', amount: '5', expense_category: 'Repairs',
    });
    expect(onProperty.statusCode).toBe(409);
    const txns = (await t.app.inject({ method: 'GET', url: '/admin/get_property_txns?selectedProperty=P', headers: bearer(maple.admin) })).json();
    const march = txns.expenses.find((r: { date: string }) => r.date === '2024-03-15');
    const voidIt = await post('/admin/delete_expense', { id: march.id, amount: march.amount, date: march.date });
    expect(voidIt.statusCode).toBe(409);
    const [after] = await t.testDb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM ledger_entry');
    expect(after).toEqual(before);

    expect((await llcExpense('2024-07-01')).statusCode).toBe(201); // after the closed date
    const locks = (await t.app.inject({ method: 'GET', url: '/admin/period_locks', headers: bearer(maple.admin) })).json();
    expect(locks).toEqual([{ llc_name: MAPLE_LLC.llc_name, closed_through: '2024-06-30' }]);
  });

  it('reopens with an empty date, audited both ways', async () => {
    expect((await post('/admin/set_period_lock', { llc_name: MAPLE_LLC.llc_name, closed_through: '' })).json())
      .toEqual({ message: 'Period lock saved', closed_through: null });
    expect((await llcExpense('2024-05-01')).statusCode).toBe(201);
    const actions = await t.testDb.db.query<{ action: string }>(`SELECT action FROM audit_event WHERE action LIKE '%_period' ORDER BY id`);
    expect(actions.map((a) => a.action)).toEqual(['close_period', 'reopen_period']);
    expect((await post('/admin/set_period_lock', { llc_name: 'Nope LLC', closed_through: '2024-01-01' })).statusCode).toBe(404);
    expect((await post('/admin/set_period_lock', { llc_name: MAPLE_LLC.llc_name, closed_through: '2024-02-30' })).statusCode).toBe(400);
  });
});
