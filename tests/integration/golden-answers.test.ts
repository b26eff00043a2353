import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAPLE_LLC } from '../fixtures/maple.js';
import { mapleBooksTemplate, type MapleBooks } from '../support/maple-books.js';
import { bearer, type AppTemplate, type TestApp } from '../support/test-app.js';

/**
 * The API's answers for the Maple books, recorded once and compared byte for byte: a restructuring of
 * the code must not change one of them. `UPDATE_GOLDEN=1 npx vitest run tests/integration/golden-answers`
 * records them again (only when an answer is meant to change; the diff is then reviewed).
 */
const FILE = new URL('../fixtures/golden/maple-answers.json', import.meta.url);
const LLC = encodeURIComponent(MAPLE_LLC.llc_name);

type Call = { as: 'admin' | 'A' | 'C' | 'none'; method: 'GET' | 'POST'; url: string; body?: unknown };

const READS: Call[] = [
  ...['/manifest.json'].map((url): Call => ({ as: 'none', method: 'GET', url })),
  ...['/auth/protected', '/admin/get_admin_level'].map((url): Call => ({ as: 'admin', method: 'GET', url })),
  ...['/auth/protected', '/admin/get_admin_level', '/api/investor_summary', '/api/investor_property?property_name=P',
    '/api/investor_property?property_name=Q', '/api/investor_summary?investor_name=B']
    .map((url): Call => ({ as: 'A', method: 'GET', url })),
  ...[
    '/admin/get_admin_helpers',
    '/admin/get_property_notes?property_name=P',
    `/admin/get_llc?llc_name=${LLC}`,
    '/admin/get_max_cash_withdrawal?investor_name=A',
    '/admin/get_max_cash_withdrawal?investor_name=C',
    '/admin/get_max_investment_withdrawal?investor_name=A&property_name=P',
    '/admin/get_max_investment_withdrawal?investor_name=C&property_name=P',
    '/admin/get_max_deposit_withdrawal?property_name=P',
    '/admin/get_property_txns?selectedProperty=P',
    '/admin/get_property_txns?selectedProperty=P&include_voided=true',
    '/admin/get_property_txns?selectedProperty=Q&include_voided=false',
    `/admin/get_llc_txns?selectedLLC=${LLC}`,
    `/admin/get_llc_txns?selectedLLC=${LLC}&include_voided=true`,
    '/admin/get_investor_txns?investor_name=A&include_voided=true',
    '/admin/audit_log?page=1&page_size=200',
    '/admin/audit_log?entity=investor&page=1&page_size=5',
    '/api/investor_summary?investor_name=A',
    '/api/investor_summary?investor_name=B',
    '/api/investor_summary?investor_name=C',
    '/api/investor_property?property_name=P&investor_name=B',
    '/api/investor_property?property_name=Q&investor_name=C',
    // Refused reads: the answer's words are part of the contract too.
    '/admin/get_property_notes?property_name=Nowhere',
    '/admin/get_llc?llc_name=',
    '/admin/get_max_cash_withdrawal',
    '/admin/get_max_investment_withdrawal?investor_name=A&property_name=Nowhere',
    '/admin/get_property_txns?selectedProperty=P&include_voided=maybe',
    '/admin/audit_log?page=0',
    '/admin/audit_log?page_size=abc',
    '/api/investor_summary?investor_name=Nobody',
    '/api/investor_property',
    '/api/investor_property?property_name=Nowhere&investor_name=A',
  ].map((url): Call => ({ as: 'admin', method: 'GET', url })),
];

