import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centsOf } from '../../src/contract/values/dollar-cents.js';
import { usd } from '../../src/server/domain/money.js';
import { ledgerCsv } from '../../src/server/modules/exports/ledger-csv.js';
import { MAPLE_LLC } from '../fixtures/maple.js';
import { readCsvObjects } from '../support/csv-records.js';
import { mapleBooksTemplate, type MapleBooks } from '../support/maple-books.js';
import { pdfText } from '../support/read-pdf.js';
import { unzip } from '../support/read-zip.js';
import { bearer, type AppTemplate, type TestApp } from '../support/test-app.js';
import { DB_KINDS } from '../support/test-db.js';

/** Amount text of a CSV ("-1234.56") → cents, through the text. */
const csvCents = (text: string) => (text.startsWith('-') ? -centsOf(Number(text.slice(1))) : centsOf(Number(text)));

/**
 * The admin's files: the ledger as CSV, the CPA tax package and every statement of a period,
 * read back and compared with the API's own answers to the cent.
 */
describe.each(DB_KINDS)('exports on %s', (kind) => {
  let template: AppTemplate<MapleBooks>;
  let t: TestApp;
  beforeAll(async () => {
    template = await mapleBooksTemplate(kind, { logins: true });
    t = await template.start();
  });
  afterAll(async () => {
    await t?.close();
    await template?.close();
  });
  const get = (url: string, token = template.state.admin) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const json = async (url: string) => (await get(url)).json() as Record<string, unknown>;

  it('exports the ledger of a period as RFC 4180 CSV, voided entries included and marked, formulas neutralised', async () => {
    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: bearer(template.state.admin), payload });
    const recorded = await post('/admin/record_property_expense', {
      expense_date: '2024-11-05', expense_for_month: '2024-11-01', property_name: 'P', description: '=HYPERLINK("http://x")',
      amount: '12.34', expense_category: 'Repairs', payer: 'admin',
    });
    expect(recorded.statusCode, recorded.body).toBe(201);
    const voided = await post('/admin/delete_expense', { id: (recorded.json() as { id: number }).id, amount: '12.34', date: '2024-11-05', reason: 'Entered twice' });
    expect(voided.statusCode, voided.body).toBeLessThan(300);

    const res = await get('/admin/ledger_export?from=2024-01-01&to=2024-12-31');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('filename="Ledger 2024-01-01 to 2024-12-31.csv"');
    expect(res.body.startsWith('\uFEFFEntry,Date,Month,Kind,LLC,Property,Investor,Category,Description,Amount,Voided')).toBe(true);
    const rows = readCsvObjects(res.body);
    const [{ n }] = (await t.testDb.db.query<{ n: number }>(`SELECT count(*)::bigint AS n FROM ledger_entry WHERE date BETWEEN '2024-01-01' AND '2024-12-31'`)) as [{ n: number }];
    expect(rows).toHaveLength(n);
    const [{ cents }] = (await t.testDb.db.query<{ cents: number }>(`SELECT sum(amount_cents)::bigint AS cents FROM ledger_entry WHERE date BETWEEN '2024-01-01' AND '2024-12-31'`)) as [{ cents: number }];
    expect(rows.reduce((s, r) => s + csvCents(r.Amount!), 0)).toBe(cents);
    const hostile = rows.find((r) => r.Description!.includes('HYPERLINK'))!;
    expect(hostile).toMatchObject({ Description: `'=HYPERLINK("http://x")`, Amount: '12.34', Voided: 'yes', 'Voided by': 'admin', 'Void reason': 'Entered twice', Property: 'P', LLC: MAPLE_LLC.llc_name });
    expect(res.body).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(rows.every((r) => /^\d{4}-\d\d-\d\d$/.test(r.Date!) && /^-?\d+\.\d\d$/.test(r.Amount!))).toBe(true);

    const investor = await get('/admin/ledger_export?from=2024-01-01&to=2024-12-31', template.state.investors.A!);
    expect(investor.statusCode).toBe(403);
    const backwards = await get('/admin/ledger_export?from=2024-12-31&to=2024-01-01');
    expect({ status: backwards.statusCode, body: backwards.json() }).toEqual({ status: 400, body: { message: 'From must be on or before To.' } });
  });

  it('pages the ledger oldest first with nothing lost or doubled at the page boundaries', async () => {
    const whole = async (pageSize: number) => {
      const chunks: Uint8Array[] = [];
      for await (const chunk of await ledgerCsv(t.testDb.db, { from: '1900-01-01', to: '2099-12-31' }, pageSize)) chunks.push(chunk);
      return Buffer.concat(chunks).toString('utf8');
    };
    const oneGo = await whole(100_000);
    const rows = readCsvObjects(oneGo);
    expect(rows.length).toBeGreaterThan(40);
    // Several entries share a date (the rents of the 3rd, the expenses of the 15th): pages of 7 cut through them.
    expect(new Set(rows.map((r) => r.Date)).size).toBeLessThan(rows.length);
    for (const size of [1, 7, rows.length - 1, rows.length]) expect(await whole(size), `pages of ${size}`).toBe(oneGo);
    const keys = rows.map((r) => `${r.Date}#${r.Entry!.padStart(8, '0')}`);
    expect(keys).toEqual([...keys].sort());
  });

  it('packs the LLC tax report as PDF and CSV, each property’s summary, the year’s ledger and a README, matching llc_taxes to the cent', async () => {
    const llc = encodeURIComponent(MAPLE_LLC.llc_name);
    const res = await get(`/admin/tax_package?selectedLLC=${llc}&selectedTaxYear=2024`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const files = await unzip(res.rawPayload);
    const name = (part: string) => [...files.keys()].find((k) => k.includes(part))!;
    expect([...files.keys()].sort()).toEqual(
      ['README.txt', name('LLC tax report.pdf'), name('fields.csv'), name('members.csv'), name('property - P.csv'), name('property - Q.csv'), name('ledger.csv')].sort(),
    );
    const report = await json(`/admin/llc_taxes?selectedLLC=${llc}&selectedTaxYear=2024`);

    const fields = readCsvObjects(files.get(name('fields.csv'))!.toString('utf8'));
    const amount = (field: string) => csvCents(fields.find((f) => f.Field === field)!.Amount!);
    expect(amount('Total income')).toBe(centsOf(report.total_income as number));
    expect(amount('Total rental income')).toBe(centsOf(report.total_rental_income as number));
    expect(amount('Total assets (December 31)')).toBe(centsOf(report.total_assets as number));
    expect(fields.find((f) => f.Field === 'Address')!.Text).toBe(report.address);

    const members = readCsvObjects(files.get(name('members.csv'))!.toString('utf8'));
    const table = (t: string) => members.filter((m) => m.Table === t);
    for (const [member, dollars] of Object.entries(report.rental_income_by_member as Record<string, number>)) {
      expect(csvCents(table('Rental income by member').find((m) => m.Member === member)!.Amount!), member).toBe(centsOf(dollars));
    }
    for (const [member, byProperty] of Object.entries(report.ubia_by_member_by_property as Record<string, Record<string, number>>)) {
      for (const [property, dollars] of Object.entries(byProperty)) {
        const row = table('UBIA by member and property').find((m) => m.Member === member && m.Property === property)!;
        expect(csvCents(row.Amount!), `${member} ${property}`).toBe(centsOf(dollars));
      }
    }
    for (const [category, dollars] of Object.entries(report.llc_expenses as Record<string, number>)) {
      expect(csvCents(table('LLC expenses by category').find((m) => m.Category === category)!.Amount!)).toBe(centsOf(dollars));
    }
    expect(table('Dividend income by member')).toHaveLength(Object.keys(report.dividend_income_by_member as object).length);

    const q = readCsvObjects(files.get(name('property - Q.csv'))!.toString('utf8'));
    const qTaxes = await json('/admin/property_taxes?selectedProperty=Q&selectedTaxYear=2024');
    const lc = qTaxes.lc_summary as Record<string, number>;
    expect(csvCents(q.find((r) => r.Item === 'Interest')!.Amount!)).toBe(centsOf(lc.interest!));
    expect(csvCents(q.find((r) => r.Item === 'Gain')!.Amount!)).toBe(centsOf(lc.gain!));

    const ledger = readCsvObjects(files.get(name('ledger.csv'))!.toString('utf8'));
    expect(ledger.length).toBeGreaterThan(20);
    expect(ledger.every((r) => r.Date!.startsWith('2024-') && r.LLC === MAPLE_LLC.llc_name)).toBe(true);

    const readme = files.get('README.txt')!.toString('utf8');
    for (const words of ['Cash basis', "item's month", 'members.csv', 'ledger.csv']) expect(readme).toContain(words);
    const pdf = await pdfText(files.get(name('LLC tax report.pdf'))!);
    for (const figure of [usd(centsOf(report.total_income as number)), 'Rental income by member', 'For the CPA to review']) expect(pdf).toContain(figure);

    expect((await get(`/admin/tax_package?selectedLLC=Nope&selectedTaxYear=2024`)).statusCode).toBe(404);
    expect((await get(`/admin/tax_package?selectedLLC=${llc}&selectedTaxYear=2024`, template.state.investors.A!)).statusCode).toBe(403);
  });

  it('zips every statement of a period, one per investor who held capital or cash, each closing at the summary', async () => {
    const res = await get('/admin/statements?from=2024-01-01&to=2024-12-31');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['x-file-count']).toBe('3');
    const files = await unzip(res.rawPayload);
    expect([...files.keys()].sort()).toEqual(['A', 'B', 'C'].map((n) => `Statement ${n} 2024-01-01 to 2024-12-31.pdf`));
    for (const n of ['A', 'B', 'C']) {
      const summary = await json(`/api/investor_summary?investor_name=${n}&as_of=2024-12-31`);
      const text = await pdfText(files.get(`Statement ${n} 2024-01-01 to 2024-12-31.pdf`)!);
      expect(text, n).toContain(usd(centsOf(summary.total_investments as number)));
      expect(text, n).toContain(usd(centsOf(summary.cash_balance as number)));
    }
    // Before anyone invested, nobody held anything: an empty zip, still a valid one.
    const empty = await get('/admin/statements?from=2019-01-01&to=2019-12-31');
    expect(empty.statusCode).toBe(200);
    expect((await unzip(empty.rawPayload)).size).toBe(0);
  });
});
