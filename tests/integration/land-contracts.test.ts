import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAPLE_LLC, MAPLE_PROPERTIES } from '../fixtures/maple.js';
import { mapleBooksTemplate, type MapleBooks } from '../support/maple-books.js';
import { pdfText } from '../support/read-pdf.js';
import { addLlc, inviteStaffLogin } from '../support/staff-logins.js';
import { DB_KINDS } from '../support/test-db.js';
import { bearer, seedAs, type AppTemplate, type TestApp } from '../support/test-app.js';

/**
 * Land-contract servicing (docs/product.md "Land contracts") on Maple's Q: sold 2024-01-01 for 100,000.00,
 * 10,000.00 down, 8 %, basis 60,000.00; here serviced at 1,000.00 a month from 2024-02-01, grace 10 days.
 * The buyer paid the down payment, February on time, March late, April on time, May short (500.00) and
 * nothing since; the app's clock reads 2026-01-15. Every figure below is worked by hand beside it.
 */
const Q = MAPLE_PROPERTIES.find((p) => p.property_name === 'Q')!;
const LLC = encodeURIComponent(MAPLE_LLC.llc_name);
const SERVICING = { lc_installment: '1000.00', lc_first_due_date: '2024-02-01', lc_buyer_name: 'Quinn Buyer', lc_buyer_address: '9 Field Road, Springfield, IL' };
const TERMS = {
  property_name: 'Q', lc_sale_date: Q.lc_sale_date, lc_sale_price: Q.lc_sale_price, lc_down_payment: Q.lc_down_payment,
  lc_adjusted_basis: Q.lc_adjusted_basis, lc_rate_bps: Q.lc_rate_bps,
};
const PAYMENTS = [
  ['2024-01-01', '10000.00'], // the down payment
  ['2024-02-11', '1000.00'], // due 02-01, grace to 02-11: on time
  ['2024-03-18', '1000.00'], // due 03-01, grace to 03-11: late
  ['2024-04-01', '1000.00'],
  ['2024-05-01', '500.00'], // short
] as const;

