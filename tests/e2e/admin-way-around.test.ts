import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { mapleLogin } from '../support/maple-books.js';
import { ADMIN } from '../support/test-app.js';
import { DESKTOP, expectAccessible, PHONE, screenshot, signedInWindow } from '../support/browser.js';
import { mapleInBrowser } from '../support/maple-in-browser.js';
import { AdminPage } from '../support/pages/admin-page.js';
import { LoginPage } from '../support/pages/login-page.js';
import { pageWidth, recordFailures, recordRequests, scrollingSideways, textCutOff } from '../support/screen-checks.js';

/**
 * The admin's way around on the Maple books: the landing after sign-in with each
 * investor's figures and no failing request, the "viewing as" bar and the way back, an address per
 * admin action (reload, back, bookmarks), the dropdown in the spec's order, the side menu (desktop) and
 * the sheet (phone) that list the actions by kind of work with a search, and Withdraw Funds one form at a
 * time on a phone.
 */
const SPEC_ACTIONS = [
  'Admin Summary', 'Property Details', 'Add New Income', 'Add New Land Contract Payment', 'Add New Property Expense',
  'Add New Investor Property Expense', 'Delete Property Transaction', 'Delete LLC Transaction', 'Update Property Notes',
  'Add Expense Category', 'Add New Investor', 'Add New Investment', 'Add New Investment Property', 'Add New Rental Deposit',
  'Manage Portal Users', 'Add New LLC Expense', 'LLC Taxes', 'Withdraw Funds',
];
const EXTENSIONS = [
  'Manage LLCs', 'Manage Lorens', 'Change Investor Fee', 'Cash Withdrawals', 'Audit Log', 'Period Locks', 'Investor Statements', 'Export Ledger',
  'Add Income Category', 'Documents', 'K-1s', 'Outbox', 'Investor Updates', 'Distributions', 'Bank Accounts', 'Capital Calls',
  'Bank Import', 'Land Contracts',
];
const GROUPS = ['Reports', 'Recording', 'Corrections', 'People and setup'];

