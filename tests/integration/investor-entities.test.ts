import { beforeAll, afterEach, describe, expect, it } from 'vitest';
import { MAPLE_LLC } from '../fixtures/maple.js';
import { mapleBooksTemplate, type MapleBooks } from '../support/maple-books.js';
import { bearer, createInvestorWithLogin, seedAs, type AppTemplate, type TestApp } from '../support/test-app.js';
import { DB_KINDS } from '../support/test-db.js';

/**
 * One person, several investing entities (issue 29 item 4, docs/decisions.md 42): an admin lets an investor's
 * login hold another investor record (an IRA, a trust); the switcher lists them; the combined view adds the
 * figures that add, to the cent, and takes the XIRR of the combined flows.
 */

type MonthRow = { date: string; amount: number };
type Summary = Record<string, unknown> & {
  investor_name: string; investments_per_month: MonthRow[]; cashflow_per_month: MonthRow[]; distributions_per_month: (MonthRow & { description: string })[];
  xirr: number | null; xirr_note: string | null; equity_multiple: number | null; total_roi: number; roi_per_year: Record<string, number>;
};

const cents = (dollars: number) => Math.round(dollars * 100);
/** Month series added by month in cents, newest first, as the combined view must give them. */
const byMonth = (...series: MonthRow[][]) => {
  const months = new Map<string, number>();
  for (const rows of series) for (const r of rows) months.set(r.date, (months.get(r.date) ?? 0) + cents(r.amount));
  return [...months].sort(([a], [b]) => (a < b ? 1 : -1)).map(([date, c]) => ({ date, cents: c }));
};
const inCents = (rows: MonthRow[]) => rows.map((r) => ({ date: r.date, cents: cents(r.amount) }));
const ADDITIVE = ['total_investments', 'total_income', 'cash_balance', 'total_rental_investments', 'total_lc_investments',
  'total_other_investments', 'capital_returned', 'cash_distributed'] as const;

