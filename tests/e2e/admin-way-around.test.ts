import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { mapleLogin } from '../support/maple-books.js';
import { ADMIN } from '../support/test-app.js';
import { DESKTOP, expectAccessible, PHONE, screenshot } from '../support/browser.js';
import { mapleInBrowser } from '../support/maple-in-browser.js';
import { AdminPage } from '../support/pages/admin-page.js';
import { LoginPage } from '../support/pages/login-page.js';
import { pageWidth, recordFailures, recordRequests, scrollingSideways, textCutOff } from '../support/screen-checks.js';

/**
 * The admin's way around (issue 10 item 2) on the Maple books: the landing after sign-in with each
 * investor's figures and no failing request, the "viewing as" bar and the way back, an address per
 * admin action (reload, back, bookmarks), the dropdown's groups in the spec's order, and Withdraw Funds
 * one form at a time on a phone (item 1).
 */
const SPEC_ACTIONS = [
  'Admin Summary', 'Property Details', 'Add New Income', 'Add New Land Contract Payment', 'Add New Property Expense',
  'Add New Investor Property Expense', 'Delete Property Transaction', 'Delete LLC Transaction', 'Update Property Notes',
  'Add Expense Category', 'Add New Investor', 'Add New Investment', 'Add New Investment Property', 'Add New Rental Deposit',
  'Manage Portal Users', 'Add New LLC Expense', 'LLC Taxes', 'Withdraw Funds',
];
const EXTENSIONS = ['Manage LLCs', 'Manage Lorens', 'Change Investor Fee', 'Cash Withdrawals', 'Audit Log', 'Period Locks', 'Investor Statements', 'Export Ledger'];

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
    const page = await env.browser.newWindow(DESKTOP, { reducedMotion: 'reduce' });
    await new LoginPage(page, env.app.base).signIn(ADMIN.username, ADMIN.password);
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

  it("groups the dropdown's actions under Reports, Recording, Corrections, People and setup, in the spec's order", async () => {
    const admin = new AdminPage(await env.browser.newWindow(DESKTOP), env.app.base);
    await new LoginPage(admin.page, env.app.base).signIn(ADMIN.username, ADMIN.password);
    await admin.goto();
    await admin.heading(2, 'Admin Summary').waitFor();
    const groups = await admin.actionPicker.locator('optgroup').evaluateAll((gs) =>
      gs.map((g) => [(g as HTMLOptGroupElement).label, [...g.querySelectorAll('option')].map((o) => o.textContent)] as const));
    expect(groups.flatMap(([, options]) => options)).toEqual([...SPEC_ACTIONS, ...EXTENSIONS]);
    expect(groups.map(([label]) => label)).toEqual([
      'Reports', 'Recording', 'Corrections', 'People and setup', 'Recording', 'People and setup', 'Recording',
      'People and setup', 'Recording', 'Reports', 'Recording', 'People and setup', 'Corrections', 'Reports',
    ]);
    // Every option sits in a group; the chosen action's kind shows above its title.
    expect(await admin.actionPicker.locator(':scope > option').count()).toBe(0);
    await admin.chooseAction('Withdraw Funds');
    expect(await admin.page.locator('.admin-action-group').textContent()).toBe('Recording');
  });

  it('gives each action its own address: the dropdown drives it, reload, back and a bookmark keep it', async () => {
    const admin = new AdminPage(await env.browser.newWindow(DESKTOP), env.app.base);
    const { page } = admin;
    await new LoginPage(page, env.app.base).signIn(ADMIN.username, ADMIN.password);
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
    const admin = new AdminPage(await env.browser.newWindow(PHONE, { reducedMotion: 'reduce' }), env.app.base);
    const { page } = admin;
    await new LoginPage(page, env.app.base).signIn(ADMIN.username, ADMIN.password);
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