/** Only the first tests sign in through the login screen, their subject; the others start signed in (signedInWindow). */
describe("the admin's way around in Chromium", () => {
  const env = mapleInBrowser({ logins: true });

  const path = (page: Page) => new URL(page.url()).pathname + new URL(page.url()).search;
  const investorsTable = (page: Page) => page.getByRole('region', { name: 'All investors', exact: true });
  const rowsOf = (page: Page) =>
    investorsTable(page).locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.innerText.trim())));

  for (const [width, size] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    it(`lands the admin on the investors with their figures, with no failing request (${width})`, async () => {
      const page = await env.browser.newWindow(size, { reducedMotion: 'reduce' });
      const failures = recordFailures(page);
      const requests = recordRequests(page);
      await new LoginPage(page, env.app.base).signIn(ADMIN.username, ADMIN.password);
      await page.getByRole('heading', { level: 1, name: 'Investors' }).waitFor();
      await investorsTable(page).waitFor();
      expect(await rowsOf(page)).toEqual([
        ['A', '$75,000.00', '$4,042.50'],
        ['B', '$50,000.00', '$3,700.00'],
        ['C', '$60,000.00', '$19,102.50'],
      ]);
      expect(await page.locator('.investor-card .investor-help').first().innerText())
        .toBe('3 investors: $185,000.00 invested, $26,845.00 cash owed to them. Open one to see the page they see.');
      expect(failures).toEqual([]);
      expect(requests.filter((u) => u.includes('/api/investor_summary'))).toEqual([]);
      expect(await pageWidth(page)).toBeLessThanOrEqual(size.width);
      expect(await scrollingSideways(page)).toEqual([]);
      expect(await textCutOff(page)).toEqual([]);
      if (width === 'phone') {
        // Each investor a card: the header row is for screen readers, each figure carries its label.
        expect(await investorsTable(page).locator('thead').evaluate((h) => h.getBoundingClientRect().height)).toBeLessThanOrEqual(1);
        expect(await investorsTable(page).locator('td.money').first().getAttribute('data-label')).toBe('Active Investments');
      }
      await expectAccessible(page);
      await screenshot(page, `admin-landing-${width}`);
    });
  }

  it('shows "Viewing as" on an investor\'s page, with the way back to the list and to the admin page', async () => {
    const page = await signedInWindow(env.browser, env.app, { options: { reducedMotion: 'reduce' } });
    // The landing the sign-in leads to (the sign-in itself is the first tests' subject).
    await page.goto(`${env.app.base}/investor`);
    await investorsTable(page).getByRole('link', { name: 'C', exact: true }).click();
    await page.waitForURL(`${env.app.base}/investor/C`);
    const bar = page.getByRole('complementary', { name: 'Administrator view' });
    await expect.poll(() => bar.innerText()).toMatch(/^Viewing as C \(the page this investor sees\)/);
    await page.getByRole('heading', { level: 1, name: 'C' }).waitFor();
    await expectAccessible(page);
    await bar.getByRole('link', { name: 'All investors' }).click();
    await page.waitForURL(`${env.app.base}/investor`);
    await investorsTable(page).waitFor();
    await page.goBack();
    await page.waitForURL(`${env.app.base}/investor/C`);
    await bar.getByRole('link', { name: 'Admin Page' }).click();
    await page.getByRole('heading', { level: 1, name: 'Admin Page' }).waitFor();
  });

  it('shows an investor their own page, without the bar', async () => {
    const page = await env.browser.newWindow(PHONE);
    const failures = recordFailures(page);
    const investorA = mapleLogin('A');
    await new LoginPage(page, env.app.base).signIn(investorA.username, investorA.password);
    await page.getByRole('heading', { level: 1, name: 'A' }).waitFor();
    expect(await page.getByText('Viewing as').count()).toBe(0);
    expect(failures).toEqual([]);
  });

  it("lists the dropdown's actions in the spec's order, each once and under no repeated group heading", async () => {
    const admin = await AdminPage.inNewWindow(env.browser, env.app, DESKTOP);
    await admin.goto();
    await admin.heading(2, 'Admin Summary').waitFor();
    expect(await admin.actionPicker.locator('option').allTextContents()).toEqual([...SPEC_ACTIONS, ...EXTENSIONS]);
    // The spec's order interleaves the kinds of work: group labels in the dropdown would repeat, so it has none.
    expect(await admin.actionPicker.locator('optgroup').count()).toBe(0);
    // The chosen action's kind shows above its title.
    await admin.chooseAction('Withdraw Funds');
    expect(await admin.page.locator('.admin-action-group').textContent()).toBe('Recording');
  });

  it('lists the actions by kind beside the page at desktop width: a search narrows them, a link opens one', async () => {
    const admin = await AdminPage.inNewWindow(env.browser, env.app, DESKTOP, { reducedMotion: 'reduce' });
    const { page } = admin;
    await admin.goto();
    await admin.heading(2, 'Admin Summary').waitFor();
    const menu = page.getByRole('navigation', { name: 'Admin actions', exact: true });
    expect(await menu.isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'All actions' }).isVisible()).toBe(false);
    // Each kind of work once, its actions under it; every action of the dropdown is there once.
    expect(await menu.locator('.admin-finder-group-name').allTextContents()).toEqual(GROUPS);
    for (const group of GROUPS) {
      const titles = await menu.getByRole('list', { name: group, exact: true }).getByRole('link').allTextContents();
      expect(titles.length, group).toBeGreaterThan(0);
    }
    expect((await menu.getByRole('link').allTextContents()).sort()).toEqual([...SPEC_ACTIONS, ...EXTENSIONS].sort());
    expect(await menu.getByRole('list', { name: 'Recording', exact: true }).getByRole('link').allTextContents()).toEqual([
      'Add New Income', 'Add New Land Contract Payment', 'Add New Property Expense', 'Add New Investor Property Expense',
      'Add New Investment', 'Add New Rental Deposit', 'Add New LLC Expense', 'Withdraw Funds', 'Distributions', 'Capital Calls', 'Bank Import',
    ]);
    const current = () => menu.locator('[aria-current="page"]').allTextContents();
    expect(await current()).toEqual(['Admin Summary']);
    await expectAccessible(page);
    await screenshot(page, 'admin-menu-desktop', { fullPage: false });

    // Typing narrows the list to the action meant, best first, and says how many.
    const search = menu.getByRole('searchbox', { name: 'Find an action' });
    await search.fill('payout');
    const shown = () => menu.getByRole('link').allTextContents();
    await expect.poll(shown).toEqual(['Withdraw Funds', 'Distributions', 'Cash Withdrawals']);
    expect(await menu.getByRole('status').textContent()).toBe(`3 of ${SPEC_ACTIONS.length + EXTENSIONS.length} actions · Enter opens the first`);
    await screenshot(page, 'admin-menu-desktop-search', { fullPage: false });
    const link = menu.getByRole('link', { name: 'Withdraw Funds', exact: true });
    expect(await link.getAttribute('href')).toBe('/admin?action=withdraw-funds'); // a real link: a middle-click opens a tab
    await link.click();
    await admin.heading(2, 'Withdraw Funds').waitFor();
    expect(path(page)).toBe('/admin?action=withdraw-funds');
    expect(await admin.actionPicker.inputValue()).toBe('withdraw-funds');
    await expect.poll(current).toEqual(['Withdraw Funds']);
    // Enter opens the first match; the back button returns to the action before.
    await search.fill('rent');
    await expect.poll(async () => (await shown())[0]).toBe('Add New Income');
    await search.press('Enter');
    await admin.heading(2, 'Add New Income').waitFor();
    expect(path(page)).toBe('/admin?action=add-new-income');
    await page.goBack();
    await admin.heading(2, 'Withdraw Funds').waitFor();
    // Nothing found says so, in words.
    await search.fill('zebra');
    await expect.poll(() => menu.getByRole('status').textContent()).toBe('No action matches “zebra”.');
    expect(await menu.getByRole('link').count()).toBe(0);
    await search.fill('');
    await expect.poll(() => menu.getByRole('link').count()).toBe(SPEC_ACTIONS.length + EXTENSIONS.length);
    // The dropdown still drives the page beside the menu.
    await admin.chooseAction('LLC Taxes');
    expect(path(page)).toBe('/admin?action=llc-taxes');
    await expect.poll(current).toEqual(['LLC Taxes']);
    expect(await scrollingSideways(page)).toEqual([]);
    expect(await pageWidth(page)).toBeLessThanOrEqual(DESKTOP.width);
  });

  it('opens the actions in a sheet on a phone: search and Enter open one, Escape and Close close it, focus goes back', async () => {
    const admin = await AdminPage.inNewWindow(env.browser, env.app, PHONE, { reducedMotion: 'reduce' });
    const { page } = admin;
    await admin.goto();
    await admin.heading(2, 'Admin Summary').waitFor();
    expect(await page.getByRole('navigation', { name: 'Admin actions', exact: true }).isVisible()).toBe(false);
    const button = page.getByRole('button', { name: 'All actions' });
    const sheet = page.getByRole('dialog', { name: 'All actions' });
    const focused = () => page.evaluate(() => (document.activeElement?.classList.contains('admin-sheet-button') ? 'All actions' : document.activeElement?.outerHTML.slice(0, 80)));
    const searchFocused = () => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type === 'search');
    await screenshot(page, 'admin-menu-phone-closed', { fullPage: false });
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);

    await button.click();
    await sheet.waitFor();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    expect(await searchFocused()).toBe(true);
    expect(await sheet.locator('.admin-finder-group-name').allTextContents()).toEqual(GROUPS);
    expect(await sheet.locator('[aria-current="page"]').allTextContents()).toEqual(['Admin Summary']);
    // The sheet sits at the bottom of the window, whole, within its width.
    const box = (await sheet.boundingBox())!;
    expect(Math.round(box.y + box.height)).toBe(PHONE.height);
    expect(box.width).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page);
    await screenshot(page, 'admin-menu-phone-sheet', { fullPage: false });
    // Tab stays inside the sheet.
    for (let i = 0; i < 40; i += 1) await page.keyboard.press('Tab');
    expect(await sheet.evaluate((d) => d.contains(document.activeElement))).toBe(true);

    // Search and Enter open the first match; the sheet closes and the focus is back on the button.
    const search = sheet.getByRole('searchbox', { name: 'Find an action' });
    await search.fill('distribution');
    await expect.poll(() => sheet.getByRole('link').first().textContent()).toBe('Withdraw Funds');
    await screenshot(page, 'admin-menu-phone-sheet-search', { fullPage: false });
    await search.press('Enter');
    await admin.heading(2, 'Withdraw Funds').waitFor();
    expect(path(page)).toBe('/admin?action=withdraw-funds');
    expect(await sheet.isVisible()).toBe(false);
    await expect.poll(focused).toBe('All actions');

    // Escape closes it, as does its Close button, and a tap on a link opens that action.
    await button.click();
    await sheet.waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => sheet.isVisible()).toBe(false);
    await expect.poll(focused).toBe('All actions');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await button.click();
    await sheet.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => sheet.isVisible()).toBe(false);
    await button.click();
    await sheet.getByRole('searchbox', { name: 'Find an action' }).fill('qqq');
    await expect.poll(() => sheet.getByRole('status').textContent()).toBe('No action matches “qqq”.');
    await sheet.getByRole('searchbox', { name: 'Find an action' }).fill('');
    await sheet.getByRole('list', { name: 'People and setup', exact: true }).getByRole('link', { name: 'Manage LLCs', exact: true }).click();
    await admin.heading(2, 'Manage LLCs').waitFor();
    expect(await sheet.isVisible()).toBe(false);
    expect(path(page)).toBe('/admin?action=manage-llcs');

    // The dropdown works on a phone too.
    await admin.chooseAction('LLC Taxes');
    expect(path(page)).toBe('/admin?action=llc-taxes');
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    expect(await scrollingSideways(page)).toEqual([]);
  });

  it('gives each action its own address: the dropdown drives it, reload, back and a bookmark keep it', async () => {
    const admin = await AdminPage.inNewWindow(env.browser, env.app, DESKTOP);
    const { page } = admin;
    await admin.goto();
    await admin.heading(2, 'Admin Summary').waitFor();
    await admin.chooseAction('Withdraw Funds');
    expect(path(page)).toBe('/admin?action=withdraw-funds');
    await admin.chooseAction('LLC Taxes');
    expect(path(page)).toBe('/admin?action=llc-taxes');
    await page.reload();
    await admin.heading(2, 'LLC Taxes').waitFor();
    expect(await admin.actionPicker.inputValue()).toBe('llc-taxes');
    await page.goBack();
    await admin.heading(2, 'Withdraw Funds').waitFor();
    expect(await admin.actionPicker.inputValue()).toBe('withdraw-funds');
    await page.goBack();
    await admin.heading(2, 'Admin Summary').waitFor();
    await page.goForward();
    await admin.heading(2, 'Withdraw Funds').waitFor();
    // A bookmark of every action opens it; an address without a known action opens the first.
    const options = await admin.actionPicker.locator('option').evaluateAll((os) => os.map((o) => [(o as HTMLOptionElement).value, o.textContent!]));
    for (const [slug, title] of options) {
      await admin.goto(`?action=${slug}`);
      await admin.heading(2, title!).waitFor();
    }
    await admin.goto('?action=no-such-action');
    await admin.heading(2, 'Admin Summary').waitFor();
  });

  it('shows Withdraw Funds one form at a time on a phone, keeping what was typed, and all three at desktop', async () => {
    const admin = await AdminPage.inNewWindow(env.browser, env.app, PHONE, { reducedMotion: 'reduce' });
    const { page } = admin;
    await admin.goto('?action=withdraw-funds');
    const cash = admin.form('withdraw-cash');
    await cash.field('Description').fill('Quarterly payout');
    expect(await admin.form('withdraw-investment').locator.isVisible()).toBe(false);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height).toBeLessThan(1400);
    await screenshot(page, 'admin-withdraw-funds-switch-phone');
    await page.getByRole('button', { name: 'Investment', exact: true }).click();
    expect(await admin.form('withdraw-investment').locator.isVisible()).toBe(true);
    expect(await cash.locator.isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Investment', exact: true }).getAttribute('aria-pressed')).toBe('true');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Cash', exact: true }).click();
    expect(await cash.field('Description').inputValue()).toBe('Quarterly payout');

    await page.setViewportSize(DESKTOP);
    for (const id of ['withdraw-cash', 'withdraw-investment', 'withdraw-deposit']) {
      expect(await admin.form(id).locator.isVisible()).toBe(true);
    }
    expect(await page.getByRole('group', { name: 'Withdraw from' }).isVisible()).toBe(false);
  });
});
