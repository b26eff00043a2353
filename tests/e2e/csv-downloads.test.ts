import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAPLE_LLC } from '../fixtures/maple.js';
import { DESKTOP, expectAccessible, PHONE, screenshot } from '../support/browser.js';
import { mapleInBrowser } from '../support/maple-in-browser.js';
import { mapleLogin } from '../support/maple-books.js';
import { AdminPage } from '../support/pages/admin-page.js';
import { InvestorPage } from '../support/pages/investor-page.js';
import { readCsv } from '../support/csv-records.js';
import { pageWidth } from '../support/screen-checks.js';
import { ADMIN, bearer, seedAs, signIn } from '../support/test-app.js';

/**
 * "Download CSV" beside every table, in Chromium on the Maple books: each kind of table
 * saves a file Playwright catches, read back strictly as RFC 4180 (CRLF, quoting, the UTF-8 BOM), with the
 * header row, every row the table holds (the audit log's every page, a viewer's every row under its filter)
 * and amounts to the cent equal to the API's answers and the fixture's figures. Text a person typed that a
 * spreadsheet would run as a formula arrives as text ('=…), never as a bare leading "=".
 */
const LLC = MAPLE_LLC.llc_name;
const FORMULA = '=HYPERLINK("http://x")';

type MonthAmount = { date: string; amount: number; description?: string };
type TxnRow = { id: number; date: string; amount: number; detail: string };
type AuditLog = { events: { id: number; summary: string }[]; total: number };

/** A CSV file as the browser saved it: its name, its raw text (BOM included) and its records, read strictly. */
type SavedCsv = { name: string; text: string; records: string[][] };

/** Clicks a download button and reads the file the browser saves. */
async function downloadCsv(page: Page, button: Locator): Promise<SavedCsv> {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const text = await readFile(await download.path(), 'utf8');
  return { name: download.suggestedFilename(), text, records: readCsv(text) };
}

/** A dollar figure of the API as the two-decimal text a CSV holds (the API answers at most two decimals). */
const cents = (dollars: number) => dollars.toFixed(2);

