import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAPLE_LLC } from '../fixtures/maple.js';
import { mapleLogin, mapleBooksTemplate, type MapleBooks } from '../support/maple-books.js';
import { bearer, seedAs, signIn, type AppTemplate, type TestApp } from '../support/test-app.js';
import { DB_KINDS } from '../support/test-db.js';

/**
 * The admin's reports against the worked example (docs/rules/cash.md, docs/rules/tax-reports.md) to the cent, on both
 * databases, and Manage Portal Users. Each expected value carries its arithmetic.
 */
const LLC = encodeURIComponent(MAPLE_LLC.llc_name);

describe.each(DB_KINDS)('admin reports on %s', (kind) => {
  let template: AppTemplate<MapleBooks>;
  let t: TestApp;
  let maple: MapleBooks;
  const get = async (url: string, token = maple.admin) => {
    const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    return { status: res.statusCode, body: res.json() };
  };

  beforeAll(async () => {
    // A copy of the Maple books recorded once for the run: what this file writes stays in its copy.
    template = await mapleBooksTemplate(kind, { logins: true });
    t = await template.start();
    maple = template.state;
  });
  afterAll(async () => {
    await t?.close();
    await template?.close();
  });

  it('answers the admin summary (docs/rules/cash.md)', async () => {
    const { status, body } = await get('/admin/get_admin_summary');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      total_cash: 26845.0, // A 4,042.50 + B 3,700 + C 19,102.50
      total_investments: 185000.0, // A 75,000 + B 50,000 + C 60,000
      total_income: 45000.0, // P rent 24,000 + Q payments 21,000
      total_expenses: 9900.0, // P 8,100 + Q 300 + LLC 1,500
      total_deposits: 2000.0,
    });
    expect(body.investors).toEqual([
      { investor_name: 'A', total_investments: 75000, cash_balance: 4042.5 },
      { investor_name: 'B', total_investments: 50000, cash_balance: 3700 },
      { investor_name: 'C', total_investments: 60000, cash_balance: 19102.5 },
    ]);
  });

  it('reconciles cash (invariant T3): total_cash + fees + unallocated = income − expenses − cash withdrawals', async () => {
    const { body } = await get('/admin/get_admin_summary');
    const fees = 1220 + 1035; // A on P, C on Q (the worked example, docs/rules/fees.md)
    expect(Math.round((body.total_cash + fees) * 100)).toBe(Math.round((body.total_income - body.total_expenses - 6000) * 100));
  });

  it('sends a kept answer as kept, gzipped, to a client that accepts gzip, and inflated to one that does not', async () => {
    const url = '/admin/get_property_details?selectedProperty=P';
    const as = (encoding?: string) =>
      t.app.inject({ method: 'GET', url, headers: { ...bearer(maple.admin), ...(encoding === undefined ? {} : { 'accept-encoding': encoding }) } });
    const plain = await as();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    for (const browser of ['gzip, deflate, br, zstd', 'br;q=1, gzip;q=0.5']) {
      const zipped = await as(browser);
      expect(zipped.statusCode).toBe(200);
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(Number(zipped.headers['content-length'])).toBeLessThan(plain.body.length / 2);
      expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);
    }
    const refused = await as('gzip;q=0, br');
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain.body);
  });

  it('answers the property details of P (docs/rules/cash.md), investor-property expenses included', async () => {
    const { status, body } = await get('/admin/get_property_details?selectedProperty=P');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      total_investments: 125000, // 100,000 + 50,000 − 25,000
      total_income: 24000, // 12 × 2,000
      total_expenses: 8100, // 12 × 500 + roof 2,100
      total_deposits: 2000,
      investors_list: [{ investor_name: 'A', total_amount: 75000 }, { investor_name: 'B', total_amount: 50000 }],
    });
    expect(body.investments.map((r: { amount: number }) => r.amount)).toEqual([-25000, 50000, 100000]);
    expect(body.income).toHaveLength(12);
    expect(body.expenses).toHaveLength(37);
    expect(body.income[0]).toEqual({ date: '2024-12-03', amount: 2000, detail: 'Rent: Rent 12/2024' });
    const sum = (rows: { amount: number }[]) => rows.reduce((s, r) => s + Math.round(r.amount * 100), 0) / 100;
    expect(sum(body.expenses)).toBe(body.total_expenses);
    expect(sum(body.investments)).toBe(body.total_investments);
  });

  it('answers the full Maple 2024 LLC tax report (docs/rules/tax-reports.md)', async () => {
    const { status, body } = await get(`/admin/llc_taxes?selectedLLC=${LLC}&selectedTaxYear=2024`);
    expect(status).toBe(200);
    expect(body).toEqual({
      address: MAPLE_LLC.address,
      date_started: MAPLE_LLC.date_started,
      principal_business_activity: MAPLE_LLC.principal_business_activity,
      principal_product: MAPLE_LLC.principal_product,
      business_code_number: MAPLE_LLC.business_code_number,
      total_rental_income: 15900.0, // P: 24,000 − 8,100
      total_dividend_income: 12270.22, // Q: interest 6,450.37 + gain 5,819.85
      ordinary_business_income: -1500.0, // −(300 + 1,200)
      total_active_income: -1500.0,
      total_income: 26370.22, // −1,500 + 15,900 + 12,270.22 − 300
      total_assets: 337450.37, // P 250,000 + Q balance 85,450.37 + deposits 2,000
      rental_income_by_member: { A: 12200.0, B: 3700.0 },
      rental_income_by_member_by_property: { A: { P: 12200.0 }, B: { P: 3700.0 } },
      ubia_by_member_by_property: { A: { P: 120000.0 }, B: { P: 80000.0 } }, // 200,000 split 75:50 in December
      dividend_income_by_member: { C: 12270.22 },
      dividend_expenses_by_member: { C: 300.0 },
      llc_expenses: { 'State fees': 300.0, 'Tax preparation': 1200.0 },
      properties_list: ['P', 'Q'],
      management_fees_by_member: { A: 1220.0, B: 0, C: 1035.0 },
      review_notes: [expect.stringContaining('Q: split by the installment method')],
    });
  });

  it('answers the property tax summaries (docs/rules/tax-reports.md), the land contract split', async () => {
    expect((await get('/admin/property_taxes?selectedProperty=P&selectedTaxYear=2024')).body).toEqual({
      address: '12 Oak Street, Springfield, IL',
      income_list: { Rent: 24000.0 },
      expenses_list: { Insurance: 1200.0, Repairs: 3900.0, Taxes: 3000.0 }, // 12 × 100; 12 × 150 + 2,100; 12 × 250
      review_notes: [],
    });
    const q = (await get('/admin/property_taxes?selectedProperty=Q&selectedTaxYear=2024')).body;
    expect(q).toMatchObject({
      income_list: { 'Installment sale gain': 5819.85, 'Land contract interest': 6450.37 },
      expenses_list: { 'Legal and other professional fees': 300.0 },
      // 21,000 paid = 6,450.37 interest + 14,549.63 principal; gain 40% of the principal, rounded once.
      lc_summary: { payments: 21000, interest: 6450.37, principal: 14549.63, gain: 5819.85, return_of_basis: 8729.78, balance_end: 85450.37 },
    });
  });

  it('gives an empty year and an LLC report of a year before any entry', async () => {
    const { body } = await get(`/admin/llc_taxes?selectedLLC=${LLC}&selectedTaxYear=2021`);
    expect(body).toMatchObject({ total_rental_income: 0, total_dividend_income: 0, total_income: 0, llc_expenses: {}, properties_list: ['Q'] });
    // 2021: Q still held at cost (sold in 2024), P not yet bought.
    expect(body.total_assets).toBe(60000);
  });

  it('refuses bad report queries with a plain 4xx', async () => {
    const cases: [string, number, RegExp][] = [
      ['/admin/get_property_details?selectedProperty=Nowhere', 404, /No property named "Nowhere"/],
      ['/admin/get_property_details', 400, /SelectedProperty is required/],
      [`/admin/llc_taxes?selectedLLC=${LLC}&selectedTaxYear=24`, 400, /Tax year must be a year between 1900 and 2099/],
      [`/admin/llc_taxes?selectedLLC=${LLC}`, 400, /SelectedTaxYear is required/],
      ['/admin/llc_taxes?selectedLLC=Nope&selectedTaxYear=2024', 404, /No LLC named "Nope"/],
      ['/admin/property_taxes?selectedProperty=P&selectedTaxYear=abcd', 400, /Tax year/],
    ];
    for (const [url, status, message] of cases) {
      const res = await get(url);
      expect(res.status, url).toBe(status);
      expect(res.body.message, url).toMatch(message);
    }
    expect((await get('/admin/get_admin_summary', maple.investors.A!)).status).toBe(403);
  });

  describe('Manage Portal Users', () => {
    it('lists each login with its sign-in count and last sign-in', async () => {
      await signIn(t.app, mapleLogin('B').username, mapleLogin('B').password);
      const { body } = await get('/admin/get_login_summary');
      const b = body.find((r: { investor_name: string }) => r.investor_name === 'B');
      expect(b.login_count).toBeGreaterThanOrEqual(2); // at registration (recordMapleBooks signs in) and just now
      expect(b.last_login).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
      expect(body.map((r: { investor_name: string }) => r.investor_name)).toEqual(['A', 'B', 'C']);
    });

    it('issues a fresh secret that replaces the old one', async () => {
      const first = (await get('/admin/get_investor_secret?investor_name=C')).body.investor_secret;
      const second = (await get('/admin/get_investor_secret?investor_name=C')).body.investor_secret;
      expect(first).not.toBe(second);
      const register = (secret: string) =>
        t.app.inject({ method: 'POST', url: '/auth/register', payload: { username: 'c.again', password: 'copper meadow sailing 19', secret } });
      expect((await register(first)).statusCode).toBe(400);
      expect((await get('/admin/get_investor_secret?investor_name=Nobody')).status).toBe(404);
    });

    it('deletes a login: its open session answers 401 at once, and no figure moves', async () => {
      const summaryBefore = (await get('/admin/get_admin_summary')).body;
      const token = maple.investors.A!;
      expect((await get('/api/investor_summary', token)).status).toBe(200);
      const post = seedAs(t, maple.admin);
      expect(await post('/admin/delete_portal_user', { investor_name: 'A' })).toEqual({ message: 'Portal user deleted successfully' });
      expect((await get('/api/investor_summary', token)).status).toBe(401);
      expect((await get('/admin/get_admin_summary')).body).toEqual(summaryBefore);
      expect((await get('/api/investor_summary?investor_name=A')).body.cash_balance).toBe(4042.5);
      const again = await t.app.inject({ method: 'POST', url: '/admin/delete_portal_user', headers: bearer(maple.admin), payload: { investor_name: 'A' } });
      expect(again.statusCode).toBe(404);
      expect(again.json().message).toBe('A has no portal login.');
      const login = await t.app.inject({ method: 'POST', url: '/auth/login', payload: mapleLogin('A') });
      expect(login.statusCode).toBe(401);
    });
  });
});