describe.each(DB_KINDS)('investor entities on %s', (kind) => {
  let template: AppTemplate<MapleBooks>;
  let maple: MapleBooks;
  let t: TestApp;

  beforeAll(async () => {
    template = await mapleBooksTemplate(kind, { logins: true });
    maple = template.state;
  }, 120_000);
  afterEach(async () => {
    await t?.close();
  });

  const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const post = (url: string, token: string, payload: object) => t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
  const summary = async (token: string, query: string) => {
    const res = await get(`/api/investor_summary?${query}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Summary;
  };

  it('lets an admin grant a second record to a login: switcher, reads, combined sums to the cent, and removal', async () => {
    t = await template.start();
    const { admin } = maple;
    const a = maple.investors.A!;
    const granted = await post('/admin/grant_investor_access', admin, { username: 'investor.a', investor_name: 'c' });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json().message).toBe('Access granted');
    expect((await get('/admin/investor_access?username=INVESTOR.A', admin)).json()).toEqual({ username: 'investor.a', investor_names: ['C'] });

    expect((await get('/api/my_investors', a)).json()).toEqual({
      investors: [
        { investor_name: 'A', relation: 'own', can_see_figures: true, can_see_documents: true },
        { investor_name: 'C', relation: 'entity', can_see_figures: true, can_see_documents: true },
      ],
    });
    // A reads C's page by name, as the admin reads it; without a name, still A's own.
    const asOf = 'as_of=2024-12-31';
    const ownA = await summary(a, asOf);
    expect(ownA.investor_name).toBe('A');
    const c = await summary(a, `investor_name=C&${asOf}`);
    expect(c).toEqual(await summary(admin, `investor_name=C&${asOf}`));

    const res = await get(`/api/investor_combined?${asOf}`, a);
    expect(res.statusCode, res.body).toBe(200);
    const combined = res.json() as Summary & { investor_names: string[]; as_of: string };
    expect(combined.investor_names).toEqual(['A', 'C']);
    expect(combined.as_of).toBe('2024-12-31');
    for (const field of ADDITIVE) {
      expect(cents(combined[field] as number), field).toBe(cents(ownA[field] as number) + cents(c[field] as number));
    }
    expect(inCents(combined.investments_per_month)).toEqual(byMonth(ownA.investments_per_month, c.investments_per_month));
    expect(inCents(combined.cashflow_per_month)).toEqual(byMonth(ownA.cashflow_per_month, c.cashflow_per_month));
    expect(inCents(combined.distributions_per_month)).toEqual(byMonth(ownA.distributions_per_month, c.distributions_per_month));
    expect(combined).not.toHaveProperty('investor_name');
    // The returns are of the combined money, not of either entity's.
    // A's own money is under a year old (no rate of its own); together with C's since 2020 the flows have one.
    expect(ownA.xirr).toBeNull();
    expect(typeof combined.xirr).toBe('number');
    expect(combined.xirr).not.toBe(c.xirr);

    // An investor may invite a delegate for the entity they hold too.
    const forC = await post('/api/invite_delegate', a, { investor_name: 'C', name: 'Trust Advisor' });
    expect(forC.statusCode, forC.body).toBe(201);
    expect((await get('/api/delegates?investor_name=C', a)).json().delegates).toHaveLength(1);

    const removed = await post('/admin/revoke_investor_access', admin, { username: 'investor.a', investor_name: 'C' });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().message).toBe('Access removed');
    expect((await get(`/api/investor_summary?investor_name=C`, a)).statusCode).toBe(404);
    expect((await get('/api/delegates?investor_name=C', a)).statusCode).toBe(404);
    expect((await get('/api/my_investors', a)).json().investors).toEqual([{ investor_name: 'A', relation: 'own', can_see_figures: true, can_see_documents: true }]);
    const alone = (await get(`/api/investor_combined?${asOf}`, a)).json() as Summary & { investor_names: string[] };
    expect(alone.investor_names).toEqual(['A']);
    const { investor_name: _name, property_pictures: _pictures, ...ownFigures } = ownA;
    expect(alone).toEqual({ ...ownFigures, investor_names: ['A'], as_of: '2024-12-31' });
    // C's own login never changed.
    expect((await summary(maple.investors.C!, asOf)).investor_name).toBe('C');

    const log = (await get('/admin/audit_log?entity=investor_access', admin)).json() as { events: { summary: string }[] };
    expect(log.events.map((e) => e.summary)).toEqual([
      'admin took the investor record C away from the login investor.a',
      'investor.a invited Trust Advisor to read the figures and documents of C',
      'admin let the login investor.a hold the investor record C',
    ]);
  });

  it('refuses what cannot be granted in plain words', async () => {
    t = await template.start();
    const { admin } = maple;
    const refused = async (url: string, body: object, status: number, message: string) => {
      const res = await post(url, admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message).toBe(message);
    };
    await refused('/admin/grant_investor_access', { username: 'nobody', investor_name: 'C' }, 404, 'No login named "nobody".');
    await refused('/admin/grant_investor_access', { username: 'investor.a', investor_name: 'Nobody' }, 404, 'No investor named "Nobody".');
    await refused('/admin/grant_investor_access', { username: 'investor.a', investor_name: 'A' }, 409, 'A is the own investor record of investor.a.');
    await refused('/admin/grant_investor_access', { username: 'admin', investor_name: 'C' }, 409,
      "Only an investor's login can hold investor records, and admin is not an investor's login.");
    expect((await post('/admin/grant_investor_access', admin, { username: 'investor.a', investor_name: 'C' })).statusCode).toBe(200);
    await refused('/admin/grant_investor_access', { username: 'investor.a', investor_name: 'C' }, 409, 'investor.a already holds the investor record C.');
    await refused('/admin/revoke_investor_access', { username: 'investor.a', investor_name: 'B' }, 404, 'investor.a does not hold the investor record B.');
    await refused('/admin/grant_investor_access', { username: 'investor.a' }, 400, 'Investor name is required.');
    expect((await get('/admin/investor_access?username=nobody', admin)).statusCode).toBe(404);
    // Only an admin grants; only an investor has a combined view.
    expect((await post('/admin/grant_investor_access', maple.investors.A!, { username: 'investor.a', investor_name: 'B' })).statusCode).toBe(403);
    expect((await get('/api/investor_combined', admin)).statusCode).toBe(403);
    const [n] = await t.testDb.db.query<{ n: number }>("SELECT count(*)::int AS n FROM investor_access WHERE relation = 'entity'");
    expect(n!.n).toBe(1);
  });

  it("does not give a delegate the combined view, nor the investor's entities", async () => {
    t = await template.start();
    const a = maple.investors.A!;
    expect((await post('/admin/grant_investor_access', maple.admin, { username: 'investor.a', investor_name: 'C' })).statusCode).toBe(200);
    const { registration_secret: secret } = (await post('/api/invite_delegate', a, { name: 'Dana Advisor' })).json();
    const reg = await t.app.inject({ method: 'POST', url: '/auth/register', payload: { username: 'dana', password: 'amber canyon whistle 77', secret } });
    expect(reg.statusCode, reg.body).toBe(201);
    const dana = reg.json().access_token as string;
    expect((await get('/api/investor_combined', dana)).statusCode).toBe(403);
    expect((await get('/api/investor_summary?investor_name=C', dana)).statusCode).toBe(404);
    expect((await get('/api/my_investors', dana)).json().investors.map((i: { investor_name: string }) => i.investor_name)).toEqual(['A']);
  });

  it('takes the XIRR of the combined flows: a hand-checked small case', async () => {
    t = await template.start();
    const seed = seedAs(t, maple.admin);
    await seed('/admin/add_llc', { ...MAPLE_LLC, llc_name: 'Elm LLC' });
    for (const name of ['E1', 'E2']) {
      await seed('/admin/add_investment_property', {
        property_name: name, address: `${name} Elm Road`, purchase_date: '2020-12-01', purchase_price: '5000', land_value: '0',
        property_value: '5000', llc: 'Elm LLC', property_type: 'rental',
      });
    }
    const x = (await createInvestorWithLogin(t, 'X', { username: 'xavier', password: 'amber canyon whistle 77' })).token;
    await seed('/admin/add_investor', { name: 'X IRA', email: '', phone: '', address: '', fee_percentage: '0' });
    await seed('/admin/add_investment', { property_name: 'E1', investor_name: 'X', date: '2021-01-01', amount: '1000' });
    await seed('/admin/add_investment', { property_name: 'E2', investor_name: 'X IRA', date: '2021-01-01', amount: '3000' });
    const income = (property: string, month: string, amount: string) => seed('/admin/record_property_income', {
      income_date: `2021-${month}-05`, income_for_month: `2021-${month}-01`, property_name: property, description: 'Rent', amount, income_category: 'Rent',
    });
    await income('E1', '06', '300');
    await income('E2', '06', '60');
    await income('E2', '11', '40');
    await seed('/admin/record_cash_withdrawal', { investor_name: 'X', date: '2021-06-20', description: 'June distribution', amount: '100' });
    await seed('/admin/record_investment_withdrawal', { investor_name: 'X IRA', property_name: 'E2', date: '2021-07-01', amount: '500' });
    expect((await post('/admin/grant_investor_access', maple.admin, { username: 'xavier', investor_name: 'X IRA' })).statusCode).toBe(200);

    const asOf = 'as_of=2022-01-01';
    const own = await summary(x, asOf);
    const ira = await summary(x, `investor_name=X%20IRA&${asOf}`);
    const combined = (await get(`/api/investor_combined?${asOf}`, x)).json() as Summary & { investor_names: string[] };
    expect(combined.investor_names).toEqual(['X', 'X IRA']);
    // X: −1,000, +100 on 06-20, 1,200 held (1,000 + 300 − 100): 31.58 %. The IRA: −3,000, +500 on 07-01,
    // 2,600 held (2,500 + 100): 3.64 %. Together −4,000, +100, +500, +3,800 held: r with
    // 4,000 = 100/(1+r)^(170/365) + 500/(1+r)^(181/365) + 3,800/(1+r), solved by bisection apart: 0.108043…, 10.80 %.
    expect([own.xirr, ira.xirr]).toEqual([31.58, 3.64]);
    expect(combined.xirr).toBe(10.8);
    expect(combined.xirr_note).toBeNull();
    // 400 income on the 4,000 peak of the combined capital; 2021's on 45,000 of capital-months; (600 back + 3,800 held) / 4,000.
    expect(combined.total_roi).toBe(10);
    expect(combined.roi_per_year).toEqual({ '2021': 10.67, '2022': 0 });
    expect(combined.equity_multiple).toBe(1.1);
    expect(combined.distributions_per_month).toEqual([
      { date: '2021-07', amount: 500, description: 'Return of capital – E2' },
      { date: '2021-06', amount: 100, description: 'June distribution' },
    ]);

    // Under a year of flows: no rate, a note in words.
    const early = (await get('/api/investor_combined?as_of=2021-12-30', x)).json() as Summary;
    expect(early.xirr).toBeNull();
    expect(early.xirr_note).toMatch(/^No annual return yet/);
    expect((await get('/api/investor_combined?as_of=2099-01-01', x)).statusCode).toBe(400);
  });
});
