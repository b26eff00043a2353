import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatCurrency } from '../../src/web/lib/format.js';
import { MAPLE_LLC } from '../fixtures/maple.js';
import { mapleBooksTemplate, type MapleBooks } from '../support/maple-books.js';
import { ADMIN, bearer, seedAs, signIn, type AppTemplate } from '../support/test-app.js';
import {
  DESKTOP, expectAccessible, launchBrowser, PHONE, screenshot, serveWebApp, WEB_ROOT, type TestBrowser, type WebApp,
} from '../support/browser.js';
import { AdminPage, byLabel } from '../support/pages/admin-page.js';
import { todayIso } from '../../src/web/lib/today.js';

/**
 * The books, part 2, in Chromium against the real server: Withdraw Funds (docs/product.md "Screens"),
 * the property, LLC and investor transaction viewers with their deletes (voids), and the audit log.
 * The books are the Maple worked example (tests/fixtures/maple.ts) before its withdrawals, recorded once
 * and copied: each test gets a server of its own on a fresh copy, plus what its describe names, recorded
 * through the API before the browser signs in. What the page stored is read back from the database.
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
  let maple: AppTemplate<MapleBooks>;
  let browser: TestBrowser;
  /** The test's own server. */
  let app: WebApp;
  let token: string;
  /** The admin page of the test's window. */
  let admin: AdminPage;

  const apiGet = async <T>(url: string): Promise<T> => {
    const res = await app.app.inject({ method: 'GET', url, headers: bearer(token) });
    if (res.statusCode !== 200) throw new Error(`${url} failed: ${res.statusCode} ${res.body}`);
    return res.json() as T;
  };

  const query = <T>(sql: string, params: unknown[] = []) => app.testDb.db.query<T>(sql, params);

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

  /**
   * A new window signed in as the admin (its session from the API: no test here is about signing in).
   * Reduced motion: axe must not judge a button's colours halfway through Bootstrap's hover transition.
   */
  const adminWindow = async (viewport = DESKTOP) =>
    AdminPage.inNewWindow(browser, app, viewport, { reducedMotion: 'reduce' });

  beforeAll(async () => {
    maple = await mapleBooksTemplate('pglite', { withdrawals: false });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await maple?.close();
  });

  /**
   * Gives each test of the describe its own server on a fresh copy of the Maple books, with `steps`
   * recorded by the admin through the API, and a window signed in as the admin.
   */
  const startFrom = (...steps: (() => Promise<unknown>)[]) => {
    beforeEach(async () => {
      app = await serveWebApp(await maple.start(undefined, { webRoot: WEB_ROOT }));
      token = await signIn(app.app, ADMIN.username, ADMIN.password);
      for (const step of steps) await step();
      admin = await adminWindow();
    });
    afterEach(async () => {
      await browser?.closeWindows();
      await app?.close();
    });
  };

  // The steps, as the admin would record them in the page.
  const seed = (url: string, payload: object) => seedAs(app, token)(url, payload);
  const depositRefund = () =>
    seed('/admin/record_deposit_withdrawal', { property_name: 'P', date: '2025-12-20', notes: 'Refund, unit 1', amount: '500' });
  const roofRepairVoided = async () => {
    const roof = await entry(`le.description = 'Roof repair'`);
    await seed('/admin/delete_expense', { id: roof.id, amount: 2100, detail: 'Repairs: Roof repair', date: '2024-07-22', reason: 'Entered twice' });
  };
  const cashWithdrawal = () =>
    seed('/admin/record_cash_withdrawal', { investor_name: 'A', date: '2025-12-15', description: 'December distribution', amount: '402.50' });
  const cashWithdrawalVoided = async () => {
    const w = await entry(`le.kind = 'cash_withdrawal'`);
    await seed('/admin/delete_withdrawal', { id: w.id, amount: '402.50', date: '2025-12-15' });
  };

  describe('on the Maple books', () => {
    startFrom();

    it('Withdraw Funds shows the three forms, accessible and finished at desktop and phone widths', async () => {
      await admin.open('Withdraw Funds');
      for (const title of ['Withdraw from Cash', 'Withdraw from Investment', 'Withdraw Deposit']) {
        await admin.heading(3, title).waitFor();
      }
      // Every amount starts empty (its placeholder reads 0.00), disabled until its selectors are chosen, bounded
      // below by 0 in cents steps; every date starts at today.
      for (const id of ['withdraw-cash', 'withdraw-investment', 'withdraw-deposit']) {
        const amount = admin.form(id).field('Amount');
        expect(await amount.isDisabled()).toBe(true);
        await expect.poll(() => amount.inputValue()).toBe('');
        expect(await amount.getAttribute('placeholder')).toBe('0.00');
        expect(await amount.getAttribute('type')).toBe('number');
        expect(await amount.getAttribute('min')).toBe('0');
        expect(await amount.getAttribute('step')).toBe('0.01');
        expect(await admin.form(id).field('Date').inputValue()).toBe(todayIso());
      }
      const cash = admin.form('withdraw-cash');
      expect(await cash.amountHint().textContent()).toBe('Choose an investor to see the maximum.');
      await cash.choose('Investor', 'A');
      await expect.poll(() => cash.amountHint().textContent()).toBe('Maximum: $10,402.50');
      await expectAccessible(admin.page);
      await screenshot(admin.page, 'admin-withdraw-funds-desktop');

      const phone = await adminWindow(PHONE);
      await phone.open('Withdraw Funds');
      await phone.page.getByRole('button', { name: 'Investment', exact: true }).click();
      const investment = phone.form('withdraw-investment');
      await investment.fillIn({ Investor: 'A', Property: 'P' });
      await expect.poll(() => investment.amountHint().textContent()).toBe('Maximum: $100,000.00');
      await expectAccessible(phone.page);
      await screenshot(phone.page, 'admin-withdraw-funds-phone');
    });

    it('Withdraw from Cash: the maximum follows the investor, over it nothing is sent, then a withdrawal is recorded', async () => {
      await admin.open('Withdraw Funds');
      const form = admin.form('withdraw-cash');
      const amount = form.field('Amount');

      // Nothing chosen: the spec's console message, shown beside the form too, and no request.
      await form.submit('Withdraw cash');
      await admin.expectRefusedInPage(form, 'Please fill in all fields.');

      await form.choose('Investor', 'A');
      await expect.poll(() => amount.isEnabled()).toBe(true);
      expect(await form.amountHint().textContent()).toBe('Maximum: $10,402.50');
      expect(await amount.getAttribute('max')).toBe('10402.50');
      expect(admin.gets).toContain('/admin/get_max_cash_withdrawal?investor_name=A');

      // Another investor: the amount goes back to empty (0.00) and B's maximum is fetched.
      await amount.fill('125.50');
      const maxB = (await apiGet<{ max_cash_withdrawal: number }>('/admin/get_max_cash_withdrawal?investor_name=B')).max_cash_withdrawal;
      expect(maxB).not.toBe(10402.5);
      await form.choose('Investor', 'B');
      await expect.poll(() => amount.inputValue()).toBe('');
      await expect.poll(() => form.amountHint().textContent()).toBe(`Maximum: ${formatCurrency(maxB)}`);
      expect(admin.gets).toContain('/admin/get_max_cash_withdrawal?investor_name=B');

      // Over the maximum by one cent: refused in the page, no request.
      await form.choose('Investor', 'A');
      await expect.poll(() => form.amountHint().textContent()).toBe('Maximum: $10,402.50');
      await form.fill('Date', '2025-12-15');
      await form.fill('Description', 'December distribution');
      await amount.fill('10402.51');
      admin.logs.length = 0;
      await form.submit('Withdraw cash');
      const refusal = 'Amount cannot exceed the maximum withdrawal amount of $10,402.50';
      await admin.expectRefusedInPage(form, refusal);
      expect(await entries(`le.kind = 'cash_withdrawal'`)).toEqual([]);

      await amount.fill('402.50');
      await form.submit('Withdraw cash');
      await expect.poll(() => admin.dialogs).toEqual(['Cash withdrawal recorded successfully']);
      await expect.poll(() => form.values()).toEqual({ investor_name: '', amount: '', date: todayIso(), description: '' });
      expect(await amount.isDisabled()).toBe(true);
      expect(await form.amountHint().textContent()).toBe('Choose an investor to see the maximum.');
      expect(await form.error().count()).toBe(0);
      expect(admin.posts).toHaveLength(1);
      expect(admin.posts[0]).toMatchObject({ path: '/admin/record_cash_withdrawal', body: {
        investor_name: 'A', date: '2025-12-15', description: 'December distribution', amount: '402.50',
      } });
      expect(admin.posts[0]!.key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(await entry(`le.kind = 'cash_withdrawal'`)).toMatchObject({
        date: '2025-12-15', amount_cents: 40250, investor: 'A', description: 'December distribution', voided_at: null,
      });

      // Choosing A again fetches the lower maximum.
      await form.choose('Investor', 'A');
      await expect.poll(() => form.amountHint().textContent()).toBe('Maximum: $10,000.00');
    });

    it('Withdraw from Investment: needs the investor and the property, refetches on either, refuses over the maximum', async () => {
      await admin.open('Withdraw Funds');
      const form = admin.form('withdraw-investment');
      const amount = form.field('Amount');
      const submit = form.button('Withdraw from investment');

      await form.choose('Investor', 'A');
      expect(await amount.isDisabled()).toBe(true);
      expect(await form.amountHint().textContent()).toBe('Choose an investor and a property to see the maximum.');
      await form.choose('Property', 'P');
      await expect.poll(() => amount.isEnabled()).toBe(true);
      expect(await form.amountHint().textContent()).toBe('Maximum: $100,000.00');

      // The property changes: amount back to empty, A holds nothing in Q.
      await amount.fill('10');
      await form.choose('Property', 'Q');
      await expect.poll(() => amount.inputValue()).toBe('');
      await expect.poll(() => form.amountHint().textContent()).toBe('Maximum: $0.00');
      // The investor changes: B's capital in P.
      await form.choose('Property', 'P');
      await expect.poll(() => form.amountHint().textContent()).toBe('Maximum: $100,000.00');
      await amount.fill('10');
      await form.choose('Investor', 'B');
      await expect.poll(() => amount.inputValue()).toBe('');
      await expect.poll(() => form.amountHint().textContent()).toBe('Maximum: $50,000.00');
      expect(admin.gets).toEqual(expect.arrayContaining([
        '/admin/get_max_investment_withdrawal?investor_name=A&property_name=P',
        '/admin/get_max_investment_withdrawal?investor_name=A&property_name=Q',
        '/admin/get_max_investment_withdrawal?investor_name=B&property_name=P',
      ]));

      await form.choose('Investor', 'A');
      await expect.poll(() => form.amountHint().textContent()).toBe('Maximum: $100,000.00');
      await form.fill('Date', '2025-12-15');
      await amount.fill('100000.01');
      await submit.click();
      const refusal = 'Amount cannot exceed the maximum withdrawal amount of $100,000.00';
      await admin.expectRefusedInPage(form, refusal);

      await amount.fill('25000');
      await submit.click();
      await expect.poll(() => admin.dialogs).toEqual(['Investment withdrawal recorded successfully']);
      await expect.poll(() => form.values()).toEqual({ investor_name: '', property_name: '', amount: '', date: todayIso() });
      expect(admin.posts.map((p) => [p.path, p.key !== undefined])).toEqual([['/admin/record_investment_withdrawal', true]]);
      expect(await entry(`le.kind = 'investment_withdrawal'`)).toMatchObject({
        date: '2025-12-15', amount_cents: 2500000, investor: 'A', property: 'P', voided_at: null,
      });
    });

    it('Withdraw Deposit: the rental’s deposits bound it; a server refusal shows beside the form; 500 is refunded', async () => {
      await admin.open('Withdraw Funds');
      const form = admin.form('withdraw-deposit');
      const amount = form.field('Amount');
      const submit = form.button('Withdraw deposit');

      // Only rentals are offered.
      expect(await form.options('Rental property')).toEqual(['Select a property', 'P']);
      await form.choose('Rental property', 'P');
      await expect.poll(() => form.amountHint().textContent()).toBe('Maximum: $2,000.00');
      await amount.fill('50');
      // Back to no property: empty and disabled again.
      await form.choose('Rental property', '');
      await expect.poll(() => amount.inputValue()).toBe('');
      expect(await amount.isDisabled()).toBe(true);

      await form.choose('Rental property', 'P');
      await expect.poll(() => amount.isEnabled()).toBe(true);
      await form.fill('Date', '2025-12-20');
      await form.fill('Notes', 'Refund, unit 1');
      await amount.fill('2000.01');
      await submit.click();
      const refusal = 'Amount cannot exceed the maximum deposit amount of $2,000.00';
      await admin.expectRefusedInPage(form, refusal);

      // Dated before the deposit arrived: within the maximum today, refused by the server in plain words.
      await form.fill('Date', '2024-01-10');
      await amount.fill('500');
      await submit.click();
      await expect.poll(() => form.error().textContent()).toBe('This withdrawal would take the deposits held for P below zero on 01/10/2024.');
      expect(admin.dialogs).toEqual([]);
      expect(await submit.isEnabled()).toBe(true);

      await form.fill('Date', '2025-12-20');
      await submit.click();
      await expect.poll(() => admin.dialogs).toEqual(['Deposit withdrawal recorded successfully']);
      await expect.poll(() => form.values()).toEqual({ property_name: '', amount: '', date: todayIso(), notes: '' });
      expect(await entry(`le.kind = 'deposit_withdrawal'`)).toMatchObject({
        date: '2025-12-20', amount_cents: 50000, property: 'P', description: 'Refund, unit 1', voided_at: null,
      });
    });

    it('Delete LLC Transaction voids an LLC expense', async () => {
      await admin.openViewer('Delete LLC Transaction', 'Select LLC:', LLC, 'Expenses');
      expect(admin.gets).toContain(`/admin/get_llc_txns?selectedLLC=${encodeURIComponent(LLC).replace(/%20/g, '+')}&include_voided=false`);
      const report = await entry(`le.kind = 'llc_expense' AND le.description = 'Annual report'`);
      expect(await admin.rowIds('Expenses')).toHaveLength(2);
      await expectAccessible(admin.page);
      await screenshot(admin.page, 'admin-llc-txns-desktop');

      await admin.deleteButton(`Void LLC expense ID ${report.id}`).click();
      const dialog = admin.confirmDialog;
      expect(await dialog.getByText(`Are you sure you want to delete LLC expense ID ${report.id}?`).isVisible()).toBe(true);
      // The reason is asked for (investors read it) before anything is sent.
      await dialog.getByRole('button', { name: 'Void' }).click();
      await expect.poll(() => dialog.getByText('Reason is required.').isVisible()).toBe(true);
      expect(admin.posts).toEqual([]);
      await byLabel(dialog, 'Reason').fill('Filed twice');
      await dialog.getByRole('button', { name: 'Void' }).click();
      await expect.poll(() => admin.dialogs).toEqual(['LLC expense deleted successfully!']);
      await expect.poll(() => admin.rowIds('Expenses')).toEqual([(await entry(`le.description = '2023 return'`)).id]);
      expect(admin.posts.map((p) => p.path)).toEqual(['/admin/delete_llc_expense']);
      expect(admin.posts[0]!.body).toMatchObject({ id: report.id, amount: 300, date: '2024-01-20', reason: 'Filed twice' });
      const row = await entry(`le.id = $1`, [report.id]);
      expect(row.voided_at).not.toBeNull();
      expect(row.void_reason).toBe('Filed twice');
    });
  });

  describe('with a deposit refund of 500.00 from P', () => {
    startFrom(depositRefund);

    it('Delete Property Transaction lists the tables, confirms in a focus-trapping dialog and voids an expense', async () => {
      await admin.openViewer('Delete Property Transaction', 'Select Property:', 'P', 'Income');
      expect(await admin.page.locator('.txn-card h3').allTextContents())
        .toEqual(['Income', 'Expenses', 'Deposits', 'Land contract payments', 'Investments']);
      expect(admin.gets).toContain('/admin/get_property_txns?selectedProperty=P&include_voided=false');

      // Columns, formats and empty text.
      expect(await admin.table('Expenses').locator('thead th').allTextContents()).toEqual(['ID', 'Date', 'Amount', 'Detail', 'Actions']);
      expect(await admin.rowIds('Income')).toHaveLength(12);
      expect(await admin.rowIds('Expenses')).toHaveLength(37);
      expect(await admin.table('Land contract payments').locator('tbody td').allTextContents()).toEqual(['No land contract payments available.']);
      const refund = await entry(`le.kind = 'deposit_withdrawal'`);
      const refundRow = admin.row('Deposits', refund.id);
      // The detail without its repeated prefix ("Refund: Refund, unit 1" reads "Refund, unit 1").
      expect(await refundRow.locator('td').allTextContents()).toEqual([String(refund.id), '12/20/2025', '-$500.00', 'Refund, unit 1', `Correct deposit ID ${refund.id}Void deposit ID ${refund.id}`]);
      expect(await refundRow.locator('td.money').getAttribute('class')).toContain('negative');
      expect(await refundRow.locator('td.money').evaluate((td) => getComputedStyle(td).textAlign)).toBe('right');

      const roof = await entry(`le.description = 'Roof repair'`);
      const roofRow = admin.row('Expenses', roof.id);
      expect(await roofRow.locator('td').allTextContents())
        .toEqual([String(roof.id), '07/22/2024', '$2,100.00', 'Repairs: Roof repair', `Correct expense ID ${roof.id}Void expense ID ${roof.id}`]);

      expect((await admin.details('Income'))[0]).toBe('Rent 12/2024'); // was "Rent: Rent 12/2024"
      // All 37 rows are there, in a box most of the window tall (not an 8-row box).
      const expensesBox = admin.page.getByRole('region', { name: 'Expenses', exact: true });
      expect(await expensesBox.evaluate((el) => el.clientHeight)).toBeGreaterThanOrEqual(0.6 * DESKTOP.height);
      await expectAccessible(admin.page);
      await screenshot(admin.page, 'admin-property-txns-desktop');

      // Cancel first: nothing is sent and focus returns to the button that opened the dialog.
      const deleteButton = admin.deleteButton(`Void expense ID ${roof.id}`);
      await deleteButton.click();
      const dialog = admin.confirmDialog;
      await dialog.waitFor();
      expect(await dialog.getByText(`Are you sure you want to delete expense ID ${roof.id}?`).isVisible()).toBe(true);
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
      for (let i = 0; i < 6; i++) {
        await admin.page.keyboard.press(i % 2 ? 'Tab' : 'Shift+Tab');
        expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
      }
      for (let i = 0; i < 5; i++) await admin.page.keyboard.press('Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
      await expectAccessible(admin.page);
      await screenshot(admin.page, 'admin-delete-dialog-desktop');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect.poll(() => dialog.isVisible()).toBe(false);
      expect(await deleteButton.evaluate((b) => b === document.activeElement)).toBe(true);
      // Escape cancels too.
      await deleteButton.click();
      await dialog.waitFor();
      await admin.page.keyboard.press('Escape');
      await expect.poll(() => dialog.isVisible()).toBe(false);
      expect(admin.posts).toEqual([]);

      // Confirm with a reason, which the dialog says investors will read.
      await deleteButton.click();
      expect(await dialog.getByText('Investors who hold a share of this entry will read this reason.').isVisible()).toBe(true);
      await byLabel(dialog, 'Reason').fill('Entered twice');
      const reloaded = admin.page.waitForResponse((r) => r.url().includes('/admin/get_property_txns'));
      await dialog.getByRole('button', { name: 'Void' }).click();
      await expect.poll(() => admin.dialogs).toEqual(['Expense deleted successfully!']);
      await reloaded;
      await expect.poll(() => admin.rowIds('Expenses')).not.toContain(roof.id);
      expect(await admin.rowIds('Expenses')).toHaveLength(36);
      expect(admin.posts).toHaveLength(1);
      expect(admin.posts[0]).toMatchObject({
        path: '/admin/delete_expense',
        body: { id: roof.id, amount: 2100, detail: 'Repairs: Roof repair', date: '2024-07-22', reason: 'Entered twice' },
      });
      // Still in the books, voided.
      const voided = await entry(`le.id = $1`, [roof.id]);
      expect(voided.voided_at).not.toBeNull();
      expect(voided.void_reason).toBe('Entered twice');
      // Focus is on the table the row left, not lost.
      await expect.poll(() => admin.page.evaluate(() => document.activeElement?.textContent)).toBe('Expenses');
    });
  });

  describe('with a deposit refund of 500.00 from P, to search', () => {
    startFrom(depositRefund);

    it('Delete Property Transaction narrows every table by words and by dates, and Clear brings all rows back', async () => {
      await admin.openViewer('Delete Property Transaction', 'Select Property:', 'P', 'Expenses');
      const clear = admin.page.getByRole('button', { name: 'Clear', exact: true });
      expect(await clear.isDisabled()).toBe(true);
      const roof = await entry(`le.description = 'Roof repair'`);

      await admin.filterViewer({ text: 'roof' });
      await expect.poll(() => admin.rowIds('Expenses')).toEqual([roof.id]);
      expect(await admin.rowIds('Income')).toEqual([]);
      expect(await admin.table('Income').locator('tbody td').allTextContents()).toEqual(['No entries match the search and dates.']);
      expect(await admin.page.locator('.txn-card', { has: admin.page.getByRole('heading', { name: 'Expenses' }) }).locator('.card-header span').textContent())
        .toBe('1 of 37 entries shown');
      expect(await clear.isEnabled()).toBe(true);
      // An amount as shown finds its row too.
      await admin.filterViewer({ text: '$2,100.00' });
      await expect.poll(() => admin.rowIds('Expenses')).toEqual([roof.id]);

      // July 2024 only: the month's three expenses and the roof, its rent; the tables without July rows say so.
      await admin.filterViewer({ text: '', from: '2024-07-01', to: '2024-07-31' });
      const july = async (kind: string) =>
        (await entries(`le.kind = $1 AND p.name = 'P' AND le.date BETWEEN '2024-07-01' AND '2024-07-31'`, [kind])).map((e) => e.id).sort();
      await expect.poll(async () => (await admin.rowIds('Expenses')).sort()).toEqual(await july('property_expense'));
      expect(await admin.rowIds('Expenses')).toHaveLength(4);
      expect((await admin.rowIds('Income')).sort()).toEqual(await july('property_income'));
      expect(await admin.table('Deposits').locator('tbody td').allTextContents()).toEqual(['No entries match the search and dates.']);
      // Words and dates together.
      await admin.filterViewer({ text: 'repair' });
      await expect.poll(() => admin.details('Expenses')).toEqual(expect.arrayContaining(['Repairs: Roof repair', 'Repairs 07/2024']));
      expect(await admin.rowIds('Expenses')).toHaveLength(2);
      await expectAccessible(admin.page);
      await screenshot(admin.page, 'admin-property-txns-filtered-desktop');

      await clear.click();
      await expect.poll(() => admin.rowIds('Expenses')).toHaveLength(37);
      expect(await admin.field('Search').inputValue()).toBe('');
      expect(await clear.isDisabled()).toBe(true);

      const phone = await adminWindow(PHONE);
      await phone.openViewer('Delete Property Transaction', 'Select Property:', 'P', 'Expenses');
      await phone.filterViewer({ text: 'roof' });
      await expect.poll(() => phone.rowIds('Expenses')).toEqual([roof.id]);
      expect(await phone.pageWidth()).toBeLessThanOrEqual(PHONE.width);
      await expectAccessible(phone.page);
      await screenshot(phone.page, 'admin-property-txns-filtered-phone');
    });
  });

  describe('with that refund, and the roof repair of July voided as entered twice', () => {
    startFrom(depositRefund, roofRepairVoided);

    it('a refused delete says so in the alert and beside the table; Show voided shows the voided row', async () => {
      await admin.openViewer('Delete Property Transaction', 'Select Property:', 'P', 'Deposits');
      const deposit = await entry(`le.kind = 'deposit'`);
      await admin.deleteButton(`Void deposit ID ${deposit.id}`).click();
      const dialog = admin.confirmDialog;
      expect(await dialog.getByText(`Are you sure you want to delete deposit ID ${deposit.id}?`).isVisible()).toBe(true);
      await byLabel(dialog, 'Reason').fill('Refunded by mistake');
      await dialog.getByRole('button', { name: 'Void' }).click();
      await expect.poll(() => admin.dialogs).toEqual(['Failed to delete deposit.']);
      const reason = `Deleting deposit ID ${deposit.id} would make the deposits held for this property negative on 12/20/2025. Delete the later withdrawal first.`;
      const beside = admin.page.locator('.txn-card', { has: admin.page.getByRole('region', { name: 'Deposits', exact: true }) }).getByRole('alert');
      await expect.poll(() => beside.textContent()).toBe(`Failed to delete deposit. ${reason}`);
      expect(await admin.rowIds('Deposits')).toContain(deposit.id);
      expect((await entry(`le.id = $1`, [deposit.id])).voided_at).toBeNull();
      await expectAccessible(admin.page);

      // Show voided: the roof repair comes back struck through, with who, when and why, and no delete button.
      const roof = await entry(`le.description = 'Roof repair'`);
      await admin.page.getByRole('switch', { name: 'Show voided' }).check();
      const roofRow = admin.row('Expenses', roof.id);
      await roofRow.waitFor();
      expect(admin.gets).toContain('/admin/get_property_txns?selectedProperty=P&include_voided=true');
      expect(await roofRow.getAttribute('class')).toContain('txn-voided');
      const today = new Date();
      const shown = `${String(today.getMonth() + 1).padStart(2, '0')}/${String(today.getDate()).padStart(2, '0')}/${today.getFullYear()}`;
      expect(await roofRow.locator('.txn-void-note').textContent()).toBe(`Voided by admin on ${shown}: Entered twice`);
      expect(await roofRow.locator('.txn-struck').first().evaluate((s) => getComputedStyle(s).textDecorationLine)).toBe('line-through');
      expect(await roofRow.getByRole('button').count()).toBe(0);
      await roofRow.scrollIntoViewIfNeeded();
      await expectAccessible(admin.page);
      await screenshot(admin.page, 'admin-property-txns-voided-desktop');

      // Off again: the voided row is gone.
      await admin.page.getByRole('switch', { name: 'Show voided' }).uncheck();
      await expect.poll(() => admin.rowIds('Expenses')).not.toContain(roof.id);

      const phone = await adminWindow(PHONE);
      await phone.openViewer('Delete Property Transaction', 'Select Property:', 'P', 'Income');
      await expectAccessible(phone.page);
      await screenshot(phone.page, 'admin-property-txns-phone');
    });
  });

  describe('with a cash withdrawal of 402.50 by A', () => {
    startFrom(cashWithdrawal);

    it('Cash Withdrawals (extension) lists an investor’s withdrawals and voids one', async () => {
      await admin.openViewer('Cash Withdrawals', 'Select Investor:', 'A', 'Cash withdrawals');
      const w = await entry(`le.kind = 'cash_withdrawal'`);
      const row = admin.row('Cash withdrawals', w.id);
      expect(await row.locator('td.money').textContent()).toBe('-$402.50');
      await expectAccessible(admin.page);
      const maxCashA = async () =>
        (await apiGet<{ max_cash_withdrawal: number }>('/admin/get_max_cash_withdrawal?investor_name=A')).max_cash_withdrawal;
      const before = await maxCashA();
      await admin.deleteButton(`Void withdrawal ID ${w.id}`).click();
      const dialog = admin.confirmDialog;
      expect(await dialog.getByText(`Are you sure you want to delete withdrawal ID ${w.id}?`).isVisible()).toBe(true);
      await byLabel(dialog, 'Reason').fill('Paid in January instead');
      await dialog.getByRole('button', { name: 'Void' }).click();
      await expect.poll(() => admin.dialogs).toEqual(['Withdrawal deleted successfully!']);
      await expect.poll(() => admin.table('Cash withdrawals').locator('tbody td').allTextContents()).toEqual(['No withdrawals available.']);
      expect(admin.posts[0]).toMatchObject({ path: '/admin/delete_withdrawal', body: { id: w.id, amount: -402.5, date: '2025-12-15' } });
      expect((await entry(`le.id = $1`, [w.id])).voided_at).not.toBeNull();
      // The money is back in A's cash.
      expect(Math.round((await maxCashA()) * 100) - Math.round(before * 100)).toBe(40250);
    });
  });

  describe('with that cash withdrawal voided', () => {
    startFrom(cashWithdrawal, cashWithdrawalVoided);

    it('Audit Log (extension) tells the events in words, newest first, pages through them, filters, and shows the raw record on request', async () => {
      const [counts] = await query<{ total: number; newest: number }>('SELECT count(*)::int AS total, max(id)::int AS newest FROM audit_event');
      const { total, newest } = counts!;
      const pages = Math.ceil(total / 25);
      expect(pages).toBeGreaterThan(2);
      await admin.open('Audit Log');
      const events = admin.auditEvents();
      await events.first().waitFor();
      expect(await admin.page.getByText(`Page 1 of ${pages}`).isVisible()).toBe(true);
      expect(await events.count()).toBe(25);
      // Newest first: the last void (the withdrawal) heads the list, as a sentence with names, not ids.
      const first = events.first();
      expect(await first.getAttribute('data-event-id')).toBe(String(newest));
      expect(await first.locator('.audit-sentence').textContent()).toMatch(/^admin voided a cash withdrawal of \$402\.50 for A\b/);
      expect(await first.locator('time').textContent()).toMatch(/^\d{1,2}\/\d{1,2}\/\d{4}, \d{1,2}:\d{2}:\d{2} [AP]M$/);
      const sentences = await events.locator('.audit-sentence').allTextContents();
      expect(sentences).toContain('admin recorded an expense of $2,100.00 on P (Repairs)');
      for (const sentence of sentences) expect(sentence).not.toMatch(/ledger_entry|_id|[a-z]Id\b|\{/);
      // The raw record waits behind its toggle.
      const raw = first.locator('details.audit-raw');
      expect(await raw.locator('pre').first().isVisible()).toBe(false);
      const prev = admin.page.getByRole('button', { name: 'Previous' });
      const next = admin.page.getByRole('button', { name: 'Next' });
      expect(await prev.isDisabled()).toBe(true);
      await expectAccessible(admin.page);
      await screenshot(admin.page, 'admin-audit-log-desktop');

      await next.click();
      await admin.page.getByText(`Page 2 of ${pages}`).waitFor();
      expect(admin.gets).toContain('/admin/audit_log?page=2&page_size=25');
      expect(await prev.isEnabled()).toBe(true);
      await prev.click();
      await admin.page.getByText(`Page 1 of ${pages}`).waitFor();

      // The details show before and after as JSON, for the curious.
      await raw.locator('summary', { hasText: `Raw record of event ${newest}` }).click();
      expect(await raw.getAttribute('open')).not.toBeNull();
      const [before, after] = await raw.locator('pre').allTextContents();
      expect(await raw.locator('pre').first().isVisible()).toBe(true);
      expect(JSON.parse(before!)).toMatchObject({ kind: 'cash_withdrawal', amountCents: 40250 });
      expect(JSON.parse(after!)).toMatchObject({ void_reason: 'Deleted in the transaction viewer' });
      await expectAccessible(admin.page);
      await screenshot(admin.page, 'admin-audit-log-details-desktop');

      // Filter: LLCs only, back on page 1.
      await next.click();
      await admin.page.getByText(`Page 2 of ${pages}`).waitFor();
      await admin.choose('Events about', { label: 'LLCs' });
      await admin.page.getByText('Page 1 of 1').waitFor();
      expect(admin.gets).toContain('/admin/audit_log?entity=llc&page=1&page_size=25');
      expect(await events.locator('.audit-sentence').allTextContents()).toEqual([`admin added the LLC ${LLC}`]);
      expect(await next.isDisabled()).toBe(true);

      const phone = await adminWindow(PHONE);
      await phone.open('Audit Log');
      await phone.auditEvents().first().locator('summary').click();
      expect(await phone.pageWidth()).toBeLessThanOrEqual(PHONE.width);
      await expectAccessible(phone.page);
      await screenshot(phone.page, 'admin-audit-log-phone');
    });
  });
});
