import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addInvestor, ADMIN, createInvestorWithLogin, startTestApp } from '../support/test-app.js';
import {
  collectDialogs, expectAccessible, launchBrowser, PHONE, screenshot, serveWebApp, WEB_ROOT, type TestBrowser, type WebApp,
} from '../support/browser.js';
import { LoginPage } from '../support/pages/login-page.js';
import { RegisterPage } from '../support/pages/register-page.js';

/** Sign-in, registration, sign-out and the navigation bar, in Chromium against the real server. */
describe('auth screens in Chromium', () => {
  let app: WebApp;
  let browser: TestBrowser;

  beforeAll(async () => {
    app = await serveWebApp(await startTestApp('pglite', { PORTAL_NAME: 'Maple Portal', PORTAL_LOGO: 'true' }, { webRoot: WEB_ROOT }));
    browser = await launchBrowser();
  });
  afterEach(() => browser?.closeWindows());
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  /** The login screen in a new window (its own storage: nobody is signed in). */
  const loginPage = async (viewport?: typeof PHONE) => new LoginPage(await browser.newWindow(viewport), app.base);
  const path = (page: Page) => new URL(page.url()).pathname;

  it('shows the login screen with the product name and logo, and is accessible', async () => {
    const login = await loginPage();
    await login.page.goto(app.base + '/');
    await expect.poll(() => login.heading.textContent()).toBe('Maple Portal');
    await expect.poll(() => login.logo.count()).toBe(1);
    await expect.poll(() => login.registerButton.isVisible()).toBe(true);
    expect(await login.password.getAttribute('type')).toBe('password');
    await expectAccessible(login.page);
    await screenshot(login.page, 'login-desktop');
    const phone = await (await loginPage(PHONE)).open();
    await screenshot(phone.page, 'login-phone');
  });

  it('signs the admin in, fades out and lands on /investor with the Admin link', async () => {
    const login = await (await loginPage()).open();
    const { page } = login;
    await login.submit(ADMIN.username, ADMIN.password);
    await expect.poll(() => page.locator('main.fade-out').count()).toBe(1);
    await page.waitForURL(app.base + '/investor');
    expect(await login.token()).toMatch(/^ey/);
    await page.getByRole('link', { name: 'Admin' }).waitFor();
    // An admin lands on the investors (this fresh portal has none yet), whose summaries they may open.
    await page.getByRole('heading', { level: 1, name: 'Investors' }).waitFor();
    await page.getByText('No investors yet.').waitFor();
    // The Investor Summary link is hidden on /investor…
    expect(await page.getByRole('link', { name: 'Investor Summary' }).count()).toBe(0);
    await screenshot(page, 'investor-admin-landing-empty-desktop');
    // …and on /admin the Admin link is hidden while Investor Summary shows.
    await page.getByRole('link', { name: 'Admin' }).click();
    await page.getByRole('heading', { name: 'Admin Page' }).waitFor();
    // Exactly "Admin": the admin page's own menu has an "Admin Summary" link.
    expect(await page.getByRole('link', { name: 'Admin', exact: true }).count()).toBe(0);
    await page.getByRole('link', { name: 'Investor Summary' }).waitFor();
    await expectAccessible(page);
  });

  it('alerts "Invalid credentials. Please try again." on a wrong password and stays on the screen', async () => {
    const login = await (await loginPage()).open();
    const dialogs = collectDialogs(login.page);
    await login.submit(ADMIN.username, 'definitely not the password');
    await expect.poll(() => dialogs).toEqual(['Invalid credentials. Please try again.']);
    await login.alert('Invalid credentials').waitFor();
    expect(path(login.page)).toBe('/');
    expect(await login.token()).toBeNull();
  });

  it('registers with a secret, says the account is ready and signs in as an investor without the Admin link', async () => {
    const { secret } = await addInvestor(app, { name: 'Nora Newman', email: '', phone: '', address: '', fee_percentage: '0' });
    const login = await (await loginPage()).open();
    const { page } = login;
    const dialogs = collectDialogs(page);
    await login.registerButton.click();
    await page.waitForURL(app.base + '/register');
    const register = new RegisterPage(page, app.base);
    await expect.poll(() => register.heading.textContent()).toBe('Welcome to Maple Portal');
    await expectAccessible(page);
    await screenshot(page, 'register-desktop');

    // A weak password first: the reason comes back from the server, in the alert and beside the form.
    await register.register({ username: 'nora', password: 'short', secret });
    await expect.poll(() => dialogs).toEqual(['Registration failed: Password must be at least 15 characters long.']);
    await register.alert('at least 15').waitFor();

    await register.password.fill('quiet orchard bicycle 8');
    await register.registerButton.click();
    // Signed in at once: the page says so and leads to the investor's own page.
    await page.getByRole('heading', { name: 'Your account is ready' }).waitFor();
    await page.getByText('You are signed in as nora.', { exact: false }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'register-ready-desktop');
    const levelAnswer = page.waitForResponse((r) => r.url().endsWith('/admin/get_admin_level'));
    await page.getByRole('button', { name: 'See my investments' }).click();
    await page.waitForURL(app.base + '/investor');
    expect(await (await levelAnswer).json()).toEqual({ admin_level: 0, role: 'investor' });
    await page.getByRole('button', { name: 'Sign Out' }).waitFor();
    expect(await page.getByRole('link', { name: 'Admin' }).count()).toBe(0);
  });

  it('alerts the server message when registration is refused', async () => {
    const register = await new RegisterPage(await browser.newWindow(), app.base).open();
    const dialogs = collectDialogs(register.page);
    await register.register({ username: 'mallory', password: 'quiet orchard bicycle 8', secret: 'made-up-secret' });
    await expect.poll(() => dialogs.length).toBe(1);
    expect(dialogs[0]).toMatch(/^Registration failed: The secret is not valid/);
  });

  it('shows who is signed in on /protected, and the login page there without a token', async () => {
    const login = await (await loginPage()).open('/protected');
    await login.signIn(ADMIN.username, ADMIN.password);
    await login.page.goto(app.base + '/protected');
    await expect.poll(() => login.page.getByTestId('logged-in-as').textContent()).toBe('Logged in as admin');
    await login.page.getByRole('link', { name: 'Open the admin page' }).waitFor();
    await expectAccessible(login.page);
    await screenshot(login.page, 'protected-desktop');
    await login.page.setViewportSize(PHONE);
    await screenshot(login.page, 'protected-phone');
  });

  it('changes the password from the Account screen: fields marked, then done, the other session ended', async () => {
    const who = await createInvestorWithLogin(app, 'Casey Account');
    const login = await loginPage(PHONE);
    await login.open();
    await login.signIn(who.username, who.password);
    const { page } = login;
    await page.getByRole('link', { name: 'Account' }).click();
    await page.getByRole('heading', { name: 'Change password' }).waitFor();
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => page.locator('input[aria-invalid="true"]').count()).toBe(3);
    await page.getByLabel('Current password').fill('wrong words entirely 12');
    await page.getByLabel('New password', { exact: true }).fill('harbor violet reading 31');
    await page.getByLabel('New password, again').fill('harbor violet reading 31');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByRole('alert').filter({ hasText: 'The current password is not right.' }).waitFor();
    await page.getByLabel('Current password').fill(who.password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByRole('status').filter({ hasText: 'Password changed successfully' }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'account-phone');
    expect((await app.app.inject({ method: 'GET', url: '/auth/protected', headers: { authorization: `Bearer ${who.token}` } })).statusCode).toBe(401);
  });

  it('sends visitors without a token from /investor and /admin to /', async () => {
    const login = await loginPage();
    for (const to of ['/investor', '/investor/Someone', '/admin']) {
      await login.page.goto(app.base + to);
      await login.page.waitForURL(app.base + '/');
      await login.signInButton.waitFor();
    }
  });

  it('signs out: the token leaves the browser and dies on the server', async () => {
    const login = await loginPage();
    await login.signIn(ADMIN.username, ADMIN.password);
    const token = await login.token();
    await login.page.getByRole('button', { name: 'Sign Out' }).click();
    await login.page.waitForURL(app.base + '/');
    expect(await login.token()).toBeNull();
    const replay = await login.page.evaluate(
      async (tok) => (await fetch('/auth/protected', { headers: { authorization: `Bearer ${tok}` } })).status,
      token,
    );
    expect(replay).toBe(401);
  });

  it('sends a user whose session ended to / at the next call', async () => {
    const investor = await createInvestorWithLogin(app, 'Ended Eve');
    const login = await loginPage();
    await login.signIn(investor.username, investor.password);
    await app.services.users.resetPassword(investor.username, investor.password); // ends every session
    // Whichever call meets the ended session first (this page's or a late one of the last page) sends the user to /.
    await login.page.goto(app.base + '/investor');
    await login.page.waitForURL(app.base + '/');
    expect(await login.token()).toBeNull();
  });
});
