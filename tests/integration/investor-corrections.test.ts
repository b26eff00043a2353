import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mapleBooksTemplate, type MapleBooks } from '../support/maple-books.js';
import { DB_KINDS } from '../support/test-db.js';
import { bearer, type AppTemplate, type TestApp } from '../support/test-app.js';

/**
 * Corrections an investor can read (issue 31, docs/decisions.md 50): every void and every entry recorded
 * into a period already shown to them, with their own share and what it did to their figures, the
 * effects adding up to the change of their summary; nothing of any other investor.
 * On the Maple books: A and B hold P 60/40 since September 2024 (75,000 and 50,000); C holds Q alone.
 */

type Correction = {
  corrected_at: string; what: string; kind: string; date: string; property_name: string | null; llc_name: string | null;
  amount: number; reason: string; your_share: number; after_statement: string | null;
  effect: { total_income: number; cash_balance: number; capital: number };
};
type Figures = { total_income: number; cash_balance: number; total_investments: number };

const cents = (dollars: number) => Math.round(dollars * 100);

/** Every string in a JSON value: what a check for another investor's name reads. */
const strings = (v: unknown): string[] =>
  typeof v === 'string' ? [v] : Array.isArray(v) ? v.flatMap(strings) : v && typeof v === 'object' ? Object.values(v).flatMap(strings) : [];

