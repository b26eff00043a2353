import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP, expectAccessible, launchBrowser, PHONE, screenshot, serveWebApp, signedInWindow, WEB_ROOT, type TestBrowser, type WebApp,
} from '../support/browser.js';
import { LoginPage } from '../support/pages/login-page.js';
import { pageWidth } from '../support/screen-checks.js';
import { addInvestor, bearer, startTestApp } from '../support/test-app.js';

/** E-mail notices in Chromium: the Account page's settings card and the admin's Outbox, at phone and desktop width. */
describe('e-mail notices in Chromium', () => {
  let browser: TestBrowser;
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

  /** A portal without SMTP_URL (the outbox only fills) and an investor with an e-mail address and a login. */
  async function portalWithAnn() {
    app = await serveWebApp(await startTestApp('pglite', { PORTAL_URL: 'https://portal.example.test/', PORTAL_NAME: 'Maple Investors' }, { webRoot: WEB_ROOT }));
    const { secret } = await addInvestor(app, { name: 'Ann Notice', email: 'ann@example.test', phone: '', address: '', fee_percentage: '0' });
    const ann = { username: 'ann', password: 'amber canyon whistle 77' };
    const res = await app.app.inject({ method: 'POST', url: '/auth/register', payload: { ...ann, secret } });
    expect(res.statusCode, res.body).toBe(201);
    return { app, ann, token: (res.json() as { access_token: string }).access_token };
  }

  for (const [size, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
    it(`lets an investor turn an optional notice off on the Account page, security ones shown always on (${size})`, async () => {
      const { app, ann } = await portalWithAnn();
      const page = await signedInWindow(browser, app, { login: ann, viewport });
      await page.goto(`${app.base}/account#notices`);
      const card = page.getByRole('region', { name: 'E-mail notices' });
      await card.getByText('ann@example.test').waitFor();
      const password = card.getByRole('switch', { name: 'Your password was changed' });
      expect(await password.isChecked()).toBe(true);
      expect(await password.isDisabled()).toBe(true);
      const money = card.getByRole('switch', { name: 'Money was sent to you (a withdrawal was recorded)' });
      expect(await money.isChecked()).toBe(true);
      await money.click();
      await card.getByRole('status').filter({ hasText: 'Notice settings saved.' }).waitFor();
      await expect.poll(() => money.isChecked()).toBe(false);
      const rows = await app.testDb.db.query('SELECT event, enabled FROM notice_setting');
      expect(rows).toEqual([{ event: 'withdrawal_recorded', enabled: false }]);
      // The choice holds after a reload.
      await page.reload();
      await expect.poll(() => card.getByRole('switch', { name: 'Money was sent to you (a withdrawal was recorded)' }).isChecked()).toBe(false);
      expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
      await expectAccessible(page);
      await screenshot(page, `account-notices-${size}`);
    });

    it(`shows the admin the outbox, newest first, pending while no mail server is set (${size})`, async () => {
      const { app, ann, token } = await portalWithAnn();
      const changed = await app.app.inject({
        method: 'POST', url: '/auth/change_password', headers: bearer(token),
        payload: { current_password: ann.password, new_password: 'copper meadow violin 31' },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      const page = await signedInWindow(browser, app, { viewport });
      await page.goto(`${app.base}/admin?action=outbox`);
      await page.getByTestId('outbox-sending').filter({ hasText: 'SMTP_URL and MAIL_FROM are not set' }).waitFor();
      const notice = page.locator('[data-notice-id]').first();
      await notice.getByText('Maple Investors: your password was changed').waitFor();
      expect(await notice.getByText('pending', { exact: true }).count()).toBe(1);
      expect(await notice.getByText('To ann@example.test').count()).toBe(1);
      await notice.getByText('Text').click();
      await notice.getByText('https://portal.example.test/account').first().waitFor();
      expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
      await expectAccessible(page);
      await screenshot(page, `admin-outbox-${size}`);
    });
  }

  it('remembers the browser an investor signs in from: its device cookie makes the next sign-in no news', async () => {
    const { app, ann } = await portalWithAnn();
    const window = await browser.newWindow(PHONE);
    const login = await new LoginPage(window, app.base).open();
    await login.signIn(ann.username, ann.password);
    const cookies = await window.context().cookies();
    expect(cookies.map((c) => [c.name, c.path, c.httpOnly, c.sameSite])).toEqual([['portal_device', '/auth', true, 'Strict']]);
    // The registration (no browser) and this browser: two devices, one notice about the new one.
    const devices = async () => (await app.testDb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sign_in_device'))[0]!.n;
    const notices = async () => (await app.testDb.db.query<{ event: string }>('SELECT event FROM notice_outbox')).map((r) => r.event);
    expect(await devices()).toBe(2);
    expect(await notices()).toEqual(['new_device_sign_in']);
    // The same browser signs in again: the cookie goes with it, so nothing new.
    const again = await window.evaluate(async (who) => (await fetch('/auth/login', {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(who),
    })).status, ann);
    expect(again).toBe(200);
    expect(await devices()).toBe(2);
    expect(await notices()).toEqual(['new_device_sign_in']);
  });
});
