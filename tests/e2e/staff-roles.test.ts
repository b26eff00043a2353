import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { base32Decode, codeAt, stepAt } from '../../src/server/domain/totp.js';
import { DESKTOP, expectAccessible, PHONE, screenshot, signedInWindow, type WebApp } from '../support/browser.js';
import { mapleInBrowser } from '../support/maple-in-browser.js';
import { AdminPage } from '../support/pages/admin-page.js';
import { LoginPage } from '../support/pages/login-page.js';
import { RegisterPage } from '../support/pages/register-page.js';
import { pageWidth, scrollingSideways } from '../support/screen-checks.js';
import { ADMIN, seedAs, signIn } from '../support/test-app.js';

/**
 * Staff roles in Chromium (issue 29 items 1, 2 and 7): an admin invites a bookkeeper and an auditor from
 * Manage Portal Users, each registers through /register with the one-time secret, signs in (setting up
 * two-factor sign-in when the portal asks it of staff) and finds the back office of their role: the
 * bookkeeper records and reads, without users, period locks or voids; the auditor reads the reports of
 * the one LLC granted, and its LLC selector offers no other.
 */
const MAPLE = 'Maple Holdings LLC';
/** A second LLC of the books, never granted to the auditor. */
const OTHER_LLC = {
  llc_name: 'Birch Ridge LLC', address: '9 Birch Rd, Springfield, IL 62701', date_started: '2021-03-01',
  principal_business_activity: 'Real estate rental', principal_product: 'Residential rental housing', business_code_number: '531110',
};
const PASSWORD = 'cobalt meadow lantern 58';