describe.each(DB_KINDS)('land-contract servicing on %s', (kind) => {
  let template: AppTemplate<MapleBooks>;
  let t: TestApp;
  let admin: string;
  const get = async (url: string, token = admin) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const post = async (url: string, payload: object, token = admin) => t.app.inject({ method: 'POST', url, payload, headers: bearer(token) });
  const count = async (sql: string) => (await t.testDb.db.query<{ n: number }>(sql))[0]!.n;
  const taxes = async () => ({
    llc: (await get(`/admin/llc_taxes?selectedLLC=${LLC}&selectedTaxYear=2024`)).json(),
    property: (await get('/admin/property_taxes?selectedProperty=Q&selectedTaxYear=2024')).json(),
  });
  let taxesBefore: Awaited<ReturnType<typeof taxes>>;

  beforeAll(async () => {
    // The Maple LLC, P and Q (with the five tax terms) and the investors; this file's own payments on Q.
    template = await mapleBooksTemplate(kind, { recordings: false });
    t = await template.start();
    admin = template.state.admin;
    const seed = seedAs(t, admin);
    await seed('/admin/add_investment', { property_name: 'Q', investor_name: 'C', date: '2020-06-01', amount: '60000' });
    for (const [payment_date, amount] of PAYMENTS) {
      await seed('/admin/record_lc_payment', { payment_date, property_name: 'Q', description: `Payment ${payment_date}`, amount });
    }
    taxesBefore = await taxes();
    const res = await post('/admin/set_land_contract_terms', { ...TERMS, ...SERVICING });
    expect([res.statusCode, res.json().message]).toEqual([200, 'Land contract terms saved']);
  });
  afterAll(async () => {
    await t?.close();
    await template?.close();
  });

  it('leaves the tax report as it was: the servicing terms are not tax terms', async () => {
    expect(taxesBefore.llc.total_rental_income).toBeDefined();
    expect(await taxes()).toEqual(taxesBefore);
  });

  it('schedules the contract and reads each installment against what was paid, as of today', async () => {
    const res = await get('/admin/lc_schedule?property_name=Q');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.as_of).toBe('2026-01-15');
    expect(body.terms).toEqual({
      sale_date: '2024-01-01', sale_price: 100000, down_payment: 10000, adjusted_basis: 60000, rate_bps: 800, selling_expenses: 0,
      assumed_mortgage: 0, installment: 1000, first_due_date: '2024-02-01', grace_days: 10, buyer_name: 'Quinn Buyer', buyer_address: '9 Field Road, Springfield, IL',
    });
    expect(body.rows.slice(0, 7)).toEqual([
      { number: 0, due_date: '2024-01-01', payment: 10000, interest: 0, principal: 10000, balance: 90000, paid: 10000, paid_date: '2024-01-01', status: 'paid' },
      // 90,000.00 × 8 % ÷ 12 = 600.00; 1,000.00 − 600.00 = 400.00; 90,000.00 − 400.00 = 89,600.00
      { number: 1, due_date: '2024-02-01', payment: 1000, interest: 600, principal: 400, balance: 89600, paid: 1000, paid_date: '2024-02-11', status: 'paid' },
      // 89,600.00 × 8 % ÷ 12 = 597.333 → 597.33; principal 402.67; balance 89,197.33. Paid 03-18, after 03-11.
      { number: 2, due_date: '2024-03-01', payment: 1000, interest: 597.33, principal: 402.67, balance: 89197.33, paid: 1000, paid_date: '2024-03-18', status: 'late' },
      // 89,197.33 × 8 % ÷ 12 = 594.649 → 594.65; principal 405.35; balance 88,791.98
      { number: 3, due_date: '2024-04-01', payment: 1000, interest: 594.65, principal: 405.35, balance: 88791.98, paid: 1000, paid_date: '2024-04-01', status: 'paid' },
      // 88,791.98 × 8 % ÷ 12 = 591.947 → 591.95; principal 408.05; balance 88,383.93. 500.00 paid.
      { number: 4, due_date: '2024-05-01', payment: 1000, interest: 591.95, principal: 408.05, balance: 88383.93, paid: 500, paid_date: '2024-05-01', status: 'short' },
      // 88,383.93 × 8 % ÷ 12 = 589.226 → 589.23; principal 410.77; balance 87,973.16. Nothing paid.
      { number: 5, due_date: '2024-06-01', payment: 1000, interest: 589.23, principal: 410.77, balance: 87973.16, paid: 0, paid_date: null, status: 'missing' },
      // 87,973.16 × 8 % ÷ 12 = 586.488 → 586.49; principal 413.51; balance 87,559.65
      { number: 6, due_date: '2024-07-01', payment: 1000, interest: 586.49, principal: 413.51, balance: 87559.65, paid: 0, paid_date: null, status: 'missing' },
    ]);
    // June 2024 to January 2026 (due 01-01, grace to 01-11, before 01-15): 20 months missing; February 2026 is upcoming.
    expect(body.rows.filter((r: { status: string }) => r.status === 'missing')).toHaveLength(20);
    expect(body.rows.find((r: { due_date: string }) => r.due_date === '2026-02-01').status).toBe('upcoming');
    // The payments received, split: May's 500.00 is all interest, 591.95 − 500.00 = 91.95 carried.
    expect(body.payments.at(-1)).toEqual({ date: '2024-05-01', amount: 500, interest: 500, principal: 0, balance: 88791.98, arrears: 91.95 });
    expect(body.totals).toEqual({
      due_to_date: 34000, // 10,000.00 down + 24 installments (02/2024 to 01/2026) × 1,000.00
      paid_to_date: 13500, // 10,000.00 + 3 × 1,000.00 + 500.00
      past_due: 20500, // May's 500.00 + 20 missing months × 1,000.00
      arrears: 91.95,
      balance: 88791.98, // after April's payment; May's paid no principal
      next_due_date: '2026-02-01',
      next_due_amount: 1000,
    });
  });

  it('quotes a payoff mid-month, and its letter says the same', async () => {
    const res = await get('/admin/lc_payoff?property_name=Q&as_of=2024-06-15');
    // One month since May 1: 88,791.98 × 8 % ÷ 12 = 591.95; + 91.95 carried = 683.90; 88,791.98 + 683.90 = 89,475.88
    expect(res.json()).toEqual({
      property_name: 'Q', as_of: '2024-06-15', principal: 88791.98, interest: 683.9, total: 89475.88, arrears: 91.95,
      last_payment_date: '2024-05-01', months: 1, rate_bps: 800,
    });
    // With June missed: two months, 88,791.98 × 8 % × 2 ÷ 12 = 1,183.893 → 1,183.89; + 91.95 = 1,275.84; total 90,067.82
    expect((await get('/admin/lc_payoff?property_name=Q&as_of=2024-07-20')).json()).toMatchObject({ interest: 1275.84, total: 90067.82, months: 2 });

    const letter = await get('/admin/lc_payoff_letter?property_name=Q&as_of=2024-06-15');
    expect(letter.statusCode).toBe(200);
    expect(letter.headers['content-type']).toBe('application/pdf');
    expect(letter.headers['content-disposition']).toContain('payoff-q-2024-06-15.pdf');
    const text = await pdfText(letter.rawPayload);
    for (const words of ['Payoff as of 06/15/2024', MAPLE_LLC.llc_name, 'Quinn Buyer', '9 Field Road, Springfield, IL', Q.address,
      '$88,791.98', '$591.95', '$91.95', '$89,475.88', '1 month at 8.00 %', 'on or before 06/30/2024', 'each further month adds $591.95']) {
      expect(text.replace(/\s+/g, ' ')).toContain(words);
    }
  });

  it("writes the buyer's year-end statement", async () => {
    const res = await get('/admin/lc_statement?property_name=Q&year=2024');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('lc-statement-q-2024.pdf');
    const text = (await pdfText(res.rawPayload)).replace(/\s+/g, ' ');
    // Paid 10,000.00 + 1,000.00 × 3 + 500.00 = 13,500.00; interest 600.00 + 597.33 + 594.65 + 500.00 = 2,291.98;
    // principal 13,500.00 − 2,291.98 = 11,208.02; balance at Dec 31: 100,000.00 − 11,208.02 = 88,791.98.
    for (const words of ['Year-end statement 2024', 'Quinn Buyer', MAPLE_LLC.llc_name, '02/11/2024', '$597.33', '$89,197.33',
      '$13,500.00', '$2,291.98', '$11,208.02', 'Balance at 12/31/2024', '$88,791.98']) {
      expect(text).toContain(words);
    }
  });

  it('answers a contract without an installment with no schedule, its payments and totals still', async () => {
    const seed = seedAs(t, admin);
    await seed('/admin/add_investment_property', { ...Q, property_name: 'T', lc_sale_date: '2024-03-01', lc_sale_price: '20000.00', lc_down_payment: '0', lc_adjusted_basis: '5000.00', lc_rate_bps: 600 });
    await seed('/admin/record_lc_payment', { payment_date: '2024-04-01', property_name: 'T', description: 'First', amount: '300.00' });
    const body = (await get('/admin/lc_schedule?property_name=T')).json();
    expect(body.rows).toEqual([]);
    // One month on 20,000.00 at 6 %: 100.00 interest, 200.00 principal, balance 19,800.00.
    expect(body.payments).toEqual([{ date: '2024-04-01', amount: 300, interest: 100, principal: 200, balance: 19800, arrears: 0 }]);
    expect(body.totals).toEqual({ due_to_date: 0, paid_to_date: 300, past_due: 0, arrears: 0, balance: 19800, next_due_date: null, next_due_amount: null });
    const listed = (await get('/admin/land_contracts')).json().contracts.find((c: { property_name: string }) => c.property_name === 'T');
    expect(listed).toMatchObject({ balance: 19800, past_due: null, terms: { installment: null, first_due_date: null, grace_days: 10 } });
  });

  it('lists every land-contract property with its balance and what is past due', async () => {
    const body = (await get('/admin/land_contracts')).json();
    expect(body.contracts.find((c: { property_name: string }) => c.property_name === 'Q'))
      .toMatchObject({ llc_name: MAPLE_LLC.llc_name, balance: 88791.98, past_due: 20500, terms: { installment: 1000 } });
    expect(body.contracts.map((c: { property_name: string }) => c.property_name)).not.toContain('P'); // a rental
  });

  it('refuses what it cannot answer or store, in plain words', async () => {
    const seed = seedAs(t, admin);
    await seed('/admin/add_investment_property', { ...Q, property_name: 'R', lc_sale_date: '', lc_sale_price: '', lc_down_payment: '', lc_adjusted_basis: '', lc_rate_bps: undefined });
    for (const [url, status, message] of [
      ['/admin/lc_schedule?property_name=Nowhere', 404, 'No property named "Nowhere".'],
      ['/admin/lc_schedule?property_name=P', 409, 'P is not a land-contract property.'],
      ['/admin/lc_payoff?property_name=R', 409, 'R has no land-contract terms recorded: add them under Land Contracts.'],
      ['/admin/lc_payoff?property_name=Q&as_of=2023-12-31', 400, 'The payoff date must be on or after the sale date (01/01/2024).'],
      ['/admin/lc_statement?property_name=Q&year=2023', 409, 'Q was sold on 01/01/2024: there is no statement for 2023.'],
    ] as const) {
      const res = await get(url);
      expect([res.statusCode, res.json().message], url).toEqual([status, message]);
    }
    const audits = await count('SELECT count(*)::int AS n FROM audit_event');
    for (const [body, status, message] of [
      [{ ...TERMS, property_name: 'P' }, 409, 'P is not a land-contract property.'],
      // 90,000.00 × 8 % ÷ 12 = 600.00 of interest a month: 500.00 never pays it off.
      [{ ...TERMS, ...SERVICING, lc_installment: '500.00' }, 400, "An installment of $500.00 does not cover a month's interest ($600.00), so the contract would never be paid off."],
      [{ ...TERMS, ...SERVICING, lc_first_due_date: '2023-12-01' }, 400, 'The first due date must be after the sale date (01/01/2024).'],
      [{ ...TERMS, lc_installment: '1000.00' }, 400, 'Give the installment and the first due date together, or neither.'],
      [{ ...TERMS, lc_assumed_mortgage: '95000.00' }, 400, 'The down payment and the assumed mortgage together cannot exceed the sale price.'],
    ] as const) {
      const res = await post('/admin/set_land_contract_terms', body);
      expect([res.statusCode, res.json().message], JSON.stringify(body)).toEqual([status, message]);
    }
    const add = await post('/admin/add_investment_property', { ...Q, property_name: 'S', lc_sale_date: '', lc_sale_price: '', lc_down_payment: '', lc_adjusted_basis: '', lc_rate_bps: undefined, lc_installment: '100.00' });
    expect([add.statusCode, add.json().message]).toEqual([400, 'The installment, due date, grace days, mortgage and buyer need the land-contract terms.']);
    // Grace days alone are servicing too: refused, not dropped.
    const grace = await post('/admin/add_investment_property', { ...Q, property_name: 'S', lc_sale_date: '', lc_sale_price: '', lc_down_payment: '', lc_adjusted_basis: '', lc_rate_bps: undefined, lc_grace_days: 5 });
    expect([grace.statusCode, grace.json().message]).toEqual([400, 'The installment, due date, grace days, mortgage and buyer need the land-contract terms.']);
    expect(await count('SELECT count(*)::int AS n FROM audit_event')).toBe(audits);
  });

  it('keeps the tax terms of a sale in a closed period, and lets its servicing change', async () => {
    const lock = await post('/admin/set_period_lock', { llc_name: MAPLE_LLC.llc_name, closed_through: '2024-12-31' });
    expect(lock.statusCode).toBe(200);
    const audits = await count('SELECT count(*)::int AS n FROM audit_event');
    const row = async () => (await t.testDb.db.query('SELECT * FROM property WHERE name = $1', ['Q']))[0];
    const before = await row();
    // A tax term, and the installment (it makes the schedule the imputed-interest test reads), are refused alike.
    for (const change of [{ lc_rate_bps: 700 }, { lc_installment: '2000.00' }]) {
      const refused = await post('/admin/set_land_contract_terms', { ...TERMS, ...SERVICING, ...change });
      expect([refused.statusCode, refused.json().message]).toEqual([409,
        `The books of ${MAPLE_LLC.llc_name} are closed through 12/31/2024: the contract's tax terms, installment and first due date cannot change. Its grace days and buyer can.`]);
    }
    expect(await row()).toEqual(before);
    expect(await count('SELECT count(*)::int AS n FROM audit_event')).toBe(audits);

    const allowed = await post('/admin/set_land_contract_terms', { ...TERMS, ...SERVICING, lc_buyer_name: 'Quinn and Pat Buyer', lc_grace_days: 5 });
    expect(allowed.statusCode).toBe(200);
    const [audit] = await t.testDb.db.query<{ action: string; entity: string; before: { buyerName: string }; after: { buyerName: string; graceDays: number } }>(
      'SELECT action, entity, before, after FROM audit_event ORDER BY id DESC LIMIT 1');
    expect(audit).toMatchObject({ action: 'set_terms', entity: 'property', before: { buyerName: 'Quinn Buyer' }, after: { buyerName: 'Quinn and Pat Buyer', graceDays: 5 } });
    await post('/admin/set_period_lock', { llc_name: MAPLE_LLC.llc_name, closed_through: '' });
    // Put back, so the other tests read the terms they expect.
    expect((await post('/admin/set_land_contract_terms', { ...TERMS, ...SERVICING })).statusCode).toBe(200);
  });

  it('lets a bookkeeper read but not set the terms, and an auditor only their own LLCs', async () => {
    const bookkeeper = await inviteStaffLogin(t, admin, { name: 'Bea Keeper', role: 'bookkeeper', username: 'bea' });
    expect((await get('/admin/lc_schedule?property_name=Q', bookkeeper.token)).statusCode).toBe(200);
    expect((await post('/admin/set_land_contract_terms', { ...TERMS, ...SERVICING }, bookkeeper.token)).statusCode).toBe(403);
    await addLlc(t, admin, 'Other LLC');
    const auditor = await inviteStaffLogin(t, admin, { name: 'Otto Auditor', role: 'auditor', username: 'otto', llc_names: ['Other LLC'] });
    const res = await get('/admin/lc_schedule?property_name=Q', auditor.token);
    expect([res.statusCode, res.json().message]).toEqual([404, 'No property named "Q".']);
  });
});
