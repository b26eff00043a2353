import { describe, expect, it } from 'vitest';
import { DESKTOP, expectAccessible, PHONE, screenshot, signedInWindow } from '../support/browser.js';
import { mapleInBrowser } from '../support/maple-in-browser.js';
import { byLabel } from '../support/pages/admin-page.js';
import { pageWidth } from '../support/screen-checks.js';

/**
 * The Distributions screen in Chromium on the Maple books (A may take 4,042.50 in cash, B 3,700.00, C
 * 19,102.50): an admin drafts a 50 % run, changes B's line, approves it, and sees it approved; the same
 * screen fits a phone.
 */
describe('distribution runs in Chromium', () => {
  const env = mapleInBrowser();
  const ledgerCount = async () => (await env.app.testDb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM ledger_entry'))[0]!.n;

  it('drafts a 50 % run, changes a line, approves it at 1280 px, and shows the approved run at 390 px', async () => {
    const admin = await signedInWindow(env.browser, env.app, { viewport: DESKTOP });
    await admin.goto(`${env.app.base}/admin?action=distributions`);
    const form = admin.getByRole('form', { name: 'Draft a distribution run' });
    await form.waitFor();

    // A percent run without its percent: refused in words, nothing drafted.
    await form.getByLabel('A percent of it').check();
    await form.getByRole('button', { name: 'Draft the run' }).click();
    await expect.poll(() => form.getByRole('alert').textContent()).toContain('Percent is required');

    await byLabel(form, 'Percent').fill('50');
    await byLabel(form, 'Memo (the withdrawals’ description)').fill('Q4 distribution');
    await form.getByRole('button', { name: 'Draft the run' }).click();
    const lines = admin.getByRole('region', { name: /^Lines of run \d+$/ });
    await lines.waitFor();
    expect(await lines.getByLabel('Amount for A').inputValue()).toBe('2021.25');
    expect(await lines.getByLabel('Amount for C').inputValue()).toBe('9551.25');
    await lines.getByText('50 % of 3,700.00 = 1,850.00.').waitFor();
    const before = await ledgerCount();

    // Above B's cash available: refused on the page before anything is sent.
    await lines.getByLabel('Amount for B').fill('3700.01');
    await lines.getByRole('button', { name: 'Save' }).click();
    await lines.getByText("At most $3,700.00, B's cash available.").waitFor();
    await lines.getByLabel('Amount for B').fill('1000');
    await lines.getByRole('button', { name: 'Save' }).click();
    await lines.getByText('50 % of 3,700.00 = 1,850.00. Changed by hand to 1,000.00.').waitFor();
    await expectAccessible(admin);
    await screenshot(admin, 'admin-distributions-draft-1280');

    await admin.getByRole('button', { name: 'Approve', exact: true }).click();
    const dialog = admin.getByRole('dialog', { name: 'Approve the distribution' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Pay $12,572.50 to 3 investors');
    await dialog.getByRole('button', { name: 'Approve and record' }).click();
    await admin.getByRole('status').filter({ hasText: 'Distribution run approved: 3 cash withdrawals recorded.' }).waitFor();
    await admin.getByText('Approved', { exact: true }).first().waitFor();
    expect(await ledgerCount()).toBe(before + 3);
    const [paid] = await env.app.testDb.db.query<{ cents: number }>(
      "SELECT sum(amount_cents)::int AS cents FROM ledger_entry WHERE kind = 'cash_withdrawal' AND description = 'Q4 distribution'");
    expect(paid!.cents).toBe(1257250); // 2,021.25 + 1,000.00 + 9,551.25
    await admin.getByRole('button', { name: 'Checks to write (CSV)' }).waitFor();

    await admin.setViewportSize(PHONE);
    await admin.getByRole('region', { name: /^Lines of run \d+$/ }).waitFor();
    expect(await pageWidth(admin)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(admin);
    await screenshot(admin, 'admin-distributions-approved-390');
  }, 180_000);
});
