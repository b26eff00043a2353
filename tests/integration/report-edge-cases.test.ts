import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, seedAs, signIn, startTestApp, type TestApp } from '../support/test-app.js';

/**
 * The edge cases of docs/rules/ the reports meet (6, 8, 10, 12, 13), through the API, each with its
 * arithmetic beside the expected value. Books of their own: "Edge LLC" with a rental S owned 25:75 by
 * E and F from January 2024, and a rental R that never had an investor.
 */
const LLC = 'Edge LLC';

describe('report edge cases (docs/rules/)', () => {
  let t: TestApp;
  let admin: string;
  let post: ReturnType<typeof seedAs>;
  const get = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: bearer(admin) })).json();
  const taxes = (year: number) => get(`/admin/llc_taxes?selectedLLC=${encodeURIComponent(LLC)}&selectedTaxYear=${year}`);
  const property = (name: string, type = 'rental') => ({
    property_name: name, address: `${name} Road`, purchase_date: '2023-06-01', purchase_price: '100000', land_value: '20000',
    property_value: '110000', llc: LLC, property_type: type, picture_url: '/logo.png',
  });

  beforeAll(async () => {
    t = await startTestApp('pglite');
    admin = await signIn(t.app, ADMIN.username, ADMIN.password);
    post = seedAs(t, admin);
    await post('/admin/add_llc', { llc_name: LLC, address: '1 Edge Way', date_started: '2023-01-01', principal_business_activity: 'Rental',
      principal_product: 'Housing', business_code_number: '531110' });
    for (const p of [property('S'), property('R'), property('L', 'land_contract')]) await post('/admin/add_investment_property', p);
    for (const name of ['E', 'F']) await post('/admin/add_investor', { name, email: '', phone: '', address: '', fee_percentage: '0' });
    await post('/admin/add_investment', { property_name: 'S', investor_name: 'E', date: '2024-01-05', amount: '10000' });
    await post('/admin/add_investment', { property_name: 'S', investor_name: 'F', date: '2024-01-05', amount: '30000' });
    // Edge case 6: R has income and never an investor.
    await post('/admin/record_property_income', { income_date: '2024-05-03', income_for_month: '2024-05', property_name: 'R',
      description: 'Parking', amount: '1000', income_category: 'Rent' });
    // Edge case 8: a period income dated in 2024 that runs into 2025: Dec 31 days, Jan 31 days of 62.
    await post('/admin/record_loren_income', { income_date: '2024-12-10', property_name: 'S', description: 'Billboard, two months',
      amount: '3650', start_date: '2024-12-01', end_date: '2025-01-31' });
    // Edge case 12: January 2025's rent paid on 2024-12-28.
    await post('/admin/record_property_income', { income_date: '2024-12-28', income_for_month: '2025-01', property_name: 'S',
      description: 'Rent 01/2025, paid early', amount: '2000', income_category: 'Rent' });
  });
  afterAll(() => t?.close());

  it('6: a property without investors counts in the admin totals and goes to "(Unallocated)" in the tax report', async () => {
    const summary = await get('/admin/get_admin_summary');
    expect(summary.total_income).toBe(6650); // R 1,000 + S 3,650 + 2,000
    // Reconciliation: cash 5,650 (E and F share S) + fees 0 + unallocated 1,000 = 6,650 − 0 − 0.
    expect(summary.total_cash).toBe(5650);
    const report = await taxes(2024);
    expect(report.rental_income_by_member_by_property['(Unallocated)']).toEqual({ R: 1000 });
    expect(report.ubia_by_member_by_property['(Unallocated)']).toEqual({ R: 80000 }); // 100,000 − 20,000 land
    expect((await get('/api/investor_summary?investor_name=E')).total_income).toBe(1412.5); // none of R's 1,000
  });

  it('8 and 12: the tax year follows the date paid; members split by ownership in the months the income belongs to', async () => {
    const report = await taxes(2024);
    // S in 2024: 3,650 (dated 2024-12-10) + 2,000 (dated 2024-12-28) = 5,650, split 25:75.
    expect(report.rental_income_by_member_by_property.E).toEqual({ S: 1412.5 });
    expect(report.rental_income_by_member_by_property.F).toEqual({ S: 4237.5 });
    expect(report.total_rental_income).toBe(6650); // S 5,650 + R 1,000
    expect((await taxes(2025)).total_rental_income).toBe(0); // nothing was paid in 2025
    expect((await get('/admin/property_taxes?selectedProperty=S&selectedTaxYear=2024')).income_list).toEqual({ Rent: 5650 });
    // The investor's months follow the period: Dec 1,825 and Jan 1,825 + 2,000 (days 31/62 each), E a quarter.
    const e = await get('/api/investor_summary?investor_name=E');
    expect(e.cashflow_per_month).toEqual([{ date: '2025-01', amount: 956.25 }, { date: '2024-12', amount: 456.25 }]);
  });

  it('10: refuses an LC payment on a rental and a deposit on a land contract', async () => {
    const lc = await t.app.inject({ method: 'POST', url: '/admin/record_lc_payment', headers: bearer(admin),
      payload: { payment_date: '2024-03-01', property_name: 'S', description: 'x', amount: '10' } });
    expect(lc.statusCode).toBe(400);
    expect(lc.json().message).toMatch(/land-contract property/);
    const deposit = await t.app.inject({ method: 'POST', url: '/admin/add_rental_deposit', headers: bearer(admin),
      payload: { property_name: 'L', amount: '10', date: '2024-03-01', notes: 'x' } });
    expect(deposit.statusCode).toBe(400);
  });

  it('13: a property whose tax bucket changes is reported in its current bucket', async () => {
    // No screen changes a type yet; the rule is that the report reads the bucket as it is now.
    await t.testDb.db.query(`UPDATE property SET tax_bucket = 'portfolio' WHERE name = 'S'`);
    try {
      const report = await taxes(2024);
      expect(report.total_rental_income).toBe(1000); // R only
      expect(report.total_dividend_income).toBe(5650); // S now portfolio, gross
      expect(report.dividend_income_by_member).toEqual({ E: 1412.5, F: 4237.5 });
      expect(report.ubia_by_member_by_property).toEqual({ '(Unallocated)': { R: 80000 } });
    } finally {
      await t.testDb.db.query(`UPDATE property SET tax_bucket = 'rental' WHERE name = 'S'`);
    }
  });

  it('marks a land contract without terms as unsplit, and refuses selling expenses without terms', async () => {
    await post('/admin/add_investment', { property_name: 'L', investor_name: 'E', date: '2023-07-01', amount: '5000' });
    await post('/admin/record_lc_payment', { payment_date: '2024-02-01', property_name: 'L', description: 'Buyer payment', amount: '500' });
    const report = await taxes(2024);
    expect(report.dividend_income_by_member).toEqual({ E: 500 });
    expect(report.review_notes).toEqual([expect.stringContaining('L: no land-contract terms are recorded')]);
    expect((await get('/admin/property_taxes?selectedProperty=L&selectedTaxYear=2024')).income_list).toEqual({ 'Land contract payments': 500 });
    const refused = await t.app.inject({ method: 'POST', url: '/admin/add_investment_property', headers: bearer(admin),
      payload: { ...property('M', 'land_contract'), lc_selling_expenses: '100' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Selling expenses need the other land-contract terms.');
  });

  it('lowers the installment gain by the optional selling expenses', async () => {
    await post('/admin/add_investment_property', { ...property('N', 'land_contract'), lc_sale_date: '2024-01-01', lc_sale_price: '100000',
      lc_down_payment: '10000', lc_adjusted_basis: '60000', lc_rate_bps: 800, lc_selling_expenses: '1000' });
    await post('/admin/record_lc_payment', { payment_date: '2024-01-01', property_name: 'N', description: 'Down payment', amount: '10000' });
    const n = await get('/admin/property_taxes?selectedProperty=N&selectedTaxYear=2024');
    // Gross profit 100,000 − 60,000 − 1,000 = 39,000, so 39% of the 10,000 principal is gain.
    expect(n.income_list).toEqual({ 'Installment sale gain': 3900, 'Land contract interest': 0 });
    expect(n.lc_summary).toMatchObject({ principal: 10000, gain: 3900, return_of_basis: 6100, balance_end: 90000 });
  });
});
