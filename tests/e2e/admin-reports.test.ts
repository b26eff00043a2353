import path from 'node:path';
import type { BrowserContextOptions, Locator } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAPLE_LLC, MAPLE_PROPERTIES } from '../fixtures/maple.js';
import { mapleBooksTemplate, mapleLogin, MAPLE_PASSWORD, type MapleBooks } from '../support/maple-books.js';
import { ADMIN, bearer, createInvestorWithLogin, seedAs, signIn, type AppTemplate } from '../support/test-app.js';
import {
  DESKTOP, expectAccessible, launchBrowser, PHONE, screenshot, SCREENSHOT_DIR, serveWebApp, WEB_ROOT, type TestBrowser, type WebApp,
} from '../support/browser.js';
import { AdminPage } from '../support/pages/admin-page.js';
import { InvestorPage } from '../support/pages/investor-page.js';

/**
 * The admin's reports and portal users in Chromium against the real server (docs/product.md "Screens": Admin Summary,
 * Property Details, LLC Taxes, Manage Portal Users, their messages and formats): each screen walked as an admin does on the
 * Maple books (tests/fixtures/maple.ts: withdrawals recorded, portal logins for A, B and C, Q sold on a
 * land contract with terms), its figures read off the page, at desktop and phone widths.
 */
const LLC = MAPLE_LLC.llc_name;
/** A property bought after the Maple year, with nothing recorded: every table of its details is empty. */
const EMPTY_PROPERTY = 'Birch Court';

/**
 * Whether the page has scrolled down to `part`: its top at the top of the window, or, when the page ends
 * too soon for that, the window at the bottom of the page with `part` in view.
 */
const scrolledTo = (part: Locator): Promise<boolean> =>
  part.evaluate((el) => {
    const top = el.getBoundingClientRect().top;
    const atBottom = Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight - 2;
    return window.scrollY > 0 && (Math.abs(top) < 2 || (atBottom && top >= 0 && top < window.innerHeight));
  });

