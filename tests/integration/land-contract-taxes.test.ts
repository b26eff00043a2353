import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inviteStaffLogin } from '../support/staff-logins.js';
import { DB_KINDS } from '../support/test-db.js';
import { ADMIN, bearer, seedAs, signIn, startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Land contracts in the tax reports (docs/rules/tax-reports.md "Land contracts", "Imputed interest"), through
 * the API: the applicable federal rates the admin records, interest imputed on a contract below them, and a
 * mortgage the buyer took over in the contract price. Books of their own: "Afr LLC", whose investor E holds
 * the land contracts L and M.
 */
const LLC = 'Afr LLC';

describe.each(DB_KINDS)('land contracts in the tax reports on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let post: ReturnType<typeof seedAs>;
  const get = async (url: string, token = admin) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const llcTaxes = async (year: number) => (await get(`/admin/llc_taxes?selectedLLC=${encodeURIComponent(LLC)}&selectedTaxYear=${year}`)).json();
  const propertyTaxes = async (name: string, year: number) => (await get(`/admin/property_taxes?selectedProperty=${name}&selectedTaxYear=${year}`)).json();
  const setRate = (payload: object, token = admin) => t.app.inject({ method: 'POST', url: '/admin/set_federal_rate', payload, headers: bearer(token) });
  const rateRows = async () => (await t.testDb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM federal_rate'))[0]!.n;
  const landContract = (name: string, terms: object) => ({
    property_name: name, address: `${name} Road`, purchase_date: '2020-06-01', purchase_price: '12000', land_value: '12000',
    property_value: '24000', llc: LLC, property_type: 'land_contract', picture_url: '/logo.png', ...terms,
  });

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await signIn(t.app, ADMIN.username, ADMIN.password);
    post = seedAs(t, admin);
    await post('/admin/add_llc', { llc_name: LLC, address: '1 Afr Way', date_started: '2020-01-01', principal_business_activity: 'Land',
      principal_product: 'Land', business_code_number: '531190' });
    // L: sold 2025-01-01 for 24,000.00, nothing down, at 0 %, basis 12,000.00; 1,000.00 a month from 2025-02-01,
    // so 24 installments, Feb 2025 … Jan 2027 (24 months: short-term).
    await post('/admin/add_investment_property', landContract('L', {
      lc_sale_date: '2025-01-01', lc_sale_price: '24000', lc_down_payment: '0', lc_adjusted_basis: '12000', lc_rate_bps: 0,
      lc_installment: '1000', lc_first_due_date: '2025-02-01',
    }));
    await post('/admin/add_investor', { name: 'E', email: '', phone: '', address: '', fee_percentage: '0' });
    await post('/admin/add_investment', { property_name: 'L', investor_name: 'E', date: '2020-06-01', amount: '12000' });
    // The eleven installments of 2025, each on its due date.
    for (let m = 2; m <= 12; m++) {
      const month = String(m).padStart(2, '0');
      await post('/admin/record_lc_payment', { payment_date: `2025-${month}-01`, property_name: 'L', description: `Installment 2025-${month}`, amount: '1000' });
    }
  });
  afterAll(() => t?.close());

  it('without the federal rate the contract is split as stated, and the note asks for the rate', async () => {
    const l = await propertyTaxes('L', 2025);
    // 0 % stated: every payment is principal; gross profit 24,000 − 12,000 = 12,000 (50 %): gain 50 % × 11,000 = 5,500.00.
    expect(l.income_list).toEqual({ 'Installment sale gain': 5500, 'Land contract interest': 0 });
    expect(l.lc_summary).toEqual({
      payments: 11000, interest: 0, principal: 11000, gain: 5500, return_of_basis: 5500, balance_end: 13000,
      contract_price: 24000, gross_profit_percentage: 50, imputed: null,
    });
    expect(l.review_notes).toEqual([
      'L: the contract rate (0.00%) may be below the applicable federal rate; unstated interest may have to be imputed (IRC §483/§1274). Record the short-term applicable federal rate of 2025-01 to test its interest against it.',
      expect.stringContaining('L: split by the installment method, assuming the buyer took over no mortgage'),
    ]);
    const report = await llcTaxes(2025);
    expect(report.total_dividend_income).toBe(5500);
    expect(report.dividend_income_by_member).toEqual({ E: 5500 });
    expect(report.total_assets).toBe(13000); // the note's balance: 24,000 − 11,000
  });

  it('records the applicable federal rates, replacing one recorded, newest month first, with an audit row', async () => {
    for (const [month, rate] of [['2024-11', 650], ['2024-12', 620], ['2025-01', 700]] as const) {
      expect((await setRate({ month, term: 'short', rate_bps: rate })).json()).toEqual({ message: 'Federal rate recorded' });
    }
    // 2025-01 corrected to 6.00 %: replaced, not added.
    expect((await setRate({ month: '2025-01-01', term: 'short', rate_bps: 600 })).statusCode).toBe(200);
    const { rates } = (await get('/admin/federal_rates')).json();
    expect(rates.map((r: { month: string; term: string; rate_bps: number; recorded_by: string }) => [r.month, r.term, r.rate_bps, r.recorded_by])).toEqual([
      ['2025-01', 'short', 600, 'admin'], ['2024-12', 'short', 620, 'admin'], ['2024-11', 'short', 650, 'admin'],
    ]);
    expect(Number.isNaN(Date.parse(rates[0].recorded_at))).toBe(false);
    const audit = await t.testDb.db.query<{ entity_id: string; before: unknown; after: unknown }>(
      `SELECT entity_id, before, after FROM audit_event WHERE action = 'set_federal_rate' AND entity = 'federal_rate' ORDER BY id`,
    );
    expect(audit.map((a) => a.entity_id)).toEqual(['2024-11/short', '2024-12/short', '2025-01/short', '2025-01/short']);
    expect(audit[3]).toMatchObject({ before: { month: '2025-01', term: 'short', rate_bps: 700 }, after: { month: '2025-01', term: 'short', rate_bps: 600 } });
    expect(audit[0]!.before).toBeNull();
  });

  it('imputes interest at the lowest rate of the sale month and the two before (IRC §483), the worked example', async () => {
    const l = await propertyTaxes('L', 2025);
    // The rate: lowest of 6.50 %, 6.20 %, 6.00 % = 6.00 % (0.5 % a month). PV = 1,000 × (1 − 1.005^−24) ÷ 0.005
    // = 22,562.866… → 22,562.87; unstated interest 24,000 − 22,562.87 = 1,437.13; payments 24,000 ≤ 250,000: §483.
    // Split at 0.5 % on 22,562.87: Feb 112.81 + 887.19 (21,675.68), Mar 108.38 + 891.62 (20,784.06), Apr 103.92,
    // May 99.44, Jun 94.94, Jul 90.41, Aug 85.86, Sep 81.29, Oct 76.70, Nov 72.08, Dec 67.44 (balance 12,556.14):
    // interest 993.27, principal 11,000 − 993.27 = 10,006.73. Gross profit 22,562.87 − 12,000 = 10,562.87 (46.815… %):
    // gain round(10,562.87 × 10,006.73 ÷ 22,562.87) = round(4,684.678…) = 4,684.68; return of basis 5,322.05.
    expect(l.income_list).toEqual({ 'Installment sale gain': 4684.68, 'Land contract interest': 993.27 });
    expect(l.lc_summary).toEqual({
      payments: 11000, interest: 993.27, principal: 10006.73, gain: 4684.68, return_of_basis: 5322.05, balance_end: 12556.14,
      contract_price: 22562.87, gross_profit_percentage: 46.82,
      imputed: { rule: 'IRC §483', federal_rate_bps: 600, federal_rate_month: '2025-01', term: 'short', imputed_sale_price: 22562.87, unstated_interest: 1437.13 },
    });
    expect(l.review_notes[0]).toMatch(
      /^L: the contract's 0\.00 % is below the applicable federal rate of 6\.00 % \(short-term, lowest of 2024-11 to 2025-01\), so IRC §483 applies \(payments \$24,000\.00, not over \$250,000\): the sale price is their present value, \$22,562\.87, and \$1,437\.13 of the stated principal is interest\. Interest and gain are split at 6\.00 %\./,
    );
    expect(l.review_notes).toHaveLength(2);
    // The LLC report follows: income 993.27 + 4,684.68 = 5,677.95, all E's; total assets the note's 12,556.14.
    const report = await llcTaxes(2025);
    expect(report.total_dividend_income).toBe(5677.95);
    expect(report.dividend_income_by_member).toEqual({ E: 5677.95 });
    expect(report.total_assets).toBe(12556.14);
    expect(report.review_notes[0]).toBe(l.review_notes[0]);
  });

  it('puts an assumed mortgage in the contract price', async () => {
    // M: sold 2025-01-01 for 24,000.00 at 8 %, 2,000.00 down, the buyer taking over a 6,000.00 mortgage; basis
    // 12,000.00. No installment recorded: tested against nothing, and 8 % needs no note.
    await post('/admin/add_investment_property', landContract('M', {
      lc_sale_date: '2025-01-01', lc_sale_price: '24000', lc_down_payment: '2000', lc_adjusted_basis: '12000', lc_rate_bps: 800,
      lc_assumed_mortgage: '6000',
    }));
    await post('/admin/record_lc_payment', { payment_date: '2025-01-01', property_name: 'M', description: 'Down payment', amount: '2000' });
    await post('/admin/record_lc_payment', { payment_date: '2025-02-01', property_name: 'M', description: 'February', amount: '500' });
    const m = await propertyTaxes('M', 2025);
    // Owed to the seller 24,000 − 6,000 = 18,000; after the down payment 16,000; Feb 16,000 × 8 % ÷ 12 = 106.67
    // interest, 393.33 principal (balance 15,606.67). Principal 2,393.33. Contract price 24,000 − 6,000 = 18,000
    // (the mortgage is below the basis: no excess); gross profit 12,000 (66.67 %): gain round(12,000 × 2,393.33
    // ÷ 18,000) = round(1,595.5533…) = 1,595.55; return of basis 797.78.
    expect(m.lc_summary).toEqual({
      payments: 2500, interest: 106.67, principal: 2393.33, gain: 1595.55, return_of_basis: 797.78, balance_end: 15606.67,
      contract_price: 18000, gross_profit_percentage: 66.67, imputed: null,
    });
    expect(m.review_notes).toEqual([
      'M: split by the installment method; the $6,000.00 mortgage the buyer took over is included in the contract price ($18,000.00; gross-profit percentage 66.67 %), assuming the land was used in the business (Form 4797). Review it with the CPA if that differs.',
    ]);
  });

  it('refuses a bad month, rate or term, writing nothing; a bookkeeper may read the rates but not set one', async () => {
    const before = await rateRows();
    for (const payload of [
      { month: '2025-13', term: 'short', rate_bps: 500 },
      { month: '2025-02', term: 'short', rate_bps: -1 },
      { month: '2025-02', term: 'week', rate_bps: 500 },
    ]) {
      const res = await setRate(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await setRate({ month: '2025-13', term: 'short', rate_bps: 500 })).json().message).toContain('Month must be a month');
    const bob = await inviteStaffLogin(t, admin, { name: 'Bo Bookkeeper', role: 'bookkeeper', username: 'bob' });
    expect((await setRate({ month: '2025-02', term: 'short', rate_bps: 500 }, bob.token)).statusCode).toBe(403);
    expect((await get('/admin/federal_rates', bob.token)).statusCode).toBe(200);
    expect(await rateRows()).toBe(before);
  });

  it("refuses a rate that would change a closed period's figures: one for a month whose contracts' sales are closed", async () => {
    await post('/admin/set_period_lock', { llc_name: LLC, closed_through: '2025-12-31' });
    const before = await rateRows();
    const audits = async () => (await t.testDb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_event'))[0]!.n;
    const auditsBefore = await audits();
    // L was sold 2025-01-01: the rates of 2024-11, 2024-12 and 2025-01 are the ones it is tested against.
    const refused = await setRate({ month: '2024-11', term: 'mid', rate_bps: 300 });
    expect([refused.statusCode, refused.json().message]).toEqual([409,
      `The books of ${LLC} are closed through 12/31/2025: the federal rate of 2024-11 applies to L, sold 01/01/2025, and would change its filed tax figures. Reopen the period first.`]);
    expect([await rateRows(), await audits()]).toEqual([before, auditsBefore]);
    // A month no contract of a closed period is tested against is recorded.
    expect((await setRate({ month: '2024-10', term: 'mid', rate_bps: 300 })).statusCode).toBe(200);
    await post('/admin/set_period_lock', { llc_name: LLC, closed_through: '' });
  });
});