/** Refused writes: status and message of each must not move while validation moves into the contract. */
const d = '2024-12-01';
const REFUSED_WRITES: Call[] = (
  [
    ['/admin/record_property_income', {}],
    ['/admin/record_property_income', { income_date: d, income_for_month: d, property_name: 'P', description: 'x', amount: '1.005', income_category: 'Rent' }],
    ['/admin/record_property_income', { income_date: '2024-02-30', income_for_month: d, property_name: 'P', description: 'x', amount: '1', income_category: 'Rent' }],
    ['/admin/record_property_income', { income_date: d, income_for_month: '2024-13', property_name: 'P', description: 'x', amount: '1', income_category: 'Rent' }],
    ['/admin/record_property_income', { income_date: d, income_for_month: d, property_name: 'P', description: 'x', amount: '1', income_category: 'Nope' }],
    ['/admin/record_property_income', { income_date: d, income_for_month: d, property_name: 'P', description: 'x', amount: -3, income_category: 'Rent' }],
    ['/admin/record_property_income', { income_date: d, income_for_month: d, property_name: 'P', description: 'x', amount: true, income_category: 'Rent' }],
    ['/admin/record_property_income', { income_date: d, income_for_month: d, property_name: 'P', description: '', amount: '1', income_category: 'Rent' }],
    ['/admin/record_loren_income', { income_date: d, property_name: 'P', description: 'x', amount: '1', start_date: '2024-02-01', end_date: '2024-01-01' }],
    ['/admin/record_lc_payment', { payment_date: d, property_name: 'P', description: 'x', amount: '1' }],
    ['/admin/record_lc_payment', { payment_date: d, property_name: 'Q', description: 'x', amount: '1', loren_name: 'Nobody' }],
    ['/admin/record_property_expense', { expense_date: d, expense_for_month: d, property_name: 'P', description: 'x', amount: '0', expense_category: 'Taxes' }],
    ['/admin/record_investor_property_expense', { expense_date: d, expense_for_month: d, property_name: 'P', description: 'x', amount: '1', expense_category: 'Taxes', investor: 'Zed', payer: 'admin' }],
    ['/admin/record_llc_expense', { expense_date: d, llc_name: 'Nope LLC', description: 'x', amount: '1', expense_category: 'State fees', payer: 'admin' }],
    ['/admin/record_llc_expense', { expense_date: d, llc_name: MAPLE_LLC.llc_name, description: 'x', amount: '100000000.01', expense_category: 'State fees', payer: 'admin' }],
    ['/admin/add_rental_deposit', { property_name: 'Q', amount: '1', date: d, notes: 'x' }],
    ['/admin/add_investment', { property_name: 'P', investor_name: 'A', date: '1899-12-31', amount: '1' }],
    ['/admin/add_investment', { property_name: 'P', investor_name: 'A', date: d, amount: '1', extra: 1 }],
    ['/admin/record_cash_withdrawal', { investor_name: 'A', date: d, description: 'x', amount: '99999' }],
    ['/admin/record_cash_withdrawal', { investor_name: 'A', date: '2099-01-01', description: 'x', amount: '1' }],
    ['/admin/record_investment_withdrawal', { investor_name: 'A', property_name: 'P', date: '2023-12-31', amount: '100' }],
    ['/admin/record_deposit_withdrawal', { property_name: 'P', date: d, notes: 'x', amount: '2000.01' }],
    ['/admin/add_investment_property', { property_name: 'P', address: 'x', purchase_date: d, purchase_price: '1', land_value: '0', property_value: '1', llc: MAPLE_LLC.llc_name, property_type: 'rental', picture_url: '/p.jpg' }],
    ['/admin/add_investment_property', { property_name: 'N', address: 'x', purchase_date: d, purchase_price: '1', land_value: '2', property_value: '1', llc: MAPLE_LLC.llc_name, property_type: 'rental', picture_url: '/p.jpg' }],
    ['/admin/add_investment_property', { property_name: 'N', address: 'x', purchase_date: d, purchase_price: '1', land_value: '0', property_value: '1', llc: MAPLE_LLC.llc_name, property_type: 'rental', picture_url: 'javascript:alert(1)' }],
    ['/admin/add_investment_property', { property_name: 'N', address: 'x', purchase_date: d, purchase_price: '1', land_value: '0', property_value: '1', llc: MAPLE_LLC.llc_name, property_type: 'land_contract', picture_url: '/p.jpg', lc_sale_date: d }],
    ['/admin/add_investor', { name: 'A', email: '', phone: '', address: '', fee_percentage: '0.05' }],
    ['/admin/add_investor', { name: 'N', email: '', phone: '', address: '', fee_percentage: '0.07' }],
    ['/admin/set_investor_fee', { investor_name: 'A', fee_percentage: '0.05', effective_month: 'soon' }],
    ['/admin/add_expense_category', { expense_category: 'Rent', scope: 'income' }],
    ['/admin/add_expense_category', { expense_category: 'X', scope: 'other' }],
    ['/admin/set_property_notes', { property_name: 'Nowhere', notes: 'x' }],
    ['/admin/add_llc', { ...MAPLE_LLC }],
    ['/admin/add_llc', { ...MAPLE_LLC, llc_name: 'New LLC', business_code_number: '12' }],
    ['/admin/add_llc', { ...MAPLE_LLC, llc_name: 'New LLC', date_started: '2020-02-31' }],
    ['/admin/update_llc', { ...MAPLE_LLC, llc_name: 'Nope LLC' }],
    ['/admin/add_loren', { loren_name: '   ' }],
    ['/admin/delete_income', { id: 999999, amount: '1', date: d }],
    ['/admin/delete_income', { id: 1, amount: '1', date: d }],
    ['/admin/delete_expense', { id: 'x', amount: '1', date: d }],
    ['/auth/register', { username: 'ab', password: 'x', secret: 'y' }],
  ] as const
).map(([url, body]): Call => ({ as: 'admin', method: 'POST', url, body }));