describe('admin reports in Chromium', () => {
  let maple: AppTemplate<MapleBooks>;
  let browser: TestBrowser;
  let app: WebApp;
  let token: string;
  let admin: AdminPage;

  /**
   * A new window signed in as the admin, its session from the API (no test here is about signing in);
   * reduced motion, so axe never judges a colour mid-transition.
   */
  const adminWindow = async (viewport = DESKTOP, options: BrowserContextOptions = {}) =>
    AdminPage.inNewWindow(browser, app, viewport, { reducedMotion: 'reduce', ...options });

  const startApp = async () => {
    app = await serveWebApp(await maple.start(undefined, { webRoot: WEB_ROOT }));
    token = await signIn(app.app, ADMIN.username, ADMIN.password);
  };
  const apiGet = async <T>(url: string): Promise<T> => {
    const res = await app.app.inject({ method: 'GET', url, headers: bearer(token) });
    if (res.statusCode !== 200) throw new Error(`${url} failed: ${res.statusCode} ${res.body}`);
    return res.json() as T;
  };
  const register = (username: string, secret: string) =>
    app.app.inject({ method: 'POST', url: '/auth/register', payload: { username, password: MAPLE_PASSWORD, secret } });

  beforeAll(async () => {
    maple = await mapleBooksTemplate('pglite', { logins: true });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await maple?.close();
  });

  describe('reading the Maple books', () => {
    beforeAll(async () => {
      await startApp();
      await seedAs(app, token)('/admin/add_investment_property', {
        ...MAPLE_PROPERTIES[0], property_name: EMPTY_PROPERTY, address: '3 Birch Court, Springfield, IL', purchase_date: '2025-03-01',
      });
    });
    beforeEach(async () => {
      admin = await adminWindow();
    });
    afterEach(() => browser?.closeWindows());
    afterAll(() => app?.close());

    it('Admin Summary: the five totals with what each sums, the investors with their figures, each opening their page', async () => {
      await admin.open('Admin Summary');
      const totals = {
        'Total Cash': '$26,845.00', 'Total Investments': '$185,000.00', 'Total Income': '$45,000.00',
        'Total Expenses': '$9,900.00', 'Total Deposits': '$2,000.00',
      };
      for (const [card, figure] of Object.entries(totals)) await expect.poll(() => admin.figureOf(card)).toBe(figure);
      expect(await admin.helpOf('Total Cash')).toMatch(/undistributed cash owed to investors.*cash balances/i);
      expect(await admin.helpOf('Total Investments')).toMatch(/outstanding capital/);
      expect(await admin.helpOf('Total Income')).toMatch(/income and land-contract payments, gross, all time/);
      expect(await admin.helpOf('Total Expenses')).toMatch(/property, investor-property and LLC expenses, all time/i);
      expect(await admin.helpOf('Total Deposits')).toMatch(/deposits held today/);
      expect(await admin.rowsOf('Investors')).toEqual([
        ['A', '$75,000.00', '$4,042.50'],
        ['B', '$50,000.00', '$3,700.00'],
        ['C', '$60,000.00', '$19,102.50'],
      ]);
      await expectAccessible(admin.page);
      await screenshot(admin.page, 'admin-summary-desktop');

      await admin.table('Investors').getByRole('link', { name: 'C', exact: true }).click();
      await admin.page.waitForURL(`${app.base}/investor/C`);
      await admin.heading(1, 'C').waitFor();

      const phone = await adminWindow(PHONE);
      await phone.open('Admin Summary');
      await expect.poll(() => phone.figureOf('Total Cash')).toBe('$26,845.00');
      expect(await phone.pageWidth()).toBeLessThanOrEqual(PHONE.width);
      expect(await phone.figuresCutOff()).toEqual([]);
      expect(await phone.tablesScrollingSideways()).toEqual([]);
      await expectAccessible(phone.page);
      await screenshot(phone.page, 'admin-summary-phone');
    });

    it("Property Details: a property's four histories with their totals and details, and its investors", async () => {
      await admin.open('Property Details');
      expect(await admin.field('Select Property:').locator('option').allTextContents()).toEqual(['Select a property', EMPTY_PROPERTY, 'P', 'Q']);
      await admin.choose('Select Property:', 'P');
      await admin.heading(3, 'Investment History').waitFor();
      expect(await admin.subtitleOf('Investment History')).toBe('Total: $125,000.00');
      expect(await admin.subtitleOf('Income History')).toBe('Total: $24,000.00');
      expect(await admin.subtitleOf('Expenses History')).toBe('Total: $8,100.00');
      expect(await admin.subtitleOf('Deposits History')).toBe('Total: $2,000.00');

      // Dates as MM/DD/YYYY, each row's detail under its date, a withdrawal negative in the loss colour.
      const investments = await admin.rowsOf('Investment History');
      expect(investments.map(([date, amount]) => [date!.split('\n')[0], amount])).toEqual([
        ['09/10/2024', '-$25,000.00'], ['04/20/2024', '$50,000.00'], ['01/05/2024', '$100,000.00'],
      ]);
      expect(await admin.table('Investment History').locator('td.money.negative').textContent()).toBe('-$25,000.00');
      const income = await admin.rowsOf('Income History');
      expect(income).toHaveLength(12);
      expect(income[0]![0]).toMatch(/^12\/03\/2024\n.*Rent 12\/2024/);
      expect(income.every(([, amount]) => amount === '$2,000.00')).toBe(true);
      const expenses = await admin.rowsOf('Expenses History');
      expect(expenses).toHaveLength(37);
      expect(expenses.find(([date]) => date!.includes('Roof repair'))).toEqual([expect.stringMatching(/^07\/22\/2024\n/), '$2,100.00']);
      expect(await admin.rowsOf('Deposits History')).toEqual([[expect.stringMatching(/^02\/01\/2024\n.*Security deposit, unit 1/), '$2,000.00']]);
      expect(await admin.rowsOf('Investors')).toEqual([['A', '$75,000.00'], ['B', '$50,000.00']]);
      await expectAccessible(admin.page);
      await screenshot(admin.page, 'admin-property-details-desktop');

      // Q: sold on a land contract, its payments are its income; no deposits.
      await admin.choose('Select Property:', 'Q');
      await expect.poll(() => admin.subtitleOf('Income History')).toBe('Total: $21,000.00');
      expect(await admin.subtitleOf('Investment History')).toBe('Total: $60,000.00');
      expect(await admin.subtitleOf('Expenses History')).toBe('Total: $300.00');
      expect(await admin.rowsOf('Deposits History')).toEqual([['No deposits available.']]);
      expect(await admin.rowsOf('Investors')).toEqual([['C', '$60,000.00']]);

      // A property with nothing recorded shows the spec's empty texts.
      await admin.choose('Select Property:', EMPTY_PROPERTY);
      await expect.poll(() => admin.rowsOf('Investment History')).toEqual([['No investments available.']]);
      expect(await admin.rowsOf('Income History')).toEqual([['No income available.']]);
      expect(await admin.rowsOf('Expenses History')).toEqual([['No expenses available.']]);
      expect(await admin.rowsOf('Deposits History')).toEqual([['No deposits available.']]);
      expect(await admin.rowsOf('Investors')).toEqual([['No investors available.']]);
      expect(await admin.subtitleOf('Income History')).toBe('Total: $0.00');

      const phone = await adminWindow(PHONE);
      await phone.open('Property Details');
      await phone.choose('Select Property:', 'P');
      await expect.poll(() => phone.rowsOf('Investors')).toEqual([['A', '$75,000.00'], ['B', '$50,000.00']]);
      expect(await phone.pageWidth()).toBeLessThanOrEqual(PHONE.width);
      expect(await phone.figuresCutOff()).toEqual([]);
      expect(await phone.tablesScrollingSideways()).toEqual([]);
      await screenshot(phone.page, 'admin-property-details-phone');
    });

    it("LLC Taxes: a spinner, then Maple's 2024 report, and each property's summary below the list", async () => {
      await admin.open('LLC Taxes');
      expect(await admin.field('Select Tax Year:').locator('option').allTextContents()).toEqual(['Select a year', '2024', '2020']);
      await admin.choose('Select Tax Year:', '2024');
      await admin.page.getByText('Choose a tax year and an LLC to see the report.').waitFor();
      expect(admin.gets.filter((g) => g.startsWith('/admin/llc_taxes'))).toEqual([]);

      // The answer is held back until the spinner has been seen.
      let answer!: () => void;
      const answered = new Promise<void>((resolve) => (answer = resolve));
      await admin.page.route('**/admin/llc_taxes*', async (route) => {
        await answered;
        await route.continue();
      });
      await admin.choose('Select LLC:', LLC);
      await admin.page.getByRole('status').filter({ hasText: 'Loading...' }).locator('.spinner-border').waitFor();
      answer();

      const card = admin.region(LLC);
      await card.waitFor();
      expect(await admin.pairsOf(card)).toEqual([
        ['Address', MAPLE_LLC.address],
        ['Date Started', '01/15/2020'],
        ['Principal Business Activity', MAPLE_LLC.principal_business_activity],
        ['Principal Product', MAPLE_LLC.principal_product],
        ['Business Code Number', MAPLE_LLC.business_code_number],
        ['Total LLC Assets', '$337,450.37'],
        ['Ordinary Business Income', '-$1,500.00'],
        ['Total Rental Income', '$15,900.00'],
        ['Total Dividend Income', '$12,270.22'],
        ['Total Income', '$26,370.22'],
        ['Total Active Income', '-$1,500.00'],
      ]);
      expect(await card.getByText('-$1,500.00').first().getAttribute('class')).toBe('money negative');
      expect(await card.textContent()).toMatch(/cash basis, before depreciation.*Total Active Income equals\s+Ordinary Business Income/);
      // Q is split by the installment method: the server asks the CPA to review its assumptions.
      expect(await admin.page.getByRole('note').first().textContent()).toMatch(/For the CPA to review.*Q: split by the installment method/);

      await admin.heading(3, 'Income Summary').waitFor();
      expect(await admin.rowsOf('Rental Income by Member')).toEqual([['A', '$12,200.00'], ['B', '$3,700.00']]);
      expect(await admin.rowsOf('Dividend Income by Member')).toEqual([['C', '$12,270.22', '$300.00']]);
      await admin.heading(3, 'Rental Income Details').waitFor();
      expect(await admin.rowsOf('Rental Income Details: A')).toEqual([['P', '$12,200.00', '$120,000.00']]);
      expect(await admin.rowsOf('Rental Income Details: B')).toEqual([['P', '$3,700.00', '$80,000.00']]);
      expect(await admin.rowsOf('Rental Income Details: C')).toEqual([['No rental properties.']]);
      expect(await admin.rowsOf('LLC Expenses')).toEqual([['State fees', '$300.00'], ['Tax preparation', '$1,200.00']]);
      expect(await admin.subtitleOf('LLC Expenses')).toBe('Total: $1,500.00');
      expect(await admin.subtitleOf('Management Fees by Member')).toMatch(/reported separately.*not deducted/i);
      expect(await admin.rowsOf('Management Fees by Member')).toEqual([['A', '$1,220.00'], ['B', '$0.00'], ['C', '$1,035.00']]);

      // The properties: P opens its summary below the list, and the page scrolls down to it.
      const properties = admin.region('Properties');
      expect(await properties.getByRole('button').allTextContents()).toEqual(['P', 'Q']);
      expect(await admin.page.evaluate(() => window.scrollY)).toBe(0);
      await properties.getByRole('button', { name: 'P', exact: true }).click();
      const summaryP = admin.region('Summary for P in 2024');
      await expect.poll(() => admin.pairsOf(summaryP)).toEqual([['Address', MAPLE_PROPERTIES[0].address]]);
      expect(await admin.rowsOf('Property Income')).toEqual([['Rent', '$24,000.00']]);
      expect(await admin.rowsOf('Property Expenses')).toEqual([['Insurance', '$1,200.00'], ['Repairs', '$3,900.00'], ['Taxes', '$3,000.00']]);
      expect(await admin.subtitleOf('Property Expenses')).toBe('Total: $8,100.00');
      await expect.poll(() => scrolledTo(summaryP)).toBe(true);
      expect(await properties.getByRole('button', { name: 'P', exact: true }).getAttribute('aria-pressed')).toBe('true');

      // Q: the land contract's payments split into interest, gain and return of basis.
      await properties.getByRole('button', { name: 'Q', exact: true }).click();
      const summaryQ = admin.region('Summary for Q in 2024');
      await admin.region('Land Contract in 2024').waitFor();
      expect(await admin.region('Summary for P in 2024').count()).toBe(0);
      expect(await admin.rowsOf('Property Income')).toEqual([['Installment sale gain', '$5,819.85'], ['Land contract interest', '$6,450.37']]);
      expect(await admin.rowsOf('Property Expenses')).toEqual([['Legal and other professional fees', '$300.00']]);
      expect(await admin.pairsOf(admin.region('Land Contract in 2024'))).toEqual([
        ['Payments received', '$21,000.00'], ['Interest', '$6,450.37'], ['Principal', '$14,549.63'], ['Gain', '$5,819.85'],
        ['Return of basis', '$8,729.78'], ['Balance at year end', '$85,450.37'],
      ]);
      expect(await summaryQ.getByRole('note').textContent()).toMatch(/installment method/);
      await expect.poll(() => scrolledTo(summaryQ)).toBe(true);
      await expectAccessible(admin.page);
      await screenshot(admin.page, 'admin-llc-taxes-desktop');

      // Printed: the report alone, black on white, no navigation, selectors or buttons, tables whole.
      await admin.page.emulateMedia({ media: 'print' });
      for (const hidden of [
        admin.page.getByRole('navigation', { name: 'Main' }), admin.actionPicker, admin.field('Select Tax Year:'),
        admin.field('Select LLC:'), admin.page.getByRole('button', { name: 'Print report' }),
      ]) {
        expect(await hidden.isVisible()).toBe(false);
      }
      expect(await card.isVisible()).toBe(true);
      expect(await summaryQ.isVisible()).toBe(true);
      expect(await admin.page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(255, 255, 255)');
      expect(await card.getByText('-$1,500.00').first().evaluate((el) => getComputedStyle(el).color)).toBe('rgb(0, 0, 0)');
      expect(await card.evaluate((el) => [getComputedStyle(el).boxShadow, getComputedStyle(el).breakInside])).toEqual(['none', 'avoid']);
      expect(await admin.region('LLC Expenses').evaluate((el) => getComputedStyle(el).overflow)).toBe('visible');
      await screenshot(admin.page, 'admin-llc-taxes-print');
      await admin.page.pdf({ path: path.join(SCREENSHOT_DIR, 'admin-llc-taxes-print.pdf'), format: 'Letter', printBackground: true });
      await admin.page.emulateMedia({ media: 'screen' });

      // Another year starts over: 2020 has Q only, nothing earned, no property open.
      await admin.choose('Select Tax Year:', '2020');
      await expect.poll(() => admin.pairsOf(card).then((pairs) => pairs[5])).toEqual(['Total LLC Assets', '$60,000.00']);
      expect(await properties.getByRole('button').allTextContents()).toEqual(['Q']);
      expect(await admin.region('Summary for Q in 2024').count()).toBe(0);
      expect(await admin.rowsOf('LLC Expenses')).toEqual([['No expenses available.']]);
      expect(await admin.page.getByRole('note').count()).toBe(0);
    });

    it('LLC Taxes fits a 390 px phone: every figure readable, nothing wider than the screen', async () => {
      const phone = await adminWindow(PHONE);
      await phone.open('LLC Taxes');
      await phone.choose('Select Tax Year:', '2024');
      await phone.choose('Select LLC:', LLC);
      await phone.region('Properties').getByRole('button', { name: 'Q', exact: true }).click();
      await phone.region('Land Contract in 2024').waitFor();
      await expect.poll(() => scrolledTo(phone.region('Summary for Q in 2024'))).toBe(true);
      expect(await phone.pageWidth()).toBeLessThanOrEqual(PHONE.width);
      expect(await phone.figuresCutOff()).toEqual([]);
      expect(await phone.tablesScrollingSideways()).toEqual([]);
      await expectAccessible(phone.page);
      await screenshot(phone.page, 'admin-llc-taxes-phone');
    });

    it('Manage Portal Users: the login summary, and nothing sent (no secret issued) until a name is chosen and asked for', async () => {
      await admin.open('Manage Portal Users');
      const logins = await apiGet<{ investor_name: string; login_count: number; last_login: string | null; failed_sign_ins: number }[]>('/admin/get_login_summary');
      const shown = await Promise.all(
        logins.map(async (l) => [
          l.investor_name, String(l.login_count),
          await admin.page.evaluate((iso) => (iso ? new Date(iso).toLocaleString('en-US') : 'N/A'), l.last_login),
          l.failed_sign_ins ? `${l.failed_sign_ins} failed` : 'None',
        ]),
      );
      // Registering signs a login in, and the books' set-up signed each in once more.
      expect(shown.map(([name, count, , failed]) => [name, count, failed])).toEqual([['A', '2', 'None'], ['B', '2', 'None'], ['C', '2', 'None']]);
      await expect.poll(() => admin.rowsOf('Login Summary')).toEqual(shown);

      const remove = admin.form('delete-portal-user');
      expect(await remove.options('Portal user')).toEqual(['Select a portal user', 'A', 'B', 'C']);
      await remove.submit('Delete portal user');
      await expect.poll(() => remove.error().textContent()).toBe('Please select a portal user.');
      expect(await admin.confirmDialog.isVisible()).toBe(false);

      const secret = admin.form('investor-secret');
      expect(await secret.options('Investor')).toEqual(['Select an investor', 'A', 'B', 'C']);
      await secret.submit('Get secret');
      await expect.poll(() => secret.error().textContent()).toBe('Please select an investor.');
      await secret.choose('Investor', 'A');
      expect(admin.posts).toEqual([]);
      expect(admin.gets.filter((g) => g.includes('get_investor_secret'))).toEqual([]);
      await expectAccessible(admin.page);
      await screenshot(admin.page, 'admin-portal-users-desktop');

      const phone = await adminWindow(PHONE);
      await phone.open('Manage Portal Users');
      await expect.poll(() => phone.rowsOf('Login Summary')).toEqual(shown);
      expect(await phone.pageWidth()).toBeLessThanOrEqual(PHONE.width);
      expect(await phone.tablesScrollingSideways()).toEqual([]);
      await expectAccessible(phone.page);
      await screenshot(phone.page, 'admin-portal-users-phone');
    });
  });

  describe('a long list of investors', () => {
    // Nine more beside A, B and C: twelve, past the number (10) from which a list of investors can be searched.
    const MORE = ['Ann Smith', 'Smith, Annabel', 'Bob Jones', 'Carla Diaz', 'Dan Ng', 'Eve Park', 'Frank Olsen', 'Gina Ruiz', 'Hal Weber'];
    beforeAll(async () => {
      await startApp();
      const post = seedAs(app, token);
      for (const name of MORE) await post('/admin/add_investor', { name, email: '', phone: '', address: '', fee_percentage: '0' });
    });
    afterEach(() => browser?.closeWindows());
    afterAll(() => app?.close());

    it('finds an investor by any words of their name, on the Admin Summary and on the landing at a phone\'s width', async () => {
      admin = await adminWindow();
      await admin.open('Admin Summary');
      const search = admin.page.getByRole('searchbox', { name: 'Find an investor' });
      await search.waitFor();
      expect(await admin.page.getByRole('search', { name: 'Find an investor' }).getByRole('status').innerText()).toBe('12 investors');
      expect(await admin.rowsOf('Investors')).toHaveLength(12);
      await search.fill('ann SM');
      await expect.poll(() => admin.rowsOf('Investors').then((rows) => rows.map(([name]) => name))).toEqual(['Ann Smith', 'Smith, Annabel']);
      expect(await admin.page.getByRole('search', { name: 'Find an investor' }).getByRole('status').innerText()).toBe('2 of 12 investors');
      await screenshot(admin.page, 'investor-search-desktop');
      await search.fill('nobody');
      await expect.poll(() => admin.rowsOf('Investors')).toEqual([['No investor\'s name has "nobody".']]);
      await search.fill('');
      await expect.poll(() => admin.rowsOf('Investors').then((rows) => rows.length)).toBe(12);
      await expectAccessible(admin.page);

      const phone = await adminWindow(PHONE);
      // The landing, where the admin's sign-in leads.
      await phone.page.goto(`${app.base}/investor`);
      await phone.page.getByRole('heading', { level: 1, name: 'Investors' }).waitFor();
      const landing = phone.page.getByRole('searchbox', { name: 'Find an investor' });
      await landing.fill('jones');
      const names = phone.page.getByRole('region', { name: 'All investors', exact: true }).locator('tbody td[data-label="Investor"]');
      await expect.poll(() => names.allInnerTexts()).toEqual(['Bob Jones']);
      await names.getByRole('link', { name: 'Bob Jones' }).click();
      await phone.page.waitForURL(`${app.base}/investor/${encodeURIComponent('Bob Jones')}`);
      await phone.page.goBack();
      await landing.fill('d');
      await expect.poll(() => names.allInnerTexts()).toEqual(['Carla Diaz', 'Dan Ng']);
      expect(await phone.pageWidth()).toBeLessThanOrEqual(PHONE.width);
      await expectAccessible(phone.page);
      await screenshot(phone.page, 'investor-search-phone');
    });
  });

  describe('changing portal users', () => {
    beforeEach(startApp);
    afterEach(async () => {
      await browser?.closeWindows();
      await app?.close();
    });

    it('Delete Portal User asks first, then deletes the login: the alert, the lists, and its open session answers 401', async () => {
      // B is signed in and looking at their page.
      const investor = await InvestorPage.signIn(await browser.newWindow(), app.base, mapleLogin('B'));
      await investor.propertyCard('P').waitFor();

      admin = await adminWindow();
      await admin.open('Manage Portal Users');
      const form = admin.form('delete-portal-user');
      await form.choose('Portal user', 'B');
      await form.submit('Delete portal user');
      await admin.confirmDialog.waitFor();
      expect(await admin.confirmDialog.getByRole('heading').textContent()).toBe('Delete portal user');
      expect(await admin.confirmDialog.textContent()).toContain('Are you sure you want to delete the portal user of B?');
      await admin.confirmDialog.getByRole('button', { name: 'Cancel' }).click();
      await expect.poll(() => admin.confirmDialog.isVisible()).toBe(false);
      expect(admin.posts).toEqual([]);

      await form.submit('Delete portal user');
      await admin.confirmDialog.getByRole('button', { name: 'Delete' }).click();
      await expect.poll(() => admin.dialogs).toEqual(['Portal user deleted successfully']);
      expect(admin.posts.map((p) => [p.path, p.body])).toEqual([['/admin/delete_portal_user', { investor_name: 'B' }]]);
      await expect.poll(() => form.options('Portal user')).toEqual(['Select a portal user', 'A', 'C']);
      expect(await form.field('Portal user').inputValue()).toBe('');
      await expect.poll(() => admin.rowsOf('Login Summary').then((rows) => rows.map(([name]) => name))).toEqual(['A', 'C']);
      // The investor and their money stay.
      expect(await admin.form('investor-secret').options('Investor')).toEqual(['Select an investor', 'A', 'B', 'C']);

      // B's open session: the next request it makes is refused, and the page goes back to sign-in.
      const next = investor.page.waitForResponse((r) => new URL(r.url()).pathname === '/api/investor_property');
      await investor.propertyCard('P').click();
      expect((await next).status()).toBe(401);
      await investor.page.waitForURL(`${app.base}/`);
      expect(await investor.page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    });

    it("Delete Portal User shows the server's refusal beside the form", async () => {
      admin = await adminWindow();
      await admin.open('Manage Portal Users');
      const form = admin.form('delete-portal-user');
      await form.choose('Portal user', 'C');
      // Someone else deletes C's login first.
      await seedAs(app, token)('/admin/delete_portal_user', { investor_name: 'C' });
      await form.submit('Delete portal user');
      await admin.confirmDialog.getByRole('button', { name: 'Delete' }).click();
      await expect.poll(() => form.error().textContent()).toBe('C has no portal login.');
      expect(admin.dialogs).toEqual([]);
      expect(admin.logs).toContain('C has no portal login.');
      expect(await admin.confirmDialog.isVisible()).toBe(false);
    });

    it('Get Investor Secret issues a fresh secret per click, shown to copy; the newest one registers, the older one no longer does', async () => {
      await seedAs(app, token)('/admin/add_investor', { name: 'D', email: 'd@example.com', phone: '', address: '', fee_percentage: '0.0' });
      admin = await adminWindow(DESKTOP, { permissions: ['clipboard-read', 'clipboard-write'] });
      await admin.open('Manage Portal Users');
      const form = admin.form('investor-secret');
      await form.choose('Investor', 'D');
      const shown = form.locator.getByRole('status');
      const secretOf = async () => /^Investor login secret is: (\S+)$/.exec((await shown.locator('span').first().textContent()) ?? '')?.[1];

      await form.submit('Get secret');
      await expect.poll(secretOf).toMatch(/\S{16,}/);
      const first = (await secretOf())!;
      await form.submit('Get secret');
      await expect.poll(secretOf).not.toBe(first);
      const second = (await secretOf())!;
      expect(admin.gets.filter((g) => g.includes('get_investor_secret'))).toEqual([
        '/admin/get_investor_secret?investor_name=D', '/admin/get_investor_secret?investor_name=D',
      ]);

      await form.button('Copy secret').click();
      await form.button('Copied').waitFor();
      expect(await admin.page.evaluate(() => navigator.clipboard.readText())).toBe(second);
      await expectAccessible(admin.page);
      await screenshot(admin.page, 'admin-portal-users-secret-desktop');

      // Another choice takes the secret off the screen.
      await form.choose('Investor', 'A');
      expect(await shown.count()).toBe(0);

      expect((await register('investor.d', first)).statusCode).not.toBe(201);
      expect((await register('investor.d', second)).statusCode).toBe(201);
      await admin.open('Manage Portal Users');
      // Registering signed the new login in: one sign-in, no failures.
      await expect.poll(() => admin.rowsOf('Login Summary').then((rows) => rows.find(([name]) => name === 'D')?.filter((_, i) => i !== 2))).toEqual(['D', '1', 'None']);
    });

    it('Lost Password and Lost Phone: a new password shown once to pass on, and two-factor sign-in turned off, each confirmed first', async () => {
      const who = await createInvestorWithLogin(app, 'Lena Lost');
      admin = await adminWindow(DESKTOP, { permissions: ['clipboard-read', 'clipboard-write'] });
      await admin.open('Manage Portal Users');
      const form = admin.form('login-recovery-password');
      await form.submit('Set a new password');
      await expect.poll(() => form.error().textContent()).toBe('Please select a portal user.');
      await form.choose('Portal user', 'Lena Lost');
      await form.submit('Set a new password');
      await admin.confirmDialog.getByRole('button', { name: 'Set new password' }).click();
      const shown = form.locator.getByTestId('new-password');
      await shown.waitFor();
      const password = (await shown.locator('code').textContent())!;
      await expect.poll(() => admin.dialogs).toEqual(['A new password is set. Give it to the investor; it is shown only now.']);
      await form.button('Copy password').click();
      expect(await admin.page.evaluate(() => navigator.clipboard.readText())).toBe(password);
      await expectAccessible(admin.page);
      await screenshot(admin.page, 'admin-portal-users-lost-password-desktop');
      const signIn = (pw: string) => app.app.inject({ method: 'POST', url: '/auth/login', payload: { username: who.username, password: pw } });
      expect((await signIn(who.password)).statusCode).toBe(401);
      expect((await signIn(password)).statusCode).toBe(200);

      const phone = await adminWindow(PHONE);
      await phone.open('Manage Portal Users');
      const totp = phone.form('login-recovery-totp');
      await totp.choose('Portal user', 'Lena Lost');
      await totp.submit('Turn off two-factor');
      await phone.confirmDialog.getByRole('button', { name: 'Turn off' }).click();
      await expect.poll(() => phone.dialogs).toEqual(['Two-factor sign-in is off for this login. Its next sign-in asks only for the password.']);
      expect(await phone.pageWidth()).toBeLessThanOrEqual(PHONE.width);
      await screenshot(phone.page, 'admin-portal-users-lost-phone-phone');
    });
  });
});
