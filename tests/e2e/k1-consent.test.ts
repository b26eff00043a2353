import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, expectAccessible, PHONE, screenshot, signedInWindow } from '../support/browser.js';
import { mapleLogin } from '../support/maple-books.js';
import { mapleInBrowser } from '../support/maple-in-browser.js';
import { pageWidth } from '../support/screen-checks.js';

/** A row of one of the K-1s screen's tables, found by its first cell (on a phone each row is a small card). */
const rowOf = (page: Page, table: string, name: string): Locator =>
  page.getByRole('region', { name: table, exact: true }).locator('tbody tr')
    .filter({ has: page.locator('td:first-child').getByText(name, { exact: true }) });

/** The text of the CSV a button downloads. */
async function downloadedText(page: Page, button: string): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), page.getByRole('button', { name: button }).click()]);
  return readFile((await file.path())!, 'utf8');
}

/**
 * Electronic K-1 delivery consent in Chromium: an investor reads the disclosures on the Account page,
 * consents and sees it recorded, then withdraws it; the admin's K-1s screen follows each step: Electronic
 * while the consent stands, Paper (with the reason) once it is withdrawn.
 */
describe('K-1 delivery consent in Chromium', () => {
  const env = mapleInBrowser({ logins: true });

  it('records an investor’s consent and its withdrawal, and the admin sees Paper for them after', async () => {
    const investor = await signedInWindow(env.browser, env.app, { login: mapleLogin('B'), viewport: PHONE });
    await investor.goto(`${env.app.base}/account#k1-consent`);
    const card = investor.getByRole('region', { name: 'Electronic K-1 delivery' });
    const state = card.getByTestId('k1-consent-state');
    await expect.poll(() => state.textContent()).toBe('You have not consented: your K-1s come on paper.');
    // The disclosures come before the choice, and the button waits for the box to be ticked.
    expect(await card.getByRole('list', { name: 'What you consent to' }).getByRole('listitem').count()).toBeGreaterThan(0);
    const give = card.getByRole('button', { name: 'Consent to electronic K-1s' });
    expect(await give.isDisabled()).toBe(true);
    await card.getByRole('checkbox').check();
    await give.click();
    await card.getByRole('status').filter({ hasText: 'Consent recorded: your K-1s will be delivered in the portal.' }).waitFor();
    await expect.poll(() => state.textContent()).toMatch(/^You consented to get your K-1s electronically on /);
    expect(await pageWidth(investor)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(investor);
    await screenshot(investor, 'account-k1-consent-390');

    // The admin sees the consent: B's K-1 goes out electronically.
    const admin = await signedInWindow(env.browser, env.app, { viewport: DESKTOP });
    await admin.goto(`${env.app.base}/admin?action=k-1s`);
    await expect.poll(() => rowOf(admin, 'K-1 status', 'B').textContent()).toContain('Electronic');
    expect(await rowOf(admin, 'Electronic delivery consent', 'B').textContent()).toContain('Consented since');
    expect(await rowOf(admin, 'Electronic delivery consent', 'A').textContent()).toContain('Never');

    // Withdrawn: recorded on the Account page, and B is on paper again.
    await card.getByRole('button', { name: 'Withdraw consent' }).click();
    await card.getByRole('status').filter({ hasText: 'Consent withdrawn: K-1s not yet furnished will come on paper.' }).waitFor();
    await expect.poll(() => state.textContent()).toMatch(/^You withdrew your consent on .*: your K-1s come on paper\.$/);
    const rows = await env.app.testDb.db.query<{ withdrawn: boolean }>('SELECT withdrawn_at IS NOT NULL AS withdrawn FROM k1_consent');
    expect(rows).toEqual([{ withdrawn: true }]);

    await admin.reload();
    const b = rowOf(admin, 'K-1 status', 'B');
    await expect.poll(() => b.textContent()).toContain('Paper');
    expect(await b.textContent()).not.toContain('Electronic');
    expect(await admin.getByTestId('k1-paper-note').textContent()).toContain('mail them a paper copy');
    expect(await rowOf(admin, 'Electronic delivery consent', 'B').textContent()).toContain('Withdrawn');
    // Both tables download as CSV, with the rows shown.
    const statusCsv = await downloadedText(admin, 'Download CSV of K-1 status');
    expect(statusCsv.split('\r\n')[0]).toBe('\uFEFFMember,Tax ID,Status,Uploaded,Downloaded,Version,Delivery');
    expect(statusCsv).toContain('\r\nB,none on file,missing,,,,paper\r\n');
    expect(await downloadedText(admin, 'Download CSV of Electronic delivery consent')).toMatch(/\r\nB,withdrawn,[^\r]*,none on file\r\n/);
    expect(await pageWidth(admin)).toBeLessThanOrEqual(DESKTOP.width);
    await expectAccessible(admin);
    await screenshot(admin, 'admin-k1s-consent-1280');

    // The same screen on a phone.
    const phone = await signedInWindow(env.browser, env.app, { viewport: PHONE });
    await phone.goto(`${env.app.base}/admin?action=k-1s`);
    await expect.poll(() => rowOf(phone, 'K-1 status', 'B').textContent()).toContain('Paper');
    expect(await pageWidth(phone)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(phone);
    await screenshot(phone, 'admin-k1s-consent-390');
  }, 180_000);
});