describe('the API answers for the Maple books stay byte-identical', () => {
  let template: AppTemplate<MapleBooks>;
  let t: TestApp;
  let books: MapleBooks;

  beforeAll(async () => {
    // A copy of the Maple books recorded once for the run: what this file writes stays in its copy.
    template = await mapleBooksTemplate('pglite', { logins: true });
    t = await template.start();
    books = template.state;
    const post = (url: string, body: unknown) =>
      t.app.inject({ method: 'POST', url, payload: body as object, headers: bearer(books.admin) });
    // A void and a note, so the viewers' voided rows and the notes read have something to show.
    const voided = await post('/admin/record_property_income', {
      income_date: '2024-12-05', income_for_month: '2024-12-01', property_name: 'P', description: 'Typo', amount: '5.00', income_category: 'Rent',
    });
    const { id } = voided.json() as { id: number };
    expect((await post('/admin/delete_income', { id, amount: 5, date: '2024-12-05', reason: 'Entered twice' })).statusCode).toBe(200);
    expect((await post('/admin/set_property_notes', { property_name: 'P', notes: 'New roof 2024.' })).statusCode).toBe(200);
    t.clock.set(new Date('2024-12-31T18:00:00Z'));
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await template?.close();
  });

  it('answers every read and every refusal as recorded', async () => {
    const answers: Record<string, { status: number; body: string }> = {};
    for (const call of [...READS, ...REFUSED_WRITES]) {
      const token = call.as === 'admin' ? books.admin : call.as === 'none' ? undefined : books.investors[call.as];
      const res = await t.app.inject({
        method: call.method,
        url: call.url,
        headers: token ? bearer(token) : {},
        ...(call.body === undefined ? {} : { payload: call.body as object }),
      });
      const key = `${call.as} ${call.method} ${call.url}${call.body === undefined ? '' : ` ${JSON.stringify(call.body)}`}`;
      answers[key] = { status: res.statusCode, body: res.body };
    }
    // Refusals wrote nothing that shows in a read: the summaries are asked again at the end.
    for (const name of ['A', 'B', 'C']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/investor_summary?investor_name=${name}`, headers: bearer(books.admin) });
      expect(res.body).toBe(answers[`admin GET /api/investor_summary?investor_name=${name}`]!.body);
    }
    if (process.env.UPDATE_GOLDEN === '1') {
      writeFileSync(FILE, JSON.stringify(answers, null, 1) + '\n');
    }
    const recorded = JSON.parse(readFileSync(FILE, 'utf8')) as typeof answers;
    expect(Object.keys(answers).sort()).toEqual(Object.keys(recorded).sort());
    for (const [key, answer] of Object.entries(answers)) expect(answer, key).toEqual(recorded[key]);
  });
});
