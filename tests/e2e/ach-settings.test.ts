import { describe, expect, it } from 'vitest';
import { collectDialogs, DESKTOP, expectAccessible, PHONE, screenshot, signedInWindow } from '../support/browser.js';
import { mapleInBrowser } from '../support/maple-in-browser.js';
import { pageWidth } from '../support/screen-checks.js';

/** The group's ACH details card on Manage LLCs, in Chromium at desktop and phone width. */
describe('ACH details in Chromium', () => {
  const env = mapleInBrowser();

  it('saves the ACH details, keeps them in the fields, and refuses a mistyped routing number in words', async () => {
    const admin = await signedInWindow(env.browser, env.app, { viewport: DESKTOP });
    const dialogs = collectDialogs(admin);
    await admin.goto(`${env.app.base}/admin?action=manage-llcs`);
    const card = admin.getByRole('region', { name: 'ACH details for distribution payments' });
    await card.getByText(/^Not set yet: a distribution run cannot make its NACHA file/).waitFor();

    await card.getByLabel('Company name').fill('Maple Investors');
    await card.getByLabel('Company ID').fill('1123456789');
    await card.getByLabel('Originating routing number').fill('021000022');
    await card.getByLabel('Destination routing number').fill('021000021');
    await card.getByLabel('Destination bank name').fill('JPMorgan Chase');
    await card.getByLabel('Origin name').fill('Maple Investors LLC');
    await card.getByRole('button', { name: 'Save ACH details' }).click();
    await card.getByText(/Originating routing must be a 9-digit ABA routing number/).first().waitFor();
    expect(await env.app.testDb.db.query('SELECT 1 FROM ach_settings')).toEqual([]);

    await card.getByLabel('Originating routing number').fill('021000021');
    await card.getByRole('button', { name: 'Save ACH details' }).click();
    await expect.poll(() => dialogs).toContain('ACH details saved.');
    await card.getByText(/^A distribution run's NACHA file carries these details\. Last changed /).waitFor();
    // The saved details stay in the fields, to read and change again.
    await expect.poll(() => card.getByLabel('Company name').inputValue()).toBe('Maple Investors');
    expect(await card.getByLabel('Origin name').inputValue()).toBe('Maple Investors LLC');
    expect(await env.app.testDb.db.query('SELECT company_name, originating_routing FROM ach_settings'))
      .toEqual([{ company_name: 'Maple Investors', originating_routing: '021000021' }]);
    expect(await pageWidth(admin)).toBeLessThanOrEqual(DESKTOP.width);
    await expectAccessible(admin);
    await screenshot(admin, 'admin-ach-settings-1280');

    const phone = await signedInWindow(env.browser, env.app, { viewport: PHONE });
    await phone.goto(`${env.app.base}/admin?action=manage-llcs`);
    const small = phone.getByRole('region', { name: 'ACH details for distribution payments' });
    await expect.poll(() => small.getByLabel('Destination bank name').inputValue()).toBe('JPMorgan Chase');
    expect(await pageWidth(phone)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(phone);
    await screenshot(phone, 'admin-ach-settings-390');
  }, 180_000);
});
