import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { DEFAULT_WEB_ROOT } from '../../src/server/app.js';
import { formatCurrency } from '../../src/web/lib/format.js';
import { MAPLE_INVESTORS, MAPLE_LLC, MAPLE_PROPERTIES, MAPLE_RECORDINGS } from '../fixtures/maple.js';
import { ADMIN, bearer, signIn, startTestApp, type TestApp } from '../support/test-app.js';
import { collectDialogs, DESKTOP, expectAccessible, launchBrowser, PHONE, screenshot, submitLogin } from '../support/browser.js';

/**
 * The books, part 2, in Chromium against the real server: Withdraw Funds (portal-spec §2, §4, §5, §8),
 * the property, LLC and investor transaction viewers with their deletes (voids), and the audit log.
 * The books are the Maple worked example (tests/fixtures/maple.ts); what the page stored is read back
 * from the database.
 */
const LLC = MAPLE_LLC.llc_name;

type LedgerRow = {
  id: number;
  kind: string;
  date: string;
  amount_cents: number;
  property: string | null;
  investor: string | null;
  description: string | null;
  voided_at: string | null;
  void_reason: string | null;
};

describe('the books, part 2, in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  let context: BrowserContext;
  let page: Page;
  let token: string;
  let dialogs: string[];
  let logs: string[];
  /** POST requests the page sent to /admin/*, with their idempotency key. */
  let posts: { path: string; key: string | undefined; body: unknown }[];
  /** GET requests the page sent to /admin/*, as path?query. */
  let gets: string[];

  const seed = async (url: string, payload: Record<string, unknown>) => {
    const res = await t.app.inject({ method: 'POST', url, payload, headers: bearer(token) });
    if (res.statusCode >= 300) throw new Error(`${url} failed: ${res.statusCode} ${res.body}`);
    return res.json() as Record<string, unknown>;
  };
  const apiGet = async <T>(url: string): Promise<T> => {
    const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    if (res.statusCode !== 200) throw new Error(`${url} failed: ${res.statusCode} ${res.body}`);
    return res.json() as T;
  };

  const query = <T>(sql: string, params: unknown[] = []) => t.testDb.db.query<T>(sql, params);

  const entries = (where: string, params: unknown[] = []) =>
    query<LedgerRow>(
      `SELECT le.id, le.kind, le.date::text AS date, le.amount_cents, p.name AS property, i.name AS investor,
              le.description, le.voided_at::text AS voided_at, le.void_reason
         FROM ledger_entry le
         LEFT JOIN property p ON p.id = le.property_id
         LEFT JOIN investor i ON i.id = le.investor_id
        WHERE ${where} ORDER BY le.id`,
      params,
    );
  const entry = async (where: string, params: unknown[] = []): Promise<LedgerRow> => {
    const rows = await entries(where, params);
    expect(rows).toHaveLength(1);
    return rows[0]!;
  };

  const newPage = async (viewport = DESKTOP) => {
    await context?.close();
    // Reduced motion: axe must not judge a button's colours halfway through Bootstrap's hover transition.
    context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
    page = await context.newPage();
    dialogs = collectDialogs(page);
    logs = [];
    posts = [];
    gets = [];
    page.on('console', (m) => logs.push(m.text()));
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (!url.pathname.startsWith('/admin/')) return;
      if (r.method() === 'POST') posts.push({ path: url.pathname, key: r.headers()['idempotency-key'], body: r.postDataJSON() });
      else gets.push(url.pathname + url.search);
    });
    return page;
  };

  const signInAs = async (username: string, password: string) => {
    await submitLogin(page, base, username, password);
    await page.waitForURL(base + '/investor');
  };

  /** Opens /admin and picks the action in the dropdown, as an admin does. */
  const open = async (title: string): Promise<void> => {
    dialogs.length = 0;
    posts.length = 0;
    gets.length = 0;
    logs.length = 0;
    await page.goto(base + '/admin');
    await page.getByLabel('Select Admin Action:').selectOption({ label: title });
    await page.getByRole('heading', { level: 2, name: title }).waitFor();
  };

  /** A control by its label; a required field's label ends in the (aria-hidden) asterisk. */
  const field = (scope: Locator | Page, label: string) =>
    scope.getByLabel(new RegExp(`^\\s*${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?\\s*$`));

  const formValues = (form: Locator) =>
    form
      .locator('input, select, textarea')
      .evaluateAll((els) => Object.fromEntries(els.map((e) => [(e as HTMLInputElement).name, (e as HTMLInputElement).value])));

  const amountHint = (form: Locator) => form.locator('[id$="-amount-hint"]');

  /** The refusal shown beside the form (role=alert inside it). */
  const formAlert = (form: Locator) => form.getByRole('alert');

  /** A transaction table of a viewer, by its heading. */
  const table = (title: string) => page.getByRole('region', { name: title, exact: true }).locator('table');
  const rowIds = async (title: string) =>
    (await table(title).locator('tbody tr[data-row-id]').evaluateAll((rs) => rs.map((r) => Number(r.getAttribute('data-row-id')))));

  beforeAll(async () => {
    t = await startTestApp('pglite', {}, { webRoot: DEFAULT_WEB_ROOT });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    // Browser tests run in real time: the test clock must follow the wall clock for token expiry.
    t.clock.set(new Date());
    setInterval(() => t.clock.set(new Date()), 200).unref();
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    token = await signIn(t.app, ADMIN.username, ADMIN.password);

    await seed('/admin/add_llc', MAPLE_LLC);
    for (const p of MAPLE_PROPERTIES) await seed('/admin/add_investment_property', { ...p });
    for (const i of MAPLE_INVESTORS) await seed('/admin/add_investor', i);
    for (const [url, body] of MAPLE_RECORDINGS) await seed(url, body);

    browser = await launchBrowser();
    await newPage();
    await signInAs(ADMIN.username, ADMIN.password);
  });

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('Withdraw Funds shows the three forms, accessible and finished at desktop and phone widths', async () => {
    await open('Withdraw Funds');
    for (const title of ['Withdraw from Cash', 'Withdraw from Investment', 'Withdraw Deposit']) {
      await page.getByRole('heading', { level: 3, name: title }).waitFor();
    }
    // Every amount starts at 0, disabled until its selectors are chosen, bounded below by 0 in cents steps.
    for (const id of ['withdraw-cash', 'withdraw-investment', 'withdraw-deposit']) {
      const amount = field(page.locator(`form#${id}`), 'Amount');
      expect(await amount.isDisabled()).toBe(true);
      await expect.poll(() => amount.inputValue()).toBe('0');
      expect(await amount.getAttribute('type')).toBe('number');
      expect(await amount.getAttribute('min')).toBe('0');
      expect(await amount.getAttribute('step')).toBe('0.01');
    }
    const cash = page.locator('form#withdraw-cash');
    expect(await amountHint(cash).textContent()).toBe('Choose an investor to see the maximum.');
    await field(cash, 'Investor').selectOption('A');
    await expect.poll(() => amountHint(cash).textContent()).toBe('Maximum: $10,402.50');
    await expectAccessible(page);
    await screenshot(page, 'admin-withdraw-funds-desktop');

    await newPage(PHONE);
    await signInAs(ADMIN.username, ADMIN.password);
    await open('Withdraw Funds');
    await field(page.locator('form#withdraw-investment'), 'Investor').selectOption('A');
    await field(page.locator('form#withdraw-investment'), 'Property').selectOption('P');
    await expect.poll(() => amountHint(page.locator('form#withdraw-investment')).textContent()).toBe('Maximum: $100,000.00');
    await expectAccessible(page);
    await screenshot(page, 'admin-withdraw-funds-phone');
    await newPage();
    await signInAs(ADMIN.username, ADMIN.password);
  });

  it('Withdraw from Cash: the maximum follows the investor, over it nothing is sent, then a withdrawal is recorded', async () => {
    await open('Withdraw Funds');
    const form = page.locator('form#withdraw-cash');
    const amount = field(form, 'Amount');

    // Nothing chosen: the spec's console message, shown beside the form too, and no request.
    await form.getByRole('button', { name: 'Withdraw cash' }).click();
    await expect.poll(() => formAlert(form).textContent()).toBe('Please fill in all fields.');
    expect(logs).toContain('Please fill in all fields.');
    expect(posts).toEqual([]);

    await field(form, 'Investor').selectOption('A');
    await expect.poll(() => amount.isEnabled()).toBe(true);
    expect(await amountHint(form).textContent()).toBe('Maximum: $10,402.50');
    expect(await amount.getAttribute('max')).toBe('10402.50');
    expect(gets).toContain('/admin/get_max_cash_withdrawal?investor_name=A');

    // Another investor: the amount goes back to 0 and B's maximum is fetched.
    await amount.fill('125.50');
    const maxB = (await apiGet<{ max_cash_withdrawal: number }>('/admin/get_max_cash_withdrawal?investor_name=B')).max_cash_withdrawal;
    expect(maxB).not.toBe(10402.5);
    await field(form, 'Investor').selectOption('B');
    await expect.poll(() => amount.inputValue()).toBe('0');
    await expect.poll(() => amountHint(form).textContent()).toBe(`Maximum: ${formatCurrency(maxB)}`);
    expect(gets).toContain('/admin/get_max_cash_withdrawal?investor_name=B');

    // Over the maximum by one cent: refused in the page, no request.
    await field(form, 'Investor').selectOption('A');
    await expect.poll(() => amountHint(form).textContent()).toBe('Maximum: $10,402.50');
    await field(form, 'Date').fill('2025-12-15');
    await field(form, 'Description').fill('December distribution');
    await amount.fill('10402.51');
    logs.length = 0;
    await form.getByRole('button', { name: 'Withdraw cash' }).click();
    const refusal = 'Amount cannot exceed the maximum withdrawal amount of 10402.50';
    await expect.poll(() => formAlert(form).textContent()).toBe(refusal);
    expect(logs).toContain(refusal);
    expect(posts).toEqual([]);
    expect(await entries(`le.kind = 'cash_withdrawal'`)).toEqual([]);

    await amount.fill('402.50');
    await form.getByRole('button', { name: 'Withdraw cash' }).click();
    await expect.poll(() => dialogs).toEqual(['Cash withdrawal recorded successfully']);
    await expect.poll(() => formValues(form)).toEqual({ investor_name: '', amount: '0', date: '', description: '' });
    expect(await amount.isDisabled()).toBe(true);
    expect(await amountHint(form).textContent()).toBe('Choose an investor to see the maximum.');
    expect(await formAlert(form).count()).toBe(0);
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ path: '/admin/record_cash_withdrawal', body: {
      investor_name: 'A', date: '2025-12-15', description: 'December distribution', amount: '402.50',
    } });
    expect(posts[0]!.key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(await entry(`le.kind = 'cash_withdrawal'`)).toMatchObject({
      date: '2025-12-15', amount_cents: 40250, investor: 'A', description: 'December distribution', voided_at: null,
    });

    // Choosing A again fetches the lower maximum.
    await field(form, 'Investor').selectOption('A');
    await expect.poll(() => amountHint(form).textContent()).toBe('Maximum: $10,000.00');
  });

  it('Withdraw from Investment: needs the investor and the property, refetches on either, refuses over the maximum', async () => {
    await open('Withdraw Funds');
    const form = page.locator('form#withdraw-investment');
    const amount = field(form, 'Amount');
    const submit = form.getByRole('button', { name: 'Withdraw from investment' });

    await field(form, 'Investor').selectOption('A');
    expect(await amount.isDisabled()).toBe(true);
    expect(await amountHint(form).textContent()).toBe('Choose an investor and a property to see the maximum.');
    await field(form, 'Property').selectOption('P');
    await expect.poll(() => amount.isEnabled()).toBe(true);
    expect(await amountHint(form).textContent()).toBe('Maximum: $100,000.00');

    // The property changes: amount back to 0, A holds nothing in Q.
    await amount.fill('10');
    await field(form, 'Property').selectOption('Q');
    await expect.poll(() => amount.inputValue()).toBe('0');
    await expect.poll(() => amountHint(form).textContent()).toBe('Maximum: $0.00');
    // The investor changes: B's capital in P.
    await field(form, 'Property').selectOption('P');
    await expect.poll(() => amountHint(form).textContent()).toBe('Maximum: $100,000.00');
    await amount.fill('10');
    await field(form, 'Investor').selectOption('B');
    await expect.poll(() => amount.inputValue()).toBe('0');
    await expect.poll(() => amountHint(form).textContent()).toBe('Maximum: $50,000.00');
    expect(gets).toEqual(expect.arrayContaining([
      '/admin/get_max_investment_withdrawal?investor_name=A&property_name=P',
      '/admin/get_max_investment_withdrawal?investor_name=A&property_name=Q',
      '/admin/get_max_investment_withdrawal?investor_name=B&property_name=P',
    ]));

    await field(form, 'Investor').selectOption('A');
    await expect.poll(() => amountHint(form).textContent()).toBe('Maximum: $100,000.00');
    await field(form, 'Date').fill('2025-12-15');
    await amount.fill('100000.01');
    await submit.click();
    const refusal = 'Amount cannot exceed the maximum withdrawal amount of 100000.00';
    await expect.poll(() => formAlert(form).textContent()).toBe(refusal);
    expect(logs).toContain(refusal);
    expect(posts).toEqual([]);

    await amount.fill('25000');
    await submit.click();
    await expect.poll(() => dialogs).toEqual(['Investment withdrawal recorded successfully']);
    await expect.poll(() => formValues(form)).toEqual({ investor_name: '', property_name: '', amount: '0', date: '' });
    expect(posts.map((p) => [p.path, p.key !== undefined])).toEqual([['/admin/record_investment_withdrawal', true]]);
    expect(await entry(`le.kind = 'investment_withdrawal'`)).toMatchObject({
      date: '2025-12-15', amount_cents: 2500000, investor: 'A', property: 'P', voided_at: null,
    });
  });

  it('Withdraw Deposit: the rental’s deposits bound it; a server refusal shows beside the form; 500 is refunded', async () => {
    await open('Withdraw Funds');
    const form = page.locator('form#withdraw-deposit');
    const amount = field(form, 'Amount');
    const submit = form.getByRole('button', { name: 'Withdraw deposit' });

    // Only rentals are offered.
    expect(await field(form, 'Rental property').locator('option').allTextContents()).toEqual(['Select a property', 'P']);
    await field(form, 'Rental property').selectOption('P');
    await expect.poll(() => amountHint(form).textContent()).toBe('Maximum: $2,000.00');
    await amount.fill('50');
    // Back to no property: 0 and disabled again.
    await field(form, 'Rental property').selectOption('');
    await expect.poll(() => amount.inputValue()).toBe('0');
    expect(await amount.isDisabled()).toBe(true);

    await field(form, 'Rental property').selectOption('P');
    await expect.poll(() => amount.isEnabled()).toBe(true);
    await field(form, 'Date').fill('2025-12-20');
    await field(form, 'Notes').fill('Refund, unit 1');
    await amount.fill('2000.01');
    await submit.click();
    const refusal = 'Amount cannot exceed the maximum deposit amount of 2000.00';
    await expect.poll(() => formAlert(form).textContent()).toBe(refusal);
    expect(logs).toContain(refusal);
    expect(posts).toEqual([]);

    // Dated before the deposit arrived: within the maximum today, refused by the server in plain words.
    await field(form, 'Date').fill('2024-01-10');
    await amount.fill('500');
    await submit.click();
    await expect.poll(() => formAlert(form).textContent()).toBe('This withdrawal would take the deposits held for P below zero on 2024-01-10.');
    expect(dialogs).toEqual([]);
    expect(await submit.isEnabled()).toBe(true);

    await field(form, 'Date').fill('2025-12-20');
    await submit.click();
    await expect.poll(() => dialogs).toEqual(['Deposit withdrawal recorded successfully']);
    await expect.poll(() => formValues(form)).toEqual({ property_name: '', amount: '0', date: '', notes: '' });
    expect(await entry(`le.kind = 'deposit_withdrawal'`)).toMatchObject({
      date: '2025-12-20', amount_cents: 50000, property: 'P', description: 'Refund, unit 1', voided_at: null,
    });
  });

  it('Delete Property Transaction lists the tables, confirms in a focus-trapping dialog and voids an expense', async () => {
    await open('Delete Property Transaction');
    await field(page, 'Select Property:').selectOption('P');
    await page.getByRole('heading', { level: 3, name: 'Income' }).waitFor();
    expect(await page.locator('.txn-card h3').allTextContents())
      .toEqual(['Income', 'Expenses', 'Deposits', 'Land Contract Payments', 'Investments']);
    expect(gets).toContain('/admin/get_property_txns?selectedProperty=P&include_voided=false');

    // Columns, formats and empty text.
    expect(await table('Expenses').locator('thead th').allTextContents()).toEqual(['ID', 'Date', 'Amount', 'Detail', 'Actions']);
    expect(await rowIds('Income')).toHaveLength(12);
    expect(await rowIds('Expenses')).toHaveLength(37);
    expect(await table('Land Contract Payments').locator('tbody td').allTextContents()).toEqual(['No land contract payments available.']);
    const refund = await entry(`le.kind = 'deposit_withdrawal'`);
    const refundRow = table('Deposits').locator(`tr[data-row-id="${refund.id}"]`);
    expect(await refundRow.locator('td').allTextContents()).toEqual([String(refund.id), '12/20/2025', '-$500.00', 'Refund: Refund, unit 1', 'Delete deposit ID ' + refund.id]);
    expect(await refundRow.locator('td.money').getAttribute('class')).toContain('negative');
    expect(await refundRow.locator('td.money').evaluate((td) => getComputedStyle(td).textAlign)).toBe('right');

    const roof = await entry(`le.description = 'Roof repair'`);
    const roofRow = table('Expenses').locator(`tr[data-row-id="${roof.id}"]`);
    expect(await roofRow.locator('td').allTextContents())
      .toEqual([String(roof.id), '07/22/2024', '$2,100.00', 'Repairs: Roof repair', `Delete expense ID ${roof.id}`]);

    await expectAccessible(page);
    await screenshot(page, 'admin-property-txns-desktop');

    // Cancel first: nothing is sent and focus returns to the button that opened the dialog.
    const deleteButton = page.getByRole('button', { name: `Delete expense ID ${roof.id}`, exact: true });
    await deleteButton.click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.getByText(`Are you sure you want to delete expense ID ${roof.id}?`).isVisible()).toBe(true);
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press(i % 2 ? 'Tab' : 'Shift+Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    for (let i = 0; i < 5; i++) await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await expectAccessible(page);
    await screenshot(page, 'admin-delete-dialog-desktop');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await deleteButton.evaluate((b) => b === document.activeElement)).toBe(true);
    // Escape cancels too.
    await deleteButton.click();
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(posts).toEqual([]);

    // Confirm with a reason.
    await deleteButton.click();
    await field(dialog, 'Reason (optional)').fill('Entered twice');
    const reloaded = page.waitForResponse((r) => r.url().includes('/admin/get_property_txns'));
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => dialogs).toEqual(['Expense deleted successfully!']);
    await reloaded;
    await expect.poll(() => rowIds('Expenses')).not.toContain(roof.id);
    expect(await rowIds('Expenses')).toHaveLength(36);
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({
      path: '/admin/delete_expense',
      body: { id: roof.id, amount: 2100, detail: 'Repairs: Roof repair', date: '2024-07-22', reason: 'Entered twice' },
    });
    // Still in the books, voided.
    const voided = await entry(`le.id = $1`, [roof.id]);
    expect(voided.voided_at).not.toBeNull();
    expect(voided.void_reason).toBe('Entered twice');
    // Focus is on the table the row left, not lost.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Expenses');
  });

  it('a refused delete says so in the alert and beside the table; Show voided shows the voided row', async () => {
    await open('Delete Property Transaction');
    await field(page, 'Select Property:').selectOption('P');
    await page.getByRole('heading', { level: 3, name: 'Deposits' }).waitFor();
    const deposit = await entry(`le.kind = 'deposit'`);
    await page.getByRole('button', { name: `Delete deposit ID ${deposit.id}`, exact: true }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByText(`Are you sure you want to delete deposit ID ${deposit.id}?`).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => dialogs).toEqual(['Failed to delete deposit.']);
    const reason = `Deleting deposit ID ${deposit.id} would make the deposits held for this property negative on 2025-12-20. Delete the later withdrawal first.`;
    const beside = page.locator('.txn-card', { has: page.getByRole('region', { name: 'Deposits', exact: true }) }).getByRole('alert');
    await expect.poll(() => beside.textContent()).toBe(`Failed to delete deposit. ${reason}`);
    expect(await rowIds('Deposits')).toContain(deposit.id);
    expect((await entry(`le.id = $1`, [deposit.id])).voided_at).toBeNull();
    await expectAccessible(page);

    // Show voided: the roof repair comes back struck through, with who, when and why, and no delete button.
    const roof = await entry(`le.description = 'Roof repair'`);
    await page.getByRole('switch', { name: 'Show voided' }).check();
    const roofRow = table('Expenses').locator(`tr[data-row-id="${roof.id}"]`);
    await roofRow.waitFor();
    expect(gets).toContain('/admin/get_property_txns?selectedProperty=P&include_voided=true');
    expect(await roofRow.getAttribute('class')).toContain('txn-voided');
    const today = new Date();
    const shown = `${String(today.getMonth() + 1).padStart(2, '0')}/${String(today.getDate()).padStart(2, '0')}/${today.getFullYear()}`;
    expect(await roofRow.locator('.txn-void-note').textContent()).toBe(`Voided by admin on ${shown}: Entered twice`);
    expect(await roofRow.locator('.txn-struck').first().evaluate((s) => getComputedStyle(s).textDecorationLine)).toBe('line-through');
    expect(await roofRow.getByRole('button').count()).toBe(0);
    await roofRow.scrollIntoViewIfNeeded();
    await expectAccessible(page);
    await screenshot(page, 'admin-property-txns-voided-desktop');

    // Off again: the voided row is gone.
    await page.getByRole('switch', { name: 'Show voided' }).uncheck();
    await expect.poll(() => rowIds('Expenses')).not.toContain(roof.id);

    await newPage(PHONE);
    await signInAs(ADMIN.username, ADMIN.password);
    await open('Delete Property Transaction');
    await field(page, 'Select Property:').selectOption('P');
    await page.getByRole('heading', { level: 3, name: 'Income' }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'admin-property-txns-phone');
    await newPage();
    await signInAs(ADMIN.username, ADMIN.password);
  });

  it('Delete LLC Transaction voids an LLC expense', async () => {
    await open('Delete LLC Transaction');
    await field(page, 'Select LLC:').selectOption(LLC);
    await page.getByRole('heading', { level: 3, name: 'Expenses' }).waitFor();
    expect(gets).toContain(`/admin/get_llc_txns?selectedLLC=${encodeURIComponent(LLC).replace(/%20/g, '+')}&include_voided=false`);
    const report = await entry(`le.kind = 'llc_expense' AND le.description = 'Annual report'`);
    expect(await rowIds('Expenses')).toHaveLength(2);
    await expectAccessible(page);
    await screenshot(page, 'admin-llc-txns-desktop');

    await page.getByRole('button', { name: `Delete LLC expense ID ${report.id}`, exact: true }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByText(`Are you sure you want to delete LLC expense ID ${report.id}?`).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => dialogs).toEqual(['LLC expense deleted successfully!']);
    await expect.poll(() => rowIds('Expenses')).toEqual([(await entry(`le.description = '2023 return'`)).id]);
    expect(posts.map((p) => p.path)).toEqual(['/admin/delete_llc_expense']);
    expect(posts[0]!.body).toMatchObject({ id: report.id, amount: 300, date: '2024-01-20' });
    const row = await entry(`le.id = $1`, [report.id]);
    expect(row.voided_at).not.toBeNull();
    expect(row.void_reason).toBe('Deleted in the transaction viewer');
  });

  it('Cash Withdrawals (extension) lists an investor’s withdrawals and voids one', async () => {
    await open('Cash Withdrawals');
    await field(page, 'Select Investor:').selectOption('A');
    await page.getByRole('heading', { level: 3, name: 'Cash Withdrawals' }).waitFor();
    const w = await entry(`le.kind = 'cash_withdrawal'`);
    const row = table('Cash Withdrawals').locator(`tr[data-row-id="${w.id}"]`);
    expect(await row.locator('td.money').textContent()).toBe('-$402.50');
    await expectAccessible(page);
    const maxCashA = async () =>
      (await apiGet<{ max_cash_withdrawal: number }>('/admin/get_max_cash_withdrawal?investor_name=A')).max_cash_withdrawal;
    const before = await maxCashA();
    await page.getByRole('button', { name: `Delete withdrawal ID ${w.id}`, exact: true }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByText(`Are you sure you want to delete withdrawal ID ${w.id}?`).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => dialogs).toEqual(['Withdrawal deleted successfully!']);
    await expect.poll(() => table('Cash Withdrawals').locator('tbody td').allTextContents()).toEqual(['No withdrawals available.']);
    expect(posts[0]).toMatchObject({ path: '/admin/delete_withdrawal', body: { id: w.id, amount: -402.5, date: '2025-12-15' } });
    expect((await entry(`le.id = $1`, [w.id])).voided_at).not.toBeNull();
    // The money is back in A's cash.
    expect(Math.round((await maxCashA()) * 100) - Math.round(before * 100)).toBe(40250);
  });

  it('Audit Log (extension) lists the events newest first, pages through them, filters and opens the details', async () => {
    const [counts] = await query<{ total: number; newest: number }>('SELECT count(*)::int AS total, max(id)::int AS newest FROM audit_event');
    const { total, newest } = counts!;
    const pages = Math.ceil(total / 25);
    expect(pages).toBeGreaterThan(2);
    await open('Audit Log');
    const events = page.getByRole('region', { name: 'Events', exact: true }).locator('table');
    await events.waitFor();
    expect(await events.locator('thead th').allTextContents()).toEqual(['When', 'Who', 'Action', 'Entity', 'ID', 'Details']);
    expect(await page.getByText(`Page 1 of ${pages}`).isVisible()).toBe(true);
    const firstRows = () => events.locator('tbody tr:not(.audit-details)');
    expect(await firstRows().count()).toBe(25);
    // Newest first: the last void (the withdrawal) heads the list.
    expect(await firstRows().first().locator('td').allTextContents()).toEqual([
      expect.stringMatching(/^\d{1,2}\/\d{1,2}\/\d{4}, \d{1,2}:\d{2}:\d{2} [AP]M$/), 'admin', 'void', 'ledger_entry',
      String((await entry(`le.kind = 'cash_withdrawal'`)).id), 'Show details of event ' + newest,
    ]);
    const prev = page.getByRole('button', { name: 'Previous' });
    const next = page.getByRole('button', { name: 'Next' });
    expect(await prev.isDisabled()).toBe(true);
    await expectAccessible(page);
    await screenshot(page, 'admin-audit-log-desktop');

    await next.click();
    await page.getByText(`Page 2 of ${pages}`).waitFor();
    expect(gets).toContain('/admin/audit_log?page=2&page_size=25');
    expect(await prev.isEnabled()).toBe(true);
    await prev.click();
    await page.getByText(`Page 1 of ${pages}`).waitFor();

    // The details show before and after as JSON.
    const toggle = page.getByRole('button', { name: new RegExp(`^(Show|Hide) details of event ${newest}$`) });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const details = page.locator(`#${await toggle.getAttribute('aria-controls')}`);
    const [before, after] = await details.locator('pre').allTextContents();
    expect(JSON.parse(before!)).toMatchObject({ kind: 'cash_withdrawal', amountCents: 40250 });
    expect(JSON.parse(after!)).toMatchObject({ void_reason: 'Deleted in the transaction viewer' });
    await expectAccessible(page);
    await screenshot(page, 'admin-audit-log-details-desktop');

    // Filter: LLCs only, back on page 1.
    await next.click();
    await page.getByText(`Page 2 of ${pages}`).waitFor();
    await field(page, 'Entity').selectOption({ label: 'LLCs' });
    await page.getByText('Page 1 of 1').waitFor();
    expect(gets).toContain('/admin/audit_log?entity=llc&page=1&page_size=25');
    expect(await firstRows().locator('td:nth-child(4)').allTextContents()).toEqual(['llc']);
    expect(await next.isDisabled()).toBe(true);
  });
});