describe('staff roles in Chromium', () => {
  const env = mapleInBrowser({ logins: true });

  beforeAll(async () => {
    const admin = await signIn(env.app.app, ADMIN.username, ADMIN.password);
    await seedAs(env.app, admin)('/admin/add_llc', OTHER_LLC);
  });

  /** Invites one member of staff in the Staff section and answers the secret the panel shows once. */
  async function invite(admin: AdminPage, name: string, role: 'bookkeeper' | 'auditor', llcs: string[] = []): Promise<string> {
    const form = admin.page.locator('form#invite-staff');
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Role').selectOption(role);
    for (const llc of llcs) await form.getByRole('checkbox', { name: llc }).check();
    await form.getByRole('button', { name: 'Invite staff' }).click();
    const panel = admin.page.getByTestId('staff-secret');
    await panel.waitFor();
    expect(await panel.innerText()).toContain('Shown only now');
    const secret = (await panel.locator('code').textContent())!.trim();
    await panel.getByRole('button', { name: 'Done' }).click();
    return secret;
  }

  /** Signs in through the login screen; sets up two-factor sign-in when the portal asks it of staff. */
  async function signInAsStaff(page: Page, app: WebApp, username: string): Promise<void> {
    const login = await new LoginPage(page, app.base).open();
    await login.submit(username, PASSWORD);
    const setup = page.getByRole('heading', { name: 'Set up two-factor sign-in' });
    const landed = page.waitForURL(/\/(investor|admin)(\?|$)/).then(() => 'landed' as const);
    if ((await Promise.race([landed, setup.waitFor().then(() => 'setup' as const)])) === 'setup') {
      const key = (await page.getByTestId('totp-secret').textContent())!.trim();
      await page.getByLabel('6-digit code').fill(codeAt(base32Decode(key)!, stepAt(new Date())));
      await page.getByRole('button', { name: 'VERIFY' }).click();
      await page.getByRole('button', { name: 'I have kept my codes' }).click();
      await landed;
    }
  }

  /** Registers through /register with the secret, then signs in afresh through the login screen. */
  async function registerAndSignIn(app: WebApp, size: { width: number; height: number }, username: string, secret: string): Promise<Page> {
    const page = await env.browser.newWindow(size, { reducedMotion: 'reduce' });
    const register = await new RegisterPage(page, app.base).open();
    await register.register({ username, password: PASSWORD, secret });
    await page.getByRole('heading', { name: 'Your account is ready' }).or(page.getByRole('heading', { name: 'Set up two-factor sign-in' })).waitFor();
    await page.evaluate(() => localStorage.clear());
    await signInAsStaff(page, app, username);
    return page;
  }

  const options = (page: Page) => page.getByLabel('Select Admin Action:').locator('option').allTextContents();

  /** The menu of the width: the side menu on a desktop, the sheet on a phone; its links' titles. */
  async function menuTitles(page: Page, width: string): Promise<string[]> {
    if (width === 'desktop') return page.getByRole('navigation', { name: 'Admin actions' }).getByRole('link').allTextContents();
    await page.getByRole('button', { name: 'All actions' }).click();
    const sheet = page.getByRole('dialog', { name: 'All actions' });
    await sheet.waitFor();
    const titles = await sheet.getByRole('link').allTextContents();
    await sheet.getByRole('button', { name: 'Close' }).click();
    return titles;
  }

  for (const [width, size] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    it(`invites a bookkeeper and an auditor, who each see the back office of their role (${width})`, async () => {
      const tag = width === 'desktop' ? 'd' : 'p';
      const admin = new AdminPage(await signedInWindow(env.browser, env.app, { viewport: size, options: { reducedMotion: 'reduce' } }), env.app.base);
      await admin.open('Manage Portal Users');
      const staffCard = admin.page.getByRole('region', { name: 'Staff', exact: true });
      await staffCard.waitFor();
      const bookkeeperSecret = await invite(admin, `Bea Keeper ${tag}`, 'bookkeeper');
      const auditorSecret = await invite(admin, `Audrey Tor ${tag}`, 'auditor', [MAPLE]);
      // The list shows both, not yet registered: "invited", their roles and the auditor's one LLC.
      const list = staffCard.getByRole('region', { name: 'Staff members' });
      await expect.poll(() => list.innerText()).toContain(`Audrey Tor ${tag}`);
      const text = await list.innerText();
      expect(text).toContain(`Bea Keeper ${tag}`);
      expect(text).toContain(MAPLE);
      expect(text).toMatch(/invited/);
      expect(await pageWidth(admin.page)).toBeLessThanOrEqual(size.width);
      await expectAccessible(admin.page);
      await staffCard.scrollIntoViewIfNeeded();
      await screenshot(admin.page, `staff-invited-${width}`);

      // The bookkeeper: recording and reports, no users, period locks or voids.
      const bea = await registerAndSignIn(env.app, size, `bea.${tag}`, bookkeeperSecret);
      await bea.getByRole('link', { name: 'Admin', exact: true }).click();
      await bea.waitForURL(`${env.app.base}/admin`);
      await bea.getByRole('heading', { level: 1, name: 'Admin Page' }).waitFor();
      // The actions come with the role's helpers, a moment after the heading: waited for, not read at once.
      await expect.poll(() => options(bea)).toContain('LLC Taxes');
      const beaActions = await options(bea);
      expect(beaActions).toEqual(expect.arrayContaining(['Admin Summary', 'Add New Income', 'Add New Property Expense', 'LLC Taxes']));
      for (const hidden of ['Manage Portal Users', 'Period Locks', 'Change Investor Fee']) expect(beaActions, hidden).not.toContain(hidden);
      expect((await menuTitles(bea, width)).sort()).toEqual([...beaActions].sort());
      await screenshot(bea, `staff-bookkeeper-admin-${width}`);
      const beaPage = new AdminPage(bea, env.app.base);
      await beaPage.openViewer('Delete Property Transaction', 'Select Property:', 'P', 'Income');
      await bea.getByTestId('txn-read-only').waitFor();
      expect(await bea.getByRole('button', { name: /^Void/ }).count()).toBe(0);
      expect(await bea.getByRole('button', { name: /^Correct/ }).count()).toBe(0);
      expect(await scrollingSideways(bea)).toEqual([]);
      await expectAccessible(bea);
      await screenshot(bea, `staff-bookkeeper-viewer-${width}`);

      // The auditor: lands on the back office, reads the granted LLC's reports only.
      const audrey = await registerAndSignIn(env.app, size, `audrey.${tag}`, auditorSecret);
      await audrey.waitForURL(`${env.app.base}/admin`);
      await audrey.getByRole('heading', { level: 1, name: 'Admin Page' }).waitFor();
      await expect.poll(() => options(audrey)).toContain('LLC Taxes');
      const audreyActions = await options(audrey);
      for (const hidden of ['Admin Summary', 'Add New Income', 'Manage Portal Users', 'Withdraw Funds', 'Audit Log', 'Period Locks']) {
        expect(audreyActions, hidden).not.toContain(hidden);
      }
      expect((await menuTitles(audrey, width)).sort()).toEqual([...audreyActions].sort());
      const audreyPage = new AdminPage(audrey, env.app.base);
      await audreyPage.chooseAction('LLC Taxes');
      await screenshot(audrey, `staff-auditor-admin-${width}`);
      expect(await pageWidth(audrey)).toBeLessThanOrEqual(size.width);
      await expectAccessible(audrey);
      // The auditor names only the LLC granted: the selector offers no other.
      expect(await audrey.getByLabel('Select LLC:').locator('option').allTextContents()).toEqual(['Select an LLC', MAPLE]);

      // Back in the admin's list: both registered, with their usernames; the admin ends the bookkeeper's access.
      await admin.open('Manage Portal Users');
      await expect.poll(() => list.innerText()).toContain(`audrey.${tag}`);
      await list.getByRole('button', { name: `End the access of Bea Keeper ${tag}` }).click();
      const dialog = admin.page.getByRole('dialog');
      expect(await dialog.innerText()).toContain('sessions and API tokens end at once');
      await dialog.getByRole('button', { name: 'End access' }).click();
      await admin.page.getByRole('status').filter({ hasText: `Bea Keeper ${tag}` }).waitFor();
      await expect.poll(() => list.innerText()).toContain('Access ended');
      await screenshot(admin.page, `staff-ended-${width}`);
    });
  }

  it("grants a login another investor record and removes it (Investor records of a login)", async () => {
    const admin = new AdminPage(await signedInWindow(env.browser, env.app, { options: { reducedMotion: 'reduce' } }), env.app.base);
    await admin.open('Manage Portal Users');
    const card = admin.page.getByRole('region', { name: 'Investor records of a login' });
    await card.getByLabel('Username of the login').fill('investor.a');
    await card.getByRole('button', { name: 'Show its records' }).click();
    await card.getByText('None: only its own investor record.').waitFor();
    await card.getByLabel('Grant another investor record (an IRA, a trust)').selectOption('B');
    await card.getByRole('button', { name: 'Grant', exact: true }).click();
    await card.getByRole('status').filter({ hasText: 'investor.a now holds B' }).waitFor();
    await card.getByRole('button', { name: 'Remove B from investor.a' }).waitFor();
    // Its own record is refused in the server's words, shown beside the form.
    await card.getByLabel('Grant another investor record (an IRA, a trust)').selectOption('A');
    await card.getByRole('button', { name: 'Grant', exact: true }).click();
    await card.getByRole('alert').filter({ hasText: 'own investor record' }).waitFor();
    await expectAccessible(admin.page);
    await card.scrollIntoViewIfNeeded();
    await screenshot(admin.page, 'staff-investor-access-desktop');
    await card.getByRole('button', { name: 'Remove B from investor.a' }).click();
    const dialog = admin.page.getByRole('dialog');
    expect(await dialog.innerText()).toContain('stops seeing it at once');
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await card.getByRole('status').filter({ hasText: 'no longer holds B' }).waitFor();
    await card.getByText('None: only its own investor record.').waitFor();
  });
});
