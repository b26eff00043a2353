import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { DEFAULT_WEB_ROOT } from '../../src/server/app.js';
import { ADMIN, createInvestorWithLogin, startTestApp, type TestApp } from '../support/test-app.js';
import { collectDialogs, DESKTOP, expectAccessible, launchBrowser, PHONE, screenshot, submitLogin } from '../support/browser.js';

/** Sign-in, registration, sign-out and the navigation bar, in Chromium against the real server. */
describe('auth screens in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    t = await startTestApp('pglite', { PORTAL_NAME: 'Maple Portal', PORTAL_LOGO: 'true' }, { webRoot: DEFAULT_WEB_ROOT });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    // Browser tests run in real time: the test clock must follow the wall clock for token expiry.
    t.clock.set(new Date());
    setInterval(() => t.clock.set(new Date()), 200).unref();
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const fresh = async (viewport = DESKTOP) => {
    await context?.close();
    context = await browser.newContext({ viewport });
    page = await context.newPage();
    return page;
  };

  const signInAs = async (username: string, password: string) => {
    await submitLogin(page, base, username, password);
  };

  it('shows the login screen with the product name and logo, and is accessible', async () => {
    await fresh();
    await page.goto(base + '/');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Maple Portal');
    await expect.poll(() => page.locator('h1 img[src="/logo.png"]').count()).toBe(1);
    await expect.poll(() => page.getByRole('button', { name: 'REGISTER' }).isVisible()).toBe(true);
    expect(await page.getByLabel('Password').getAttribute('type')).toBe('password');
    await expectAccessible(page);
    await screenshot(page, 'login-desktop');
    await fresh(PHONE);
    await page.goto(base + '/');
    await page.getByRole('button', { name: 'SIGN IN' }).waitFor();
    await screenshot(page, 'login-phone');
  });

  it('signs the admin in, fades out and lands on /investor with the Admin link', async () => {
    await fresh();
    await signInAs(ADMIN.username, ADMIN.password);
    await expect.poll(() => page.locator('main.fade-out').count()).toBe(1);
    await page.waitForURL(base + '/investor');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/^ey/);
    await page.getByRole('link', { name: 'Admin' }).waitFor();
    // An admin without an investor of their own picks whose summary to open.
    await page.getByRole('heading', { name: 'Choose an investor' }).waitFor();
    // The Investor Summary link is hidden on /investor…
    expect(await page.getByRole('link', { name: 'Investor Summary' }).count()).toBe(0);
    await screenshot(page, 'investor-placeholder-desktop');
    // …and on /admin the Admin link is hidden while Investor Summary shows.
    await page.getByRole('link', { name: 'Admin' }).click();
    await page.getByRole('heading', { name: 'Admin Page' }).waitFor();
    expect(await page.getByRole('link', { name: 'Admin' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Investor Summary' }).waitFor();
    await expectAccessible(page);
  });

  it('alerts "Invalid credentials. Please try again." on a wrong password and stays on the screen', async () => {
    await fresh();
    const dialogs = collectDialogs(page);
    await signInAs(ADMIN.username, 'definitely not the password');
    await expect.poll(() => dialogs).toEqual(['Invalid credentials. Please try again.']);
    await page.getByRole('alert').filter({ hasText: 'Invalid credentials' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  it('registers with a secret, returns to /, then signs in as an investor without the Admin link', async () => {
    const { secret } = await t.services.investors.addInvestor(
      { name: 'Nora Newman', email: '', phone: '', address: '', fee_percentage: '0' },
      { userId: null, ip: null },
    );
    await fresh();
    const dialogs = collectDialogs(page);
    await page.goto(base + '/');
    await page.getByRole('button', { name: 'REGISTER' }).click();
    await page.waitForURL(base + '/register');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Welcome to Maple Portal');
    await expectAccessible(page);
    await screenshot(page, 'register-desktop');

    // A weak password first: the reason comes back from the server, in the alert and beside the form.
    await page.getByLabel('Username').fill('nora');
    await page.getByLabel('Password').fill('short');
    await page.getByLabel('Secret').fill(secret);
    await page.getByRole('button', { name: 'REGISTER' }).click();
    await expect.poll(() => dialogs).toEqual(['Registration failed: Password must be at least 15 characters long.']);
    await page.getByRole('alert').filter({ hasText: 'at least 15' }).waitFor();

    await page.getByLabel('Password').fill('quiet orchard bicycle 8');
    await page.getByRole('button', { name: 'REGISTER' }).click();
    await page.waitForURL(base + '/');
    const levelAnswer = page.waitForResponse((r) => r.url().endsWith('/admin/get_admin_level'));
    await signInAs('nora', 'quiet orchard bicycle 8');
    await page.waitForURL(base + '/investor');
    expect(await (await levelAnswer).json()).toEqual({ admin_level: 0 });
    await page.getByRole('button', { name: 'Sign Out' }).waitFor();
    expect(await page.getByRole('link', { name: 'Admin' }).count()).toBe(0);
  });

  it('alerts the server message when registration is refused', async () => {
    await fresh();
    const dialogs = collectDialogs(page);
    await page.goto(base + '/register');
    await page.getByLabel('Username').fill('mallory');
    await page.getByLabel('Password').fill('quiet orchard bicycle 8');
    await page.getByLabel('Secret').fill('made-up-secret');
    await page.getByRole('button', { name: 'REGISTER' }).click();
    await expect.poll(() => dialogs.length).toBe(1);
    expect(dialogs[0]).toMatch(/^Registration failed: The secret is not valid/);
  });

  it('shows who is signed in on /protected, and the login page there without a token', async () => {
    await fresh();
    await page.goto(base + '/protected');
    await page.getByRole('button', { name: 'SIGN IN' }).waitFor();
    await signInAs(ADMIN.username, ADMIN.password);
    await page.waitForURL(base + '/investor');
    await page.goto(base + '/protected');
    await expect.poll(() => page.getByTestId('logged-in-as').textContent()).toBe('Logged in as admin');
  });

  it('sends visitors without a token from /investor and /admin to /', async () => {
    await fresh();
    for (const path of ['/investor', '/investor/Someone', '/admin']) {
      await page.goto(base + path);
      await page.waitForURL(base + '/');
      await page.getByRole('button', { name: 'SIGN IN' }).waitFor();
    }
  });

  it('signs out: the token leaves the browser and dies on the server', async () => {
    await fresh();
    await signInAs(ADMIN.username, ADMIN.password);
    await page.waitForURL(base + '/investor');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(base + '/');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    const replay = await page.evaluate(
      async (tok) => (await fetch('/auth/protected', { headers: { authorization: `Bearer ${tok}` } })).status,
      token,
    );
    expect(replay).toBe(401);
  });

  it('sends a user whose session ended to / at the next call', async () => {
    const investor = await createInvestorWithLogin(t, 'Ended Eve');
    await fresh();
    await signInAs(investor.username, investor.password);
    await page.waitForURL(base + '/investor');
    await t.services.users.resetPassword(investor.username, investor.password); // ends every session
    // Whichever call meets the ended session first (this page's or a late one of the last page) sends the user to /.
    await page.goto(base + '/investor');
    await page.waitForURL(base + '/');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });
});
