import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { base32Decode, codeAt, stepAt } from '../../src/server/domain/totp.js';
import {
  DESKTOP, expectAccessible, launchBrowser, PHONE, screenshot, serveWebApp, WEB_ROOT, type TestBrowser, type WebApp,
} from '../support/browser.js';
import { LoginPage } from '../support/pages/login-page.js';
import { pageWidth, textCutOff } from '../support/screen-checks.js';
import { ADMIN, createInvestorWithLogin, startTestApp } from '../support/test-app.js';

/** Two-factor sign-in in Chromium: enrolment with a QR code drawn in the page, then the code step. */
describe('two-factor sign-in in Chromium', () => {
  let browser: TestBrowser;
  /** Each test's own portal, on books of its own: no test reads what another one did. */
  let app: WebApp | undefined;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async () => {
    await browser?.closeWindows();
    await app?.close();
    app = undefined;
  });
  afterAll(() => browser?.close());

  const startPortal = async () => {
    app = await serveWebApp(await startTestApp('pglite', { ADMIN_MFA: 'required' }, { webRoot: WEB_ROOT }));
    return app;
  };
  const codeFor = (secret: string, offset: number) => codeAt(base32Decode(secret)!, stepAt(new Date()) + offset);

  /** The admin enrolled through the API, as the first test does in the browser: the secret and the code it spent. */
  async function enrolAdmin(portal: WebApp): Promise<{ secret: string; enrolmentCode: string }> {
    const post = async (url: string, payload: object) => {
      const res = await portal.app.inject({ method: 'POST', url, payload });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      return res.json() as Record<string, string>;
    };
    const { setup_token } = await post('/auth/login', { username: ADMIN.username, password: ADMIN.password });
    const { secret } = await post('/auth/totp/setup', { setup_token: setup_token! });
    const enrolmentCode = codeFor(secret!, 0);
    await post('/auth/totp/confirm', { setup_token: setup_token!, code: enrolmentCode });
    return { secret: secret!, enrolmentCode };
  }

  it('takes an admin through enrolment: QR code and key on the page, then a code signs in', async () => {
    const app = await startPortal();
    const login = await new LoginPage(await browser.newWindow(PHONE), app.base).open();
    const requests: string[] = [];
    login.page.on('request', (r) => requests.push(r.url()));
    await login.submit(ADMIN.username, ADMIN.password);
    await login.page.getByRole('heading', { name: 'Set up two-factor sign-in' }).waitFor();
    await login.page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = (await login.page.getByTestId('totp-secret').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    // The QR code is drawn in the page: nothing goes to another host.
    expect(requests.filter((u) => !u.startsWith(app.base))).toEqual([]);
    await expectAccessible(login.page);
    await screenshot(login.page, 'login-totp-setup-phone');
    await login.page.getByLabel('6-digit code').fill(codeFor(secret, 0));
    await login.page.getByRole('button', { name: 'VERIFY' }).click();
    // The recovery codes come before the portal: shown once, to keep.
    const codes = login.page.getByTestId('recovery-codes').getByRole('listitem');
    await expect.poll(() => codes.count()).toBe(10);
    expect(await codes.first().textContent()).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
    expect(await pageWidth(login.page)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(login.page);
    await screenshot(login.page, 'login-recovery-codes-phone');
    await login.page.getByRole('button', { name: 'I have kept my codes' }).click();
    await login.page.waitForURL(app.base + '/investor');
    expect(await login.token()).toMatch(/^ey/);
  });

  it('asks an enrolled admin for the code after the password, and shows a refused code in words', async () => {
    const app = await startPortal();
    const { secret, enrolmentCode } = await enrolAdmin(app);
    const login = await new LoginPage(await browser.newWindow(), app.base).open();
    await login.submit(ADMIN.username, ADMIN.password);
    await login.page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
    await login.page.getByLabel('6-digit code').fill(enrolmentCode); // spent at enrolment
    await login.page.getByRole('button', { name: 'VERIFY' }).click();
    await login.page.getByRole('alert').filter({ hasText: 'already used' }).waitFor();
    await screenshot(login.page, 'login-totp-code-desktop');
    await login.page.getByLabel('6-digit code').fill(codeFor(secret, 1)); // the next step's code (one step of drift is allowed)
    await login.page.getByRole('button', { name: 'VERIFY' }).click();
    await login.page.waitForURL(app.base + '/investor');
  });

  it('lets an investor enrol from the Account page; the next sign-in asks for a code', async () => {
    const app = await startPortal();
    const ivy = await createInvestorWithLogin(app, 'Ivy Enrol');
    const login = await new LoginPage(await browser.newWindow(DESKTOP, { reducedMotion: 'reduce' }), app.base).open();
    const { page } = login;
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await login.signIn(ivy.username, ivy.password);
    await page.getByRole('link', { name: 'Account' }).click();
    await page.getByRole('heading', { level: 1, name: 'Account' }).waitFor();
    const card = page.getByRole('region', { name: 'Two-factor sign-in' });
    await expect.poll(() => card.getByTestId('two-factor-status').textContent()).toBe('Off');
    await expectAccessible(page);
    await screenshot(page, 'account-two-factor-off-desktop');

    await card.getByRole('button', { name: 'Set up' }).click();
    await card.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = (await card.getByTestId('totp-secret').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const ivyCode = (offset: number) => codeAt(base32Decode(secret)!, stepAt(new Date()) + offset);
    // The code field has the focus: the next thing to do is type the code.
    expect(await card.getByLabel('6-digit code').evaluate((el) => el === document.activeElement)).toBe(true);
    expect(requests.filter((u) => !u.startsWith(app.base))).toEqual([]);
    await expectAccessible(page);
    await screenshot(page, 'account-two-factor-setup-desktop');
    await page.setViewportSize(PHONE);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    expect(await textCutOff(page)).toEqual([]);
    await screenshot(page, 'account-two-factor-setup-phone');

    // A code of the wrong shape is marked by the form; a wrong code is refused in words, and the session stays.
    await card.getByLabel('6-digit code').fill('12');
    await card.getByRole('button', { name: 'Turn on' }).click();
    await card.getByText('Code must be the 6 digits your authenticator app shows.').waitFor();
    const valid = new Set([-1, 0, 1].map(ivyCode));
    await card.getByLabel('6-digit code').fill(['000000', '111111', '222222', '333333'].find((c) => !valid.has(c))!);
    await card.getByRole('button', { name: 'Turn on' }).click();
    await card.getByRole('alert').filter({ hasText: 'The code is not right, or it was already used.' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/account');

    const enrolCode = ivyCode(0);
    await card.getByLabel('6-digit code').fill(enrolCode);
    await card.getByRole('button', { name: 'Turn on' }).click();
    await card.getByRole('status').filter({ hasText: 'Two-factor sign-in is on. Your next sign-in asks for a code.' }).waitFor();
    await expect.poll(() => card.getByTestId('two-factor-status').textContent()).toBe('On');
    const recoveryCodes = await card.getByTestId('recovery-codes').getByRole('listitem').allTextContents();
    expect(recoveryCodes).toHaveLength(10);
    await expect.poll(() => card.getByTestId('recovery-codes-left').textContent()).toBe('10 recovery codes left.');
    expect(await card.getByRole('button', { name: 'Set up' }).count()).toBe(0);
    await expectAccessible(page);
    await screenshot(page, 'account-two-factor-on-phone');
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'account-two-factor-on-desktop');

    // Signed out, the next sign-in asks for the code; the one spent on enrolling is refused, the next works.
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(app.base + '/');
    await login.submit(ivy.username, ivy.password);
    await page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
    await page.getByLabel('6-digit code').fill(enrolCode);
    await page.getByRole('button', { name: 'VERIFY' }).click();
    await page.getByRole('alert').filter({ hasText: 'already used' }).waitFor();
    await page.getByLabel('6-digit code').fill(ivyCode(1));
    await page.getByRole('button', { name: 'VERIFY' }).click();
    await page.waitForURL(app.base + '/investor');
    await page.getByRole('heading', { level: 1, name: 'Ivy Enrol' }).waitFor();
    expect(await login.token()).toMatch(/^ey/);

    // The phone is lost: a recovery code signs in instead, once.
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(app.base + '/');
    await login.submit(ivy.username, ivy.password);
    await page.getByRole('button', { name: 'Lost your phone? Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCodes[0]!.toUpperCase());
    await expectAccessible(page);
    await screenshot(page, 'login-recovery-code-desktop');
    await page.getByRole('button', { name: 'VERIFY' }).click();
    await page.waitForURL(app.base + '/investor');

    // On the Account page: one code fewer, and two-factor sign-in turned off with a recovery code.
    await page.getByRole('link', { name: 'Account' }).click();
    await expect.poll(() => card.getByTestId('recovery-codes-left').textContent()).toBe('9 recovery codes left.');
    await card.getByRole('button', { name: 'Turn off' }).click();
    await card.getByLabel('6-digit code from your app, or a recovery code').fill(recoveryCodes[0]!);
    await card.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
    await card.getByRole('alert').filter({ hasText: 'The recovery code is not right, or it was already used.' }).waitFor();
    await screenshot(page, 'account-two-factor-turn-off-desktop');
    const dialogs: string[] = [];
    page.on('dialog', (d) => { dialogs.push(d.message()); void d.accept(); });
    await card.getByLabel('6-digit code from your app, or a recovery code').fill(recoveryCodes[1]!);
    await card.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
    await expect.poll(() => card.getByTestId('two-factor-status').textContent()).toBe('Off');
    expect(dialogs).toEqual(['Two-factor sign-in is off. Your next sign-in asks only for your password.']);
  });
});