describe.each(DB_KINDS)('corrections an investor reads on %s', (kind) => {
  let maple: AppTemplate<MapleBooks>;
  let t: TestApp;
  let admin: string;
  let tokens: Record<string, string>;

  beforeAll(async () => {
    maple = await mapleBooksTemplate(kind, { logins: true });
    ({ admin, investors: tokens } = maple.state);
  });
  afterAll(() => maple?.close());
  beforeEach(async () => {
    t = await maple.start();
  });
  afterEach(() => t?.close());

  const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const post = async (url: string, payload: object, token = admin) => {
    const res = await t.app.inject({ method: 'POST', url, payload, headers: bearer(token) });
    expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300);
    return res.json();
  };
  const corrections = async (name: string, query = '') => {
    const res = await get(`/api/investor_corrections${query}`, tokens[name]!);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { investor_name: string; corrections: Correction[] };
  };
  const figures = async (name: string) => {
    const s = (await get('/api/investor_summary', tokens[name]!)).json() as Figures;
    return { total_income: cents(s.total_income), cash_balance: cents(s.cash_balance), capital: cents(s.total_investments) };
  };
  const sumOfEffects = (list: Correction[]) => ({
    total_income: list.reduce((s, c) => s + cents(c.effect.total_income), 0),
    cash_balance: list.reduce((s, c) => s + cents(c.effect.cash_balance), 0),
    capital: list.reduce((s, c) => s + cents(c.effect.capital), 0),
  });
  const changed = (after: Awaited<ReturnType<typeof figures>>, before: Awaited<ReturnType<typeof figures>>) => ({
    total_income: after.total_income - before.total_income,
    cash_balance: after.cash_balance - before.cash_balance,
    capital: after.capital - before.capital,
  });
  const propertyTxns = async () => (await get('/admin/get_property_txns?selectedProperty=P', admin)).json() as {
    income: { id: number; date: string; amount: number }[]; expenses: { id: number; date: string; amount: number; detail: string }[];
  };

  it('shows each member of P the voided rent with their own share, nothing of the other, effects adding up to their summary', async () => {
    expect((await corrections('A')).corrections).toEqual([]);
    const before = { A: await figures('A'), B: await figures('B'), C: await figures('C') };
    const rent = (await propertyTxns()).income.find((r) => r.date === '2024-12-03')!;
    t.clock.advance(60_000);
    await post('/admin/delete_income', { id: rent.id, amount: rent.amount, date: rent.date, reason: 'Entered twice' });

    const a = await corrections('A');
    expect(a.investor_name).toBe('A');
    expect(a.corrections).toEqual([{
      corrected_at: '2026-01-15T12:01:00.000Z', what: 'voided', kind: 'property_income', date: '2024-12-03', property_name: 'P', llc_name: null,
      amount: 2000, reason: 'Entered twice', your_share: 1200, // December's 2,000 rent split 75,000 : 50,000
      effect: expect.any(Object), after_statement: null,
    }]);
    const b = await corrections('B');
    expect(b.corrections).toMatchObject([{ what: 'voided', amount: 2000, your_share: 800, effect: { total_income: -800, cash_balance: -800, capital: 0 } }]);
    for (const [name, answer] of [['A', a], ['B', b]] as const) {
      expect(sumOfEffects(answer.corrections), name).toEqual(changed(await figures(name), before[name]));
    }
    // A pays a 10% fee: less income lost, by the fee the rent no longer bears.
    expect(a.corrections[0]!.effect).toEqual({ total_income: -1080, cash_balance: -1080, capital: 0 });
    // Neither names the other; C, who holds no part of P, sees nothing.
    expect(strings(a)).not.toContain('B');
    expect(strings(b)).not.toContain('A');
    expect((await corrections('C')).corrections).toEqual([]);
    expect(await figures('C')).toEqual(before.C);
    // The admin reads anyone's, by name.
    const byAdmin = await get('/api/investor_corrections?investor_name=B', admin);
    expect(byAdmin.json()).toEqual(b);
  });

  it('lists a correction as the void and the entry that replaced it, so its effects are what changed', async () => {
    const before = await figures('B');
    const rent = (await propertyTxns()).income.find((r) => r.date === '2024-12-03')!;
    t.clock.advance(60_000);
    await post('/admin/correct_entry', {
      id: rent.id, reason: 'Wrong amount',
      entry: { income_date: '2024-12-03', income_for_month: '2024-12', property_name: 'P', description: 'Rent', amount: '1900.00', income_category: 'Rent' },
    });
    const { corrections: list } = await corrections('B');
    expect(list).toMatchObject([
      { what: 'recorded late', amount: 1900, reason: 'Corrected: Wrong amount', your_share: 760, effect: { total_income: 760 } },
      { what: 'voided', amount: 2000, reason: 'Corrected: Wrong amount', your_share: 800, effect: { total_income: -800 } },
    ]);
    // Together: 40 % of the 100.00 the correction took off, as the summary changed.
    expect(sumOfEffects(list)).toEqual(changed(await figures('B'), before));
    expect(sumOfEffects(list).total_income).toBe(-4000);
  });

  it('says "no reason given" for a void without a reason', async () => {
    const taxes = (await propertyTxns()).expenses.find((e) => e.date === '2024-11-15' && e.detail.includes('Taxes'))!;
    await post('/admin/delete_expense', { id: taxes.id, amount: taxes.amount, date: taxes.date });
    const [only] = (await corrections('B')).corrections;
    expect(only).toMatchObject({ what: 'voided', kind: 'property_expense', reason: 'no reason given', your_share: 100, effect: { total_income: 100 } });
  });

  it('tells an entry recorded after the investor downloaded its quarter as recorded late, after that statement', async () => {
    const download = await get('/api/investor_statement?from=2025-07-01&to=2025-09-30', tokens.A!);
    expect(download.statusCode, download.body).toBe(200);
    // An admin's download of B's statement is not B being shown it.
    expect((await get('/api/investor_statement?investor_name=B&from=2025-07-01&to=2025-09-30', admin)).statusCode).toBe(200);
    const rows = await t.testDb.db.query<{ investor: string; period_from: string; period_to: string; by: string }>(
      `SELECT i.name AS investor, d.period_from, d.period_to, u.username AS by
         FROM statement_download d JOIN investor i ON i.id = d.investor_id JOIN portal_user u ON u.id = d.downloaded_by`,
    );
    expect(rows).toEqual([{ investor: 'A', period_from: '2025-07-01', period_to: '2025-09-30', by: 'investor.a' }]);

    const before = { A: await figures('A'), B: await figures('B') };
    t.clock.advance(60_000);
    await post('/admin/record_property_expense', {
      expense_date: '2025-08-20', expense_for_month: '2025-08-01', property_name: 'P', description: 'Gutter repair', amount: '100.00', expense_category: 'Repairs', payer: 'admin',
    });
    const a = await corrections('A');
    expect(a.corrections).toEqual([{
      corrected_at: '2026-01-15T12:01:00.000Z', what: 'recorded late', kind: 'property_expense', date: '2025-08-20', property_name: 'P', llc_name: null,
      amount: 100, reason: 'no reason given', your_share: 60, effect: expect.any(Object), after_statement: 'after your statement of 2025-Q3',
    }]);
    expect(sumOfEffects(a.corrections)).toEqual(changed(await figures('A'), before.A));
    // B was shown no statement of that quarter: for B it is an entry like any other.
    expect((await corrections('B')).corrections).toEqual([]);

    // Voided afterwards, it is told again: the void, after the same statement; the two effects cancel.
    const gutter = (await propertyTxns()).expenses.find((e) => e.date === '2025-08-20')!;
    t.clock.advance(60_000);
    await post('/admin/delete_expense', { id: gutter.id, amount: gutter.amount, date: gutter.date, reason: 'Paid by the tenant' });
    const again = (await corrections('A')).corrections;
    expect(again.map((c) => [c.what, c.reason, c.after_statement])).toEqual([
      ['voided', 'Paid by the tenant', 'after your statement of 2025-Q3'],
      ['recorded late', 'no reason given', 'after your statement of 2025-Q3'],
    ]);
    expect(sumOfEffects(again)).toEqual(changed(await figures('A'), before.A));
    expect(sumOfEffects(again)).toEqual({ total_income: 0, cash_balance: 0, capital: 0 });
  });

  it('answers another investor’s name, or a delegate without figures, as not found', async () => {
    const other = await get('/api/investor_corrections?investor_name=A', tokens.B!);
    const none = await get('/api/investor_corrections?investor_name=Nobody', tokens.B!);
    expect(other.statusCode).toBe(404);
    expect(other.body).toBe(none.body);
    expect(other.json()).toEqual({ message: 'Investor not found.' });

    const invited = await post('/api/invite_delegate', { name: 'Doc Only', can_see_figures: false }, tokens.A!);
    const reg = await t.app.inject({ method: 'POST', url: '/auth/register', payload: { username: 'doc.only', password: 'amber canyon whistle 77', secret: invited.registration_secret } });
    expect(reg.statusCode, reg.body).toBe(201);
    const delegate = reg.json().access_token as string;
    for (const url of ['/api/investor_corrections', '/api/investor_corrections?investor_name=A', '/api/investor_summary?investor_name=A']) {
      const res = await get(url, delegate);
      expect(res.statusCode, url).toBe(404);
    }
  });
});
