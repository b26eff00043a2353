import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP, expectAccessible, launchBrowser, PHONE, screenshot, serveWebApp, signedInWindow, WEB_ROOT, type TestBrowser, type WebApp,
} from '../support/browser.js';
import { pageWidth } from '../support/screen-checks.js';
import { bearer, createInvestorWithLogin, startTestApp } from '../support/test-app.js';

const tokensCard = (page: Page) => page.getByRole('region', { name: 'API tokens', exact: true });
const tokenRow = (page: Page, name: string) => tokensCard(page).getByTestId('api-token-row').filter({ hasText: name });

/**
 * Personal API tokens on the Account page in Chromium (issue 29 item 5), at a phone's width and a desktop's:
 * the form refuses a bad number of days in its own words; a token is made, shown once in a read-only field
 * and copied; it reads the API; it is listed without itself; revoked after the confirmation, it is refused.
 */
describe('API tokens in Chromium', () => {
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

  for (const [width, viewport] of [[390, PHONE], [1280, DESKTOP]] as const) {
    it(`at ${width} px: create a token, see it once, use it, revoke it`, async () => {
      app = await serveWebApp(await startTestApp('pglite', {}, { webRoot: WEB_ROOT }));
      const pat = await createInvestorWithLogin(app, 'Pat Token');
      const page = await signedInWindow(browser, app, {
        login: pat, viewport, options: { permissions: ['clipboard-read', 'clipboard-write'] },
      });
      await page.goto(`${app.base}/account#api-tokens`);
      const card = tokensCard(page);
      await card.getByTestId('no-api-tokens').waitFor();
      const form = card.getByRole('form', { name: 'New API token' });
      // The defaults: 90 days, read-only.
      expect(await form.getByLabel('Expires in (days)').inputValue()).toBe('90');
      expect(await form.getByLabel('Read-only').isChecked()).toBe(true);

      // The form's own check, in the table's words, before anything is sent.
      await form.getByLabel('Name').fill('Spreadsheet import');
      await form.getByLabel('Expires in (days)').fill('0');
      await form.getByRole('button', { name: 'Create token' }).click();
      await form.getByText('Expires in must be at least 1 day.').waitFor();
      await form.getByLabel('Expires in (days)').fill('30');
      await form.getByRole('button', { name: 'Create token' }).click();

      const made = card.getByTestId('api-token-made');
      await made.getByText('Copy it now: it is shown only once.').waitFor();
      const field = made.getByLabel('The new API token');
      const token = await field.inputValue();
      expect(token).toMatch(/^ipt_[A-Za-z0-9_-]{43}$/);
      expect(await field.getAttribute('readonly')).not.toBeNull();
      await made.getByRole('button', { name: 'Copy' }).click();
      await made.getByText('Copied.').waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
      await expect.poll(() => tokenRow(page, 'Spreadsheet import').textContent()).toContain('Active');
      const row = (await tokenRow(page, 'Spreadsheet import').textContent())!;
      expect(row).toContain('Read-only');
      expect(row).toContain('never used');
      expect(row).not.toContain(token);
      expect(await form.getByLabel('Name').inputValue()).toBe(''); // the form emptied for the next one
      expect(await pageWidth(page)).toBeLessThanOrEqual(width);
      await expectAccessible(page);
      await screenshot(page, `api-tokens-made-${width}`);

      // The token reads the API as Pat.
      const read = await app.app.inject({ method: 'GET', url: '/api/investor_summary', headers: bearer(token) });
      expect(read.statusCode).toBe(200);
      expect(read.json().investor_name).toBe('Pat Token');

      // Shown once: after a reload, the list names it and the token is nowhere on the page.
      await page.reload();
      await expect.poll(() => tokenRow(page, 'Spreadsheet import').textContent()).toContain('last used');
      expect(await card.getByTestId('api-token-made').count()).toBe(0);
      expect(await page.content()).not.toContain(token);

      // Revoke, after the confirmation; cancelling first changes nothing.
      await tokenRow(page, 'Spreadsheet import').getByRole('button', { name: 'Revoke Spreadsheet import' }).click();
      const dialog = page.getByRole('dialog', { name: 'Revoke “Spreadsheet import”?' });
      await dialog.getByText('It stops working at once').waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect.poll(() => dialog.isVisible()).toBe(false);
      expect((await app.app.inject({ method: 'GET', url: '/api/investor_summary', headers: bearer(token) })).statusCode).toBe(200);
      await tokenRow(page, 'Spreadsheet import').getByRole('button', { name: 'Revoke Spreadsheet import' }).click();
      await dialog.getByRole('button', { name: 'Revoke' }).click();
      await card.getByText('Token revoked: “Spreadsheet import” no longer works.').waitFor();
      await expect.poll(() => tokenRow(page, 'Spreadsheet import').textContent()).toContain('Revoked');
      expect(await tokenRow(page, 'Spreadsheet import').getByRole('button', { name: /Revoke/ }).count()).toBe(0);
      expect((await app.app.inject({ method: 'GET', url: '/api/investor_summary', headers: bearer(token) })).statusCode).toBe(401);
      expect(await pageWidth(page)).toBeLessThanOrEqual(width);
      await expectAccessible(page);
      await screenshot(page, `api-tokens-revoked-${width}`);
    });
  }
});
