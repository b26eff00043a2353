import { describe, expect, it } from 'vitest';
import { DESKTOP, expectAccessible, PHONE, screenshot, signedInWindow } from '../support/browser.js';
import { mapleLogin } from '../support/maple-books.js';
import { mapleInBrowser } from '../support/maple-in-browser.js';
import { byLabel } from '../support/pages/admin-page.js';
import { InvestorPage } from '../support/pages/investor-page.js';
import { pageWidth } from '../support/screen-checks.js';

/** A day a month from now, as a date input holds it (the due date may not be before today). */
const inAMonth = () => new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

/**
 * Capital calls in Chromium, on the Maple books (P: A holds 75,000.00 and B 50,000.00 today): the admin
 * issues a call of 1,000.01 on P at 1280 px, sees the split previewed with its arithmetic, records part of
 * B's share as received, and B sees what is still outstanding on their page at 390 px.
 */
describe('capital calls in Chromium', () => {
  const env = mapleInBrowser({ logins: true });

  it('issues a call, records a receipt, and shows the investor the outstanding amount', async () => {
    const admin = await signedInWindow(env.browser, env.app, { viewport: DESKTOP });
    await admin.goto(`${env.app.base}/admin?action=capital-calls`);
    const form = admin.getByRole('form', { name: 'Issue a capital call' });
    await form.waitFor();

    await byLabel(form, 'Property').selectOption('P');
    await byLabel(form, 'Amount asked').fill('1000.01');
    await byLabel(form, 'Due date').fill(inAMonth());
    await byLabel(form, 'Purpose').fill('New boiler');
    await byLabel(form, 'How to pay').fill('Wire to the LLC account, reference BOILER.');
    // 1,000.01 × 75,000 ÷ 125,000 = 600.006 and × 50,000 ÷ 125,000 = 400.004: one cent left, to A's larger fraction.
    const preview = form.getByRole('region', { name: 'Preview of the split' });
    await expect.poll(() => preview.textContent()).toContain('A: $1,000.01 × $75,000.00 ÷ $125,000.00 = $600.01 (with a leftover cent)');
    expect(await preview.textContent()).toContain('B: $1,000.01 × $50,000.00 ÷ $125,000.00 = $400.00');
    await form.getByRole('button', { name: 'Issue the call' }).click();

    const receipt = admin.getByRole('form', { name: 'Record a receipt' });
    await receipt.waitFor();
    await byLabel(receipt, 'Investor').selectOption('B');
    await expect.poll(() => byLabel(receipt, 'Amount').inputValue()).toBe('400.00');
    await byLabel(receipt, 'Amount').fill('150');
    await receipt.getByRole('button', { name: 'Record receipt' }).click();
    await expect.poll(() => receipt.getByRole('status').textContent()).toBe('Receipt recorded as an investment: $250.00 still outstanding from B.');
    await expect.poll(() => admin.getByRole('region', { name: 'Who was asked' }).textContent()).toContain('$150.00');
    await expectAccessible(admin);
    await screenshot(admin, 'admin-capital-calls-1280');
    const [entry] = await env.app.testDb.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM ledger_entry WHERE kind = 'investment' AND description = 'Capital call: New boiler' AND amount_cents = 15000");
    expect(entry!.n).toBe(1);

    const investor = await InvestorPage.inNewWindow(env.browser, env.app, mapleLogin('B'), PHONE);
    const card = investor.page.getByRole('region', { name: 'Capital calls' });
    const call = card.getByRole('article', { name: 'P: New boiler' });
    await call.waitFor();
    await call.scrollIntoViewIfNeeded();
    expect(await call.getByTestId('call-outstanding').textContent()).toBe('$250.00');
    expect(await call.textContent()).toContain('Wire to the LLC account, reference BOILER.');
    expect(await pageWidth(investor.page)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(investor.page);
    await screenshot(investor.page, 'investor-capital-calls-390');

    const phoneAdmin = await signedInWindow(env.browser, env.app, { viewport: PHONE });
    await phoneAdmin.goto(`${env.app.base}/admin?action=capital-calls`);
    await phoneAdmin.getByRole('region', { name: 'Capital calls', exact: true }).getByText('New boiler').waitFor();
    expect(await pageWidth(phoneAdmin)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(phoneAdmin);
  }, 240_000);
});
