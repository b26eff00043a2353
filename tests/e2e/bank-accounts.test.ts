import { randomBytes } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, expectAccessible, launchBrowser, PHONE, screenshot, serveWebApp, signedInWindow, WEB_ROOT, type TestBrowser, type WebApp } from '../support/browser.js';
import { mapleBooksTemplate, mapleLogin, type MapleBooks } from '../support/maple-books.js';
import { pageWidth } from '../support/screen-checks.js';
import type { AppTemplate } from '../support/test-app.js';

/** A row of the admin's pending changes, found by the investor's name (on a phone each row is a small card). */
const pendingRow = (page: Page, name: string): Locator =>
  page.getByRole('region', { name: 'Changes waiting for approval', exact: true }).locator('tbody tr')
    .filter({ has: page.locator('td:first-child').getByText(name, { exact: true }) });

/**
 * Bank accounts in Chromium: an investor enters an account on the Account page (the routing number checked
 * as it is typed) and sees it waiting; the admin approves it on the Bank Accounts screen; the investor
 * then sees it as the account paid.
 */
describe('bank accounts in Chromium', () => {
  let maple: AppTemplate<MapleBooks> | undefined;
  let app: WebApp;
  let browser: TestBrowser;
  beforeAll(async () => {
    maple = await mapleBooksTemplate('pglite', { logins: true });
    app = await serveWebApp(await maple.start({ DATA_KEY: randomBytes(32).toString('base64') }, { webRoot: WEB_ROOT }));
    browser = await launchBrowser();
  });
  afterEach(() => browser?.closeWindows());
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await maple?.close();
  });

  it('an investor enters an account and sees it pending; the admin approves it; the investor sees it paid', async () => {
    const investor = await signedInWindow(browser, app, { login: mapleLogin('B'), viewport: PHONE });
    await investor.goto(`${app.base}/account#bank-account`);
    const card = investor.getByRole('region', { name: 'Bank account for distributions' });
    const current = card.getByTestId('bank-account-current');
    await expect.poll(() => current.textContent()).toBe('No bank account is on file: distributions are paid by check.');

    await card.getByRole('button', { name: 'Add a bank account' }).click();
    const routing = card.getByLabel('Routing number');
    // One digit wrong: said while typing, before anything is sent.
    await routing.fill('021000022');
    await card.getByText('This is not a valid routing number (its check digit does not match): look at it again.').waitFor();
    await routing.fill('021000021');
    await card.getByText('A valid routing number.').waitFor();
    await card.getByLabel('Account number', { exact: true }).fill('000123456789');
    await card.getByLabel('Account number again').fill('000123456780');
    await card.getByRole('button', { name: 'Ask for this account' }).click();
    await card.getByText('The two account numbers differ: type it again.').waitFor();
    await card.getByLabel('Account number again').fill('000123456789');
    await card.getByRole('button', { name: 'Ask for this account' }).click();
    await card.getByRole('status').filter({ hasText: "Bank account change requested: it waits for an administrator's approval." }).waitFor();
    const pending = card.getByTestId('bank-account-pending');
    await expect.poll(() => pending.textContent()).toMatch(/Checking ••••6789.*waiting for an administrator’s approval/);
    expect(await card.textContent()).not.toContain('000123456789');
    expect(await pageWidth(investor)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(investor);
    await screenshot(investor, 'account-bank-account-pending-390');

    // The admin approves it on the Bank Accounts screen.
    const admin = await signedInWindow(browser, app, { viewport: DESKTOP });
    await admin.goto(`${app.base}/admin?action=bank-accounts`);
    const row = pendingRow(admin, 'B');
    await expect.poll(() => row.textContent()).toContain('Checking ••••6789');
    expect(await row.textContent()).toContain('investor.b');
    expect(await pageWidth(admin)).toBeLessThanOrEqual(DESKTOP.width);
    await expectAccessible(admin);
    await screenshot(admin, 'admin-bank-accounts-1280');
    await row.getByRole('button', { name: 'Approve the change of B' }).click();
    await admin.getByRole('status').filter({ hasText: 'B: Bank account change approved: it is the one paid from now on.' }).waitFor();
    await admin.getByText('No bank account change is waiting for approval.').waitFor();
    const [stored] = await app.testDb.db.query<{ last4: string }>('SELECT last4 FROM bank_account');
    expect(stored).toEqual({ last4: '6789' });

    // The investor sees it as the account paid.
    await investor.reload();
    await expect.poll(() => current.textContent()).toMatch(/^Distributions are paid to Checking ••••6789 at routing number 021000021, since /);
    expect(await pending.count()).toBe(0);

    // The admin's screen on a phone.
    const phone = await signedInWindow(browser, app, { viewport: PHONE });
    await phone.goto(`${app.base}/admin?action=bank-accounts`);
    await phone.getByText('No bank account change is waiting for approval.').waitFor();
    expect(await pageWidth(phone)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(phone);
    await screenshot(phone, 'admin-bank-accounts-390');
  }, 180_000);
});
