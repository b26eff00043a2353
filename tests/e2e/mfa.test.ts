import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { base32Decode, codeAt, stepAt } from '../../src/server/domain/totp.js';
import { expectAccessible, launchBrowser, PHONE, screenshot, serveWebApp, WEB_ROOT, type TestBrowser, type WebApp } from '../support/browser.js';
import { LoginPage } from '../support/pages/login-page.js';
import { ADMIN, startTestApp } from '../support/test-app.js';

/** Two-factor sign-in in Chromium (issue 11 item 1): enrolment with a QR code drawn in the page, then the code step. */
describe('two-factor sign-in in Chromium', () => {
  let app: WebApp;
  let browser: TestBrowser;
  let secret = '';

  beforeAll(async () => {
    app = await serveWebApp(await startTestApp('pglite', { ADMIN_MFA: 'required' }, { webRoot: WEB_ROOT }));
    browser = await launchBrowser();
  });
  afterEach(() => browser?.closeWindows());
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const code = (offset: number) => codeAt(base32Decode(secret)!, stepAt(new Date()) + offset);

  it('takes an admin through enrolment: QR code and key on the page, then a code signs in', async () => {
    const login = await new LoginPage(await browser.newWindow(PHONE), app.base).open();
    const requests: string[] = [];
    login.page.on('request', (r) => requests.push(r.url()));
    await login.submit(ADMIN.username, ADMIN.password);
    await login.page.getByRole('heading', { name: 'Set up two-factor sign-in' }).waitFor();
    await login.page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    secret = (await login.page.getByTestId('totp-secret').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    // The QR code is drawn in the page: nothing goes to another host.
    expect(requests.filter((u) => !u.startsWith(app.base))).toEqual([]);
    await expectAccessible(login.page);
    await screenshot(login.page, 'login-totp-setup-phone');
    await login.page.getByLabel('6-digit code').fill(code(0));
    await login.page.getByRole('button', { name: 'VERIFY' }).click();
    await login.page.waitForURL(app.base + '/investor');
    expect(await login.token()).toMatch(/^ey/);
  });

  it('asks an enrolled admin for the code after the password, and shows a refused code in words', async () => {
    const login = await new LoginPage(await browser.newWindow(), app.base).open();
    await login.submit(ADMIN.username, ADMIN.password);
    await login.page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
    await login.page.getByLabel('6-digit code').fill(code(0)); // spent at enrolment
    await login.page.getByRole('button', { name: 'VERIFY' }).click();
    await login.page.getByRole('alert').filter({ hasText: 'already used' }).waitFor();
    await screenshot(login.page, 'login-totp-code-desktop');
    await login.page.getByLabel('6-digit code').fill(code(1)); // the next step's code (one step of drift is allowed)
    await login.page.getByRole('button', { name: 'VERIFY' }).click();
    await login.page.waitForURL(app.base + '/investor');
  });
});