describe('Download CSV in Chromium', () => {
  const env = mapleInBrowser({ logins: true });
  let admin: string;

  const apiGet = async <T>(url: string, token = admin): Promise<T> => {
    const res = await env.app.app.inject({ method: 'GET', url, headers: bearer(token) });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json() as T;
  };
  // No test here is about signing in: each window starts with its session, from the API.
  const adminWindow = (viewport = DESKTOP) => AdminPage.inNewWindow(env.browser, env.app, viewport, { reducedMotion: 'reduce' });
  const investorWindow = (viewport = DESKTOP) =>
    InvestorPage.inNewWindow(env.browser, env.app, mapleLogin('A'), viewport, { reducedMotion: 'reduce' });
  const button = (page: Page, table: string): Locator => page.getByRole('button', { name: `Download CSV of ${table}`, exact: true });

  /** The file is RFC 4180 as spreadsheets want it: BOM, CRLF after every record, no bare LF; answers its data rows. */
  const rowsOf = (csv: SavedCsv, header: string[]): string[][] => {
    expect(csv.text.startsWith('\uFEFF')).toBe(true);
    expect(csv.text.endsWith('\r\n')).toBe(true);
    expect(csv.text.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
    expect(csv.records[0]).toEqual(header);
    for (const record of csv.records) expect(record).toHaveLength(header.length);
    return csv.records.slice(1);
  };

  beforeAll(async () => {
    admin = await signIn(env.app.app, ADMIN.username, ADMIN.password);
  });

  it("an investor's three histories and the property panel's, each with every row, to the cent", async () => {
    const investor = await investorWindow();
    const { page } = investor;
    await expect.poll(() => investor.heading.textContent()).toBe('A');
    const tokenA = await signIn(env.app.app, mapleLogin('A').username, mapleLogin('A').password);
    const summary = await apiGet<Record<string, MonthAmount[]>>('/api/investor_summary', tokenA);

    const income = await downloadCsv(page, button(page, 'Income History'));
    expect(income.name).toBe('Income History - A.csv');
    const incomeRows = rowsOf(income, ['Month', 'Amount']);
    expect(incomeRows).toEqual(summary.cashflow_per_month!.map((r) => [r.date, cents(r.amount)]));
    expect(incomeRows).toHaveLength(12);
    // The fixture's figures (tests/fixtures/golden): a half-dollar month and a loss month.
    expect(incomeRows).toContainEqual(['2024-01', '1162.50']);
    expect(incomeRows).toContainEqual(['2024-07', '-360.00']);

    const investments = await downloadCsv(page, button(page, 'Investment History'));
    expect(investments.name).toBe('Investment History - A.csv');
    expect(rowsOf(investments, ['Month', 'Amount'])).toEqual([['2024-09', '-25000.00'], ['2024-01', '100000.00']]);

    const distributions = await downloadCsv(page, button(page, 'Distributions History'));
    expect(distributions.name).toBe('Distributions History - A.csv');
    expect(rowsOf(distributions, ['Month', 'Amount', 'Description'])).toEqual([
      ['2024-09', '25000.00', 'Return of capital – P'],
      ['2024-07', '6000.00', 'Q2 distribution'],
    ]);
    expect(await button(page, 'Income History').getAttribute('class')).toMatch(/\bbtn-sm\b.*\bbtn-outline-secondary\b/);

    // The property panel's two histories.
    await investor.propertyCard('P').click();
    await investor.detailPanel('P').waitFor();
    // The page scrolls smoothly to the panel first; the clicks below then scroll to their buttons, so
    // the page need not end at the bottom.
    await expect.poll(() => investor.scrolledToBottom(), { timeout: 5_000 }).toBe(true);
    const detail = await apiGet<Record<string, MonthAmount[]>>('/api/investor_property?property_name=P', tokenA);
    const propertyIncome = await downloadCsv(page, button(page, 'Property Income History'));
    expect(propertyIncome.name).toBe('Property Income History - A - P.csv');
    expect(rowsOf(propertyIncome, ['Month', 'Amount'])).toEqual(detail.cashflow_per_month!.map((r) => [r.date, cents(r.amount)]));
    const propertyInvestments = await downloadCsv(page, button(page, 'Property Investment History'));
    expect(rowsOf(propertyInvestments, ['Month', 'Amount'])).toEqual([['2024-09', '-25000.00'], ['2024-01', '100000.00']]);
    await investor.chartStill();
    await expectAccessible(page);
    await screenshot(page, 'csv-investor-desktop');

    const small = await investorWindow(PHONE);
    const phone = small.page;
    await expect.poll(() => small.heading.textContent()).toBe('A');
    await button(phone, 'Distributions History').waitFor();
    expect(await pageWidth(phone)).toBeLessThanOrEqual(PHONE.width);
    const phoneCsv = await downloadCsv(phone, button(phone, 'Income History'));
    expect(phoneCsv.records).toEqual(income.records);
    await screenshot(phone, 'csv-investor-phone');
  });

  it('Admin Summary and Property Details: the investors, and a property history of 37 rows with its details', async () => {
    const page = await adminWindow();
    await page.open('Admin Summary');
    const investors = await downloadCsv(page.page, button(page.page, 'Investors'));
    expect(investors.name).toBe('Admin Summary - Investors.csv');
    const summary = await apiGet<{ investors: { investor_name: string; total_investments: number; cash_balance: number }[] }>(
      '/admin/get_admin_summary',
    );
    const investorRows = rowsOf(investors, ['Investor', 'Investments', 'Cash Balance']);
    expect(investorRows).toEqual(summary.investors.map((i) => [i.investor_name, cents(i.total_investments), cents(i.cash_balance)]));
    expect(investorRows).toEqual([['A', '75000.00', '4042.50'], ['B', '50000.00', '3700.00'], ['C', '60000.00', '19102.50']]);

    // The same investors on the admin's /investor landing, and the Period Locks table (every LLC open).
    await page.page.goto(`${env.app.base}/investor`);
    const landing = await downloadCsv(page.page, button(page.page, 'All investors'));
    expect(landing.name).toBe('All Investors.csv');
    expect(rowsOf(landing, ['Investor', 'Active Investments', 'Cash Balance'])).toEqual(investorRows);
    await page.open('Period Locks');
    const locks = await downloadCsv(page.page, button(page.page, 'Books by LLC'));
    expect(locks.name).toBe('Period Locks.csv');
    expect(rowsOf(locks, ['LLC', 'Closed through'])).toEqual([[LLC, '']]);

    await page.open('Property Details');
    await page.choose('Select Property:', 'P');
    await page.heading(3, 'Expenses History').waitFor();
    const details = await apiGet<Record<string, { date: string; amount: number; detail: string }[]>>(
      '/admin/get_property_details?selectedProperty=P',
    );
    const expenses = await downloadCsv(page.page, button(page.page, 'Expenses History'));
    expect(expenses.name).toBe('Property Details - P - Expenses History.csv');
    const expenseRows = rowsOf(expenses, ['Date', 'Detail', 'Amount']);
    expect(expenseRows).toHaveLength(37);
    expect(expenseRows).toEqual(details.expenses!.map((r) => [r.date, r.detail, cents(r.amount)]));
    expect(expenseRows).toContainEqual(['2024-07-22', expect.stringContaining('Roof repair'), '2100.00']);
    const investments = await downloadCsv(page.page, button(page.page, 'Investment History'));
    expect(rowsOf(investments, ['Date', 'Detail', 'Amount']).map(([date, , amount]) => [date, amount])).toEqual([
      ['2024-09-10', '-25000.00'], ['2024-04-20', '50000.00'], ['2024-01-05', '100000.00'],
    ]);
    const owners = await downloadCsv(page.page, button(page.page, 'Investors'));
    expect(owners.name).toBe('Property Details - P - Investors.csv');
    expect(rowsOf(owners, ['Investor', 'Total Amount'])).toEqual([['A', '75000.00'], ['B', '50000.00']]);
    await expectAccessible(page.page);
    await screenshot(page.page, 'csv-property-details-desktop');

    const phone = await adminWindow(PHONE);
    await phone.open('Property Details');
    await phone.choose('Select Property:', 'P');
    await button(phone.page, 'Deposits History').waitFor();
    expect(await phone.pageWidth()).toBeLessThanOrEqual(PHONE.width);
    expect(await phone.tablesScrollingSideways()).toEqual([]);
    await screenshot(phone.page, 'csv-property-details-phone');
  });

  it("LLC Taxes: the report's tables and a property's summary, with none for an empty table", async () => {
    const page = await adminWindow();
    await page.open('LLC Taxes');
    await page.choose('Select Tax Year:', '2024');
    await page.choose('Select LLC:', LLC);
    await page.heading(3, 'Rental Income Details').waitFor();
    type Amounts = Record<string, number>;
    const report = await apiGet<{
      llc_expenses: Amounts; management_fees_by_member: Amounts; dividend_income_by_member: Amounts; dividend_expenses_by_member: Amounts;
    }>(
      `/admin/llc_taxes?selectedLLC=${encodeURIComponent(LLC)}&selectedTaxYear=2024`,
    );

    const expenses = await downloadCsv(page.page, button(page.page, 'LLC Expenses'));
    expect(expenses.name).toBe(`LLC Taxes - ${LLC} - 2024 - LLC Expenses.csv`);
    const expenseRows = rowsOf(expenses, ['Category', 'Amount']);
    expect(expenseRows).toEqual(Object.entries(report.llc_expenses).map(([c, a]) => [c, cents(a)]));
    expect(expenseRows).toEqual([['State fees', '300.00'], ['Tax preparation', '1200.00']]);

    const fees = await downloadCsv(page.page, button(page.page, 'Management Fees by Member'));
    expect(fees.name).toBe(`LLC Taxes - ${LLC} - 2024 - Management Fees by Member.csv`);
    expect(rowsOf(fees, ['Member', 'Amount'])).toEqual([['A', '1220.00'], ['B', '0.00'], ['C', '1035.00']]);
    expect(Object.entries(report.management_fees_by_member).map(([m, a]) => [m, cents(a)])).toEqual([['A', '1220.00'], ['B', '0.00'], ['C', '1035.00']]);

    const rentalA = await downloadCsv(page.page, button(page.page, 'Rental Income Details: A'));
    expect(rentalA.name).toBe(`LLC Taxes - ${LLC} - 2024 - Rental Income Details - A.csv`);
    expect(rowsOf(rentalA, ['Property', 'Income', 'UBIA'])).toEqual([['P', '12200.00', '120000.00']]);
    // C has no rental properties: an empty table offers nothing to download.
    expect(await button(page.page, 'Rental Income Details: C').count()).toBe(0);

    const dividends = await downloadCsv(page.page, button(page.page, 'Dividend Income by Member'));
    const dividendRows = rowsOf(dividends, ['Member', 'Income', 'Expenses']);
    expect(dividendRows.length).toBeGreaterThan(0);
    for (const [member, income, spent] of dividendRows) {
      expect(income).toBe(cents(report.dividend_income_by_member[member!] ?? 0));
      expect(spent).toBe(cents(report.dividend_expenses_by_member[member!] ?? 0));
    }

    await page.page.getByRole('button', { name: 'Q', exact: true }).click();
    await page.heading(3, 'Summary for Q in 2024').waitFor();
    const income = await downloadCsv(page.page, button(page.page, 'Property Income'));
    expect(income.name).toBe('Property Taxes - Q - 2024 - Property Income.csv');
    expect(rowsOf(income, ['Category', 'Amount'])).toEqual([['Installment sale gain', '5819.85'], ['Land contract interest', '6450.37']]);
    await expectAccessible(page.page);
    await screenshot(page.page, 'csv-llc-taxes-desktop');

    const phone = await adminWindow(PHONE);
    await phone.open('LLC Taxes');
    await phone.choose('Select Tax Year:', '2024');
    await phone.choose('Select LLC:', LLC);
    await button(phone.page, 'Management Fees by Member').waitFor();
    expect(await phone.pageWidth()).toBeLessThanOrEqual(PHONE.width);
    expect(await phone.tablesScrollingSideways()).toEqual([]);
    await screenshot(phone.page, 'csv-llc-taxes-phone');
  });

  it("a transaction viewer: every row of a table (more than an audit page's 25), then only those the filter leaves", async () => {
    const page = await adminWindow();
    await page.openViewer('Delete Property Transaction', 'Select Property:', 'P', 'Expenses');
    const txns = await apiGet<{ expenses: TxnRow[] }>('/admin/get_property_txns?selectedProperty=P');
    const all = await downloadCsv(page.page, button(page.page, 'Expenses'));
    expect(all.name).toBe('Property Transactions - P - Expenses.csv');
    const rows = rowsOf(all, ['ID', 'Date', 'Amount', 'Detail']);
    expect(rows).toHaveLength(37);
    expect(rows).toEqual(txns.expenses.map((r) => [String(r.id), r.date, cents(r.amount), r.detail]));
    expect(rows.map(([id]) => Number(id))).toEqual(await page.rowIds('Expenses'));
    expect(rows).toContainEqual([expect.stringMatching(/^\d+$/), '2024-07-22', '2100.00', 'Repairs: Roof repair']);

    await page.filterViewer({ text: 'repair' });
    await expect.poll(() => page.rowIds('Expenses').then((ids) => ids.length)).toBe(13);
    const filtered = await downloadCsv(page.page, button(page.page, 'Expenses'));
    expect(filtered.name).toBe('Property Transactions - P - Expenses - filtered.csv');
    const filteredRows = rowsOf(filtered, ['ID', 'Date', 'Amount', 'Detail']);
    expect(filteredRows.map(([id]) => Number(id))).toEqual(await page.rowIds('Expenses'));
    expect(filteredRows.every(([, , , detail]) => /repair/i.test(detail!))).toBe(true);
    // A table the filter empties offers nothing to download.
    expect(await button(page.page, 'Deposits').count()).toBe(0);
    await screenshot(page.page, 'csv-property-txns-desktop');

    const phone = await adminWindow(PHONE);
    await phone.openViewer('Delete Property Transaction', 'Select Property:', 'P', 'Expenses');
    await button(phone.page, 'Income').waitFor();
    expect(await phone.pageWidth()).toBeLessThanOrEqual(PHONE.width);
    await screenshot(phone.page, 'csv-property-txns-phone');
  });

  it('Login Summary: every investor login with its count and last sign-in', async () => {
    await signIn(env.app.app, mapleLogin('B').username, mapleLogin('B').password);
    const page = await adminWindow();
    await page.open('Manage Portal Users');
    const logins = await downloadCsv(page.page, button(page.page, 'Login Summary'));
    expect(logins.name).toBe('Login Summary.csv');
    const api = await apiGet<{ investor_name: string; login_count: number; last_login: string | null; failed_sign_ins: number; locked_until: string | null }[]>('/admin/get_login_summary');
    const rows = rowsOf(logins, ['Investor', 'Login Count', 'Last Login (UTC)', 'Failed Sign-ins', 'Waiting Until (UTC)']);
    expect(rows).toEqual(api.map((l) => [l.investor_name, String(l.login_count), l.last_login ?? '', String(l.failed_sign_ins), l.locked_until ?? '']));
    expect(rows.map(([name]) => name)).toEqual(['A', 'B', 'C']);
    expect(Number(rows.find(([name]) => name === 'B')![1])).toBeGreaterThan(0);
  });

  it('Audit Log: every page of it (more than the 200 one call answers), under the filter, and a failed page said in words', async () => {
    // Enough events for two pages of the download's 200: the Maple books hold fewer.
    const post = seedAs(env.app, admin);
    for (let i = 0; i < 180; i++) await post('/admin/add_expense_category', { expense_category: `Category ${String(i).padStart(3, '0')}` });
    const firstPage = await apiGet<AuditLog>('/admin/audit_log?page=1&page_size=200');
    expect(firstPage.total).toBeGreaterThan(200);
    const secondPage = await apiGet<AuditLog>('/admin/audit_log?page=2&page_size=200');
    const ids = [...firstPage.events, ...secondPage.events].map((e) => String(e.id));

    const page = await adminWindow();
    await page.open('Audit Log');
    await page.auditEvents().first().waitFor();
    const log = await downloadCsv(page.page, button(page.page, 'the Audit Log'));
    expect(log.name).toBe('Audit Log.csv');
    const header = ['ID', 'When (UTC)', 'User', 'Event', 'Action', 'About', 'Record ID', 'Description', 'Before', 'After'];
    const rows = rowsOf(log, header);
    expect(rows).toHaveLength(firstPage.total);
    expect(rows.map(([id]) => id)).toEqual(ids);
    expect(rows[0]![3]).toBe(firstPage.events[0]!.summary);
    expect(page.gets).toContain('/admin/audit_log?page=1&page_size=200');
    expect(page.gets).toContain('/admin/audit_log?page=2&page_size=200');
    await expectAccessible(page.page);
    await screenshot(page.page, 'csv-audit-log-desktop');

    const entries = await apiGet<AuditLog>('/admin/audit_log?entity=ledger_entry&page=1&page_size=200');
    await page.choose('Events about', { label: 'Transactions' });
    await page.page.getByText(`${entries.total} events, newest first`).waitFor();
    const transactions = await downloadCsv(page.page, button(page.page, 'the Audit Log'));
    expect(transactions.name).toBe('Audit Log - Transactions.csv');
    const entryRows = rowsOf(transactions, header);
    expect(entryRows.map(([id]) => Number(id))).toEqual(entries.events.map((e) => e.id));
    expect(entryRows.every((r) => r[5] === 'ledger_entry')).toBe(true);
    expect(entryRows).toContainEqual(expect.arrayContaining(['Roof repair']));

    // A page that fails: the reason in words beside the button, and no file.
    await page.page.route(/\/admin\/audit_log\?page=2&page_size=200$/, (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'The audit log is resting.' }) }));
    await page.choose('Events about', { label: 'Everything' });
    await page.auditEvents().first().waitFor();
    let saved = 0;
    page.page.on('download', () => saved++);
    await button(page.page, 'the Audit Log').click();
    const alert = page.page.locator('.csv-download').getByRole('alert');
    await expect.poll(() => alert.textContent()).toBe('The CSV of the Audit Log could not be made: The audit log is resting.');
    expect(saved).toBe(0);
    expect(await button(page.page, 'the Audit Log').isEnabled()).toBe(true);
    await screenshot(page.page, 'csv-audit-log-failed-desktop');

    const phone = await adminWindow(PHONE);
    await phone.open('Audit Log');
    await phone.auditEvents().first().waitFor();
    expect(await phone.pageWidth()).toBeLessThanOrEqual(PHONE.width);
    await screenshot(phone.page, 'csv-audit-log-phone');
  });

  it('a description written as a formula arrives as text in the viewer, the audit log and the investor page', async () => {
    await seedAs(env.app, admin)('/admin/record_cash_withdrawal', { investor_name: 'C', date: '2024-12-20', description: FORMULA, amount: '1.00' });
    const neutral = `'${FORMULA}`;
    const quoted = `"'=HYPERLINK(""http://x"")"`;
    const noBareFormula = (csv: SavedCsv) => {
      for (const record of csv.records) for (const cell of record) expect(cell.startsWith('=')).toBe(false);
      expect(csv.text).not.toMatch(/(^|[,\n\uFEFF])"?=/);
    };

    const page = await adminWindow();
    await page.openViewer('Cash Withdrawals', 'Select Investor:', 'C', 'Cash withdrawals');
    const withdrawals = await downloadCsv(page.page, button(page.page, 'Cash withdrawals'));
    expect(withdrawals.name).toBe('Investor Transactions - C - Cash withdrawals.csv');
    expect(withdrawals.text).toContain(`,-1.00,${quoted}\r\n`);
    expect(rowsOf(withdrawals, ['ID', 'Date', 'Amount', 'Detail'])).toContainEqual([expect.stringMatching(/^\d+$/), '2024-12-20', '-1.00', neutral]);
    noBareFormula(withdrawals);

    await page.open('Audit Log');
    await page.auditEvents().first().waitFor();
    const log = await downloadCsv(page.page, button(page.page, 'the Audit Log'));
    const [newest] = log.records.slice(1);
    expect(newest![3]).toBe('admin recorded a cash withdrawal of $1.00 for C');
    expect(newest![7]).toBe(neutral);
    expect(log.text).toContain(`,${quoted},`);
    noBareFormula(log);

    // The investor page of C, as the admin sees it: the distribution's description.
    await page.page.goto(`${env.app.base}/investor/C`);
    await button(page.page, 'Distributions History').waitFor();
    const distributions = await downloadCsv(page.page, button(page.page, 'Distributions History'));
    expect(distributions.name).toBe('Distributions History - C.csv');
    expect(rowsOf(distributions, ['Month', 'Amount', 'Description'])).toContainEqual(['2024-12', '1.00', neutral]);
    noBareFormula(distributions);
  });
});
