import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, expectAccessible, PHONE, screenshot, signedInWindow } from '../support/browser.js';
import { mapleLogin } from '../support/maple-books.js';
import { mapleInBrowser } from '../support/maple-in-browser.js';
import { InvestorPage } from '../support/pages/investor-page.js';
import { RegisterPage } from '../support/pages/register-page.js';
import { pageWidth } from '../support/screen-checks.js';
import { bearer, signIn } from '../support/test-app.js';

/** The Account page's Delegates card and its rows (name, status, what they see). */
const delegatesCard = (page: Page) => page.getByRole('region', { name: 'Delegates', exact: true });
const delegateRow = (page: Page, name: string) => delegatesCard(page).getByTestId('delegate-row').filter({ hasText: name });

/**
 * An investor's delegate in Chromium (issue 29, items 3 and 7), at a phone's width and a desktop's: investor A
 * invites a delegate on the Account page and gets the one-time secret; the delegate registers with it at
 * /register, signs in, lands on A's page with the banner saying whose figures they read, and their Account
 * page has no bank details, K-1 consent or delegates; A revokes them, and the delegate's next load says they
 * may not read it. The Maple books as of 2024-12-31 (A's active investments $75,000.00).
 */
describe('delegates in Chromium', () => {
  const env = mapleInBrowser({ logins: true, at: new Date('2024-12-31T18:00:00Z') });

  for (const [width, viewport, who] of [[390, PHONE, 'Dana Phone'], [1280, DESKTOP, 'Dana Desk']] as const) {
    it(`at ${width} px: invite, register, read A's page with the banner, revoke, refused`, async () => {
      const delegateLogin = { username: who.toLowerCase().replace(' ', '.'), password: 'copper meadow signal 58' };

      // A invites a delegate who sees figures and documents; no e-mail, so the secret is shown once.
      const investor = await signedInWindow(env.browser, env.app, { login: mapleLogin('A'), viewport });
      await investor.goto(`${env.app.base}/account#delegates`);
      const card = delegatesCard(investor);
      await card.getByRole('button', { name: 'Invite a delegate' }).click();
      const form = card.getByRole('form', { name: 'Invite a delegate' });
      // Neither figures nor documents: the form's own rule refuses it before anything is sent.
      await form.getByLabel(/^Figures/).uncheck();
      await form.getByLabel(/^Documents/).uncheck();
      await form.getByLabel('Name').fill(who);
      await form.getByRole('button', { name: 'Invite' }).click();
      await form.getByText('A delegate must be allowed to see figures, documents or both.').waitFor();
      await form.getByLabel(/^Figures/).check();
      await form.getByLabel(/^Documents/).check();
      await expect.poll(() => form.getByText('A delegate must be allowed to see figures, documents or both.').count()).toBe(0);
      await form.getByRole('button', { name: 'Invite' }).click();
      const invited = card.getByTestId('delegate-invited');
      await invited.waitFor();
      expect(await invited.textContent()).toContain(`Give ${who} this one-time secret. They register with it at ${env.app.base}/register`);
      const secret = (await card.getByTestId('delegate-secret').textContent())!.trim();
      expect(secret.length).toBeGreaterThan(20);
      await expect.poll(() => delegateRow(investor, who).textContent()).toContain('Invited');
      expect(await delegateRow(investor, who).textContent()).toContain('Figures and documents');
      expect(await pageWidth(investor)).toBeLessThanOrEqual(width);
      await expectAccessible(investor);
      await screenshot(investor, `delegates-account-invited-${width}`);

      // The delegate registers with the secret and signs in: A's page, saying so at the top.
      const delegatePage = await env.browser.newWindow(viewport);
      const register = await new RegisterPage(delegatePage, env.app.base).open();
      await register.register({ ...delegateLogin, secret });
      // Registration signs in at once; the delegate signs in again as they will next time, and lands on A's page.
      await delegatePage.getByRole('status').filter({ hasText: 'Your account is ready' }).waitFor();
      const delegate = await InvestorPage.signIn(delegatePage, env.app.base, delegateLogin);
      const banner = delegatePage.getByTestId('delegate-banner');
      await expect.poll(() => banner.textContent()).toBe(
        "You are reading A's figures and documents as their delegate. You can read, not change anything.");
      await expect.poll(() => delegate.heading.textContent()).toBe('A');
      await expect.poll(() => delegate.figureOf('Active Investments')).toBe('$75,000.00');
      expect(await delegate.figureOf('Total Income')).toBe('$10,042.50');
      await delegatePage.getByRole('heading', { name: 'Documents', exact: true }).waitFor();
      expect(await delegatePage.getByRole('link', { name: 'Admin' }).count()).toBe(0);
      expect(await pageWidth(delegatePage)).toBeLessThanOrEqual(width);
      await expectAccessible(delegatePage);
      await screenshot(delegatePage, `delegates-delegate-page-${width}`);

      // The delegate's Account page: their password and two-factor sign-in, nothing of A's.
      await delegatePage.goto(`${env.app.base}/account`);
      await delegatePage.getByRole('heading', { name: 'Change password' }).waitFor();
      await delegatePage.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
      for (const card of ['Delegates', 'Electronic K-1 delivery', 'Bank account for distributions', 'E-mail notices']) {
        expect(await delegatePage.getByRole('heading', { name: card, exact: true }).count()).toBe(0);
      }
      await screenshot(delegatePage, `delegates-delegate-account-${width}`);

      // A sees them active, and revokes them after confirming.
      await investor.reload();
      const row = delegateRow(investor, who);
      await expect.poll(() => row.textContent()).toContain('Active');
      expect(await row.textContent()).toContain(`signs in as ${delegateLogin.username}`);
      await row.getByRole('button', { name: `Revoke ${who}` }).click();
      const dialog = investor.getByRole('dialog', { name: `Revoke ${who}?` });
      expect(await dialog.textContent()).toContain(`${who} can no longer read your page, from now on.`);
      await screenshot(investor, `delegates-revoke-dialog-${width}`, { fullPage: false });
      await dialog.getByRole('button', { name: 'Revoke' }).click();
      await card.getByRole('status').filter({ hasText: `Delegate access ended: ${who} can no longer read your page.` }).waitFor();
      await expect.poll(() => row.textContent()).toContain('Revoked');
      expect(await row.getByRole('button').count()).toBe(0);

      // The delegate's next load: refused, in words.
      await delegate.open();
      const refused = delegatePage.getByTestId('no-access');
      await refused.waitFor();
      expect(await refused.textContent()).toContain("You may not read any investor's page now");
      expect(await delegatePage.getByText('$75,000.00').count()).toBe(0);
      await expectAccessible(delegatePage);
      await screenshot(delegatePage, `delegates-delegate-refused-${width}`);
    });
  }

  it('shows a delegate who may see documents only the documents, and says why', async () => {
    const a = await signIn(env.app.app, mapleLogin('A').username, mapleLogin('A').password);
    const invite = await env.app.app.inject({
      method: 'POST', url: '/api/invite_delegate', headers: bearer(a),
      payload: { name: 'Paper Pat', can_see_figures: false, can_see_documents: true },
    });
    expect(invite.statusCode).toBe(201);
    const login = { username: 'paper.pat', password: 'copper meadow signal 58' };
    const registered = await env.app.app.inject({
      method: 'POST', url: '/auth/register', payload: { ...login, secret: (invite.json() as { registration_secret: string }).registration_secret },
    });
    expect(registered.statusCode).toBe(201);

    const delegate = await InvestorPage.inNewWindow(env.browser, env.app, login, PHONE);
    const { page } = delegate;
    await expect.poll(() => page.getByTestId('delegate-banner').textContent())
      .toBe("You are reading A's documents as their delegate. You can read, not change anything.");
    await expect.poll(() => page.getByTestId('documents-only').textContent())
      .toBe('A shares their documents with you, not their figures: only the documents show here.');
    await page.getByRole('heading', { name: 'Documents', exact: true, level: 2 }).waitFor();
    expect(await delegate.heading.textContent()).toBe('A');
    expect(await page.getByRole('heading', { name: 'Active Investments' }).count()).toBe(0);
    expect(await page.getByText('$75,000.00').count()).toBe(0);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page);
    await screenshot(page, 'delegates-documents-only-390');
  });

  it("lets an administrator invite and revoke a delegate for an investor from that investor's page", async () => {
    const admin = await signedInWindow(env.browser, env.app, { viewport: DESKTOP });
    await admin.goto(`${env.app.base}/investor/A`);
    await admin.getByRole('button', { name: 'Delegates of A' }).click();
    const card = delegatesCard(admin);
    await card.getByRole('button', { name: 'Invite a delegate' }).click();
    const form = card.getByRole('form', { name: 'Invite a delegate' });
    await form.getByLabel('Name').fill('Advisor Ann');
    await form.getByLabel(/^Documents/).uncheck();
    await form.getByRole('button', { name: 'Invite' }).click();
    await card.getByTestId('delegate-secret').waitFor();
    expect(await card.textContent()).toContain('People A lets read their page.');
    const row = delegateRow(admin, 'Advisor Ann');
    await expect.poll(() => row.textContent()).toContain('Invited');
    expect(await row.textContent()).toContain('Figures only');
    expect(await row.textContent()).toContain('not registered yet');
    await expectAccessible(admin);
    await screenshot(admin, 'delegates-admin-investor-page-1280');

    await row.getByRole('button', { name: 'Revoke Advisor Ann' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Revoke Advisor Ann?' });
    expect(await dialog.textContent()).toContain('The invitation is cancelled: its secret no longer registers.');
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await expect.poll(() => row.textContent()).toContain('Revoked');
  });
});
