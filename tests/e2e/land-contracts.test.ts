import { copyFileSync, mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, expectAccessible, PHONE, screenshot, SCREENSHOT_DIR, SCREENSHOTS, signedInWindow } from '../support/browser.js';
import { mapleInBrowser } from '../support/maple-in-browser.js';
import { pdfText } from '../support/read-pdf.js';
import { pageWidth, textCutOff } from '../support/screen-checks.js';
import { inviteStaffLogin } from '../support/staff-logins.js';
import { ADMIN, seedAs, signIn } from '../support/test-app.js';

const LLC = 'Maple Holdings LLC';
const LOT = 'Elm Lot';

/** A screenshot for people to look at (SCREENSHOTS=1), kept under /tmp/shots-lc too. */
async function shot(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  if (!SCREENSHOTS) return;
  mkdirSync('/tmp/shots-lc', { recursive: true });
  copyFileSync(path.join(SCREENSHOT_DIR, `${name}.png`), `/tmp/shots-lc/${name}.png`);
}

/** Nothing wider than the window, no figure cut off, no serious accessibility fault. */
async function fits(page: Page, width: number): Promise<void> {
  expect(await pageWidth(page)).toBeLessThanOrEqual(width);
  expect(await textCutOff(page)).toEqual([]);
  await expectAccessible(page);
}

/** Clicks `click` and answers the file the browser saved, with its suggested name. */
async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), click()]);
  return { name: file.suggestedFilename(), bytes: await readFile((await file.path())!) };
}

/** The status words of the schedule's rows shown, in order. */
const statuses = (page: Page) => page.getByRole('region', { name: 'Schedule', exact: true }).locator('tbody tr td:nth-child(2)').allTextContents();

/**
 * Land Contracts in Chromium, the server's clock on June 5th 2026. Elm Lot sold on January 1st 2026 for
 * $20,000.00, $2,000.00 down, 7.5 %, $500.00 a month from February 1st, 10 grace days. Its schedule (interest:
 * the balance × 750 ÷ 120000 per month, to the cent):
 *   0 down payment 01/01 2,000.00                              balance 18,000.00
 *   1 02/01 500.00: interest 1,800,000 × 750 / 120000 = 112.50  principal 387.50  balance 17,612.50
 *   2 03/01 500.00: interest 1,761,250 × 750 / 120000 = 110.08  principal 389.92  balance 17,222.58
 *   3 04/01 500.00: interest 1,722,258 × 750 / 120000 = 107.64  principal 392.36  balance 16,830.22
 *   4 05/01, 5 06/01, 6 07/01 …
 * Paid: 2,000.00 on 01/01 and 500.00 on 02/01 (on time), 500.00 on 03/20 (after 03/11: Late), 300.00 on
 * 04/05 (Short by 200.00), nothing for 05/01 (Missing); 06/01 is still within its grace days (Due (open));
 * 07/01 on are Upcoming. Past due: 200.00 + 500.00 = 700.00.
 * The payments received, split by whole months since the previous one: 02/01 112.50 interest; 03/20 110.08;
 * 04/05 107.64 of 300.00, principal 192.36, balance 17,222.58 − 192.36 = 17,030.22.
 * Payoff on 08/20/2026: 4 whole months since 04/05 (August − April): 1,703,022 × 750 × 4 / 120000 =
 * 42,575.55 → 425.76 of interest; total 17,030.22 + 425.76 = 17,455.98.
 */
describe('land contracts in Chromium', () => {
  const env = mapleInBrowser({ recordings: false, at: new Date('2026-06-05T15:00:00Z') });

  it('shows the schedule with statuses in words, a payoff quote and its letter, records a federal rate and keeps the terms typed when refused', async () => {
    const post = seedAs(env.app, await signIn(env.app.app, ADMIN.username, ADMIN.password));
    await post('/admin/add_investment_property', {
      property_name: LOT, address: '3 Elm Road, Springfield, IL', purchase_date: '2019-05-01', purchase_price: '12000.00', land_value: '12000.00',
      property_value: '20000.00', llc: LLC, property_type: 'land_contract', lc_sale_date: '2026-01-01', lc_sale_price: '20000.00',
      lc_down_payment: '2000.00', lc_adjusted_basis: '12000.00', lc_rate_bps: 750, lc_installment: '500.00', lc_first_due_date: '2026-02-01',
      lc_grace_days: 10, lc_buyer_name: 'Dana Buyer', lc_buyer_address: '9 Birch Lane, Springfield, IL',
    });
    // A land contract whose terms are not recorded yet.
    await post('/admin/add_investment_property', {
      property_name: 'Birch Acre', address: '4 Birch Road, Springfield, IL', purchase_date: '2019-05-01', purchase_price: '8000.00', land_value: '8000.00',
      property_value: '9000.00', llc: LLC, property_type: 'land_contract',
    });
    for (const [date, amount] of [['2026-01-01', '2000.00'], ['2026-02-01', '500.00'], ['2026-03-20', '500.00'], ['2026-04-05', '300.00']]) {
      await post('/admin/record_lc_payment', { payment_date: date, property_name: LOT, description: `Payment of ${date}`, amount });
    }

    const admin = await signedInWindow(env.browser, env.app, { viewport: DESKTOP });
    await admin.goto(`${env.app.base}/admin?action=land-contracts`);
    const selector = admin.getByLabel('Land contract', { exact: true });
    await selector.locator('option', { hasText: 'Birch Acre · No terms recorded' }).waitFor({ state: 'attached' });
    expect(await selector.locator('option', { hasText: LOT }).textContent()).toBe(`${LOT} · balance $17,030.22 · past due $700.00`);

    // Without terms: said so, and the form to record them.
    await selector.selectOption('Birch Acre');
    await admin.getByText('No terms recorded', { exact: true }).waitFor();
    await admin.getByRole('form', { name: 'Terms of Birch Acre' }).waitFor();
    expect(await admin.getByLabel('Grace days').inputValue()).toBe('10');

    await selector.selectOption(LOT);
    const totals = admin.getByTestId('lc-totals');
    await totals.getByText('$17,030.22').waitFor();
    const totalsText = await totals.textContent();
    for (const words of ['Paid to date$3,300.00', 'Due to date$4,500.00', 'Past due$700.00', 'Next due06/01/2026: $500.00']) expect(totalsText).toContain(words);
    // Rows due up to June 5th (the down payment and 5 installments) and the next 12.
    expect((await statuses(admin)).slice(0, 8)).toEqual(['Paid', 'Paid', 'Late', 'Short', 'Missing', 'Due (open)', 'Upcoming', 'Upcoming']);
    expect(await statuses(admin)).toHaveLength(6 + 12);
    const row3 = admin.getByRole('region', { name: 'Schedule', exact: true }).locator('tbody tr').nth(3);
    expect(await row3.textContent()).toContain('$107.64');
    const payments = admin.getByRole('region', { name: 'Payments received' }).locator('tbody tr');
    expect(await payments.count()).toBe(4);
    expect(await payments.nth(3).textContent()).toContain('$17,030.22');

    const showAll = admin.getByRole('button', { name: /^Show all \d+$/ });
    const all = Number((await showAll.textContent())!.replace('Show all ', ''));
    expect(all).toBeGreaterThan(18);
    await showAll.click();
    await expect.poll(() => statuses(admin).then((s) => s.length)).toBe(all);
    await admin.getByRole('button', { name: 'Show fewer' }).click();

    // The payoff quote on August 20th, and its letter.
    await admin.getByLabel('Payoff date').fill('2026-08-20');
    await admin.getByTestId('lc-payoff-total').filter({ hasText: '$17,455.98' }).waitFor();
    await admin.getByText('Interest (4 months at 7.50%)').waitFor();
    const letter = await downloaded(admin, () => admin.getByRole('button', { name: 'Download payoff letter (PDF)' }).click());
    expect(letter.name).toMatch(/\.pdf$/);
    expect(letter.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await pdfText(letter.bytes)).toContain('17,455.98');
    await fits(admin, DESKTOP.width);
    await shot(admin, 'lc-schedule-1280');

    // A federal rate recorded through the form shows in the list.
    const rateForm = admin.getByRole('form', { name: 'Record a federal rate' });
    await rateForm.getByLabel('Month').fill('2026-01');
    await rateForm.getByLabel('Term').selectOption('mid');
    await rateForm.getByLabel('Rate (%)').fill('4.67');
    await rateForm.getByRole('button', { name: 'Record the rate' }).click();
    await rateForm.getByRole('status').waitFor();
    const rates = admin.getByRole('region', { name: 'Rates recorded' });
    await rates.locator('tbody tr').filter({ hasText: '4.67%' }).waitFor();
    expect(await rates.locator('tbody tr').first().textContent()).toContain('01/2026');
    expect(await rates.locator('tbody tr').first().textContent()).toContain('Mid-term');

    // An installment that does not cover a month's interest (112.50 on 18,000.00 at 7.5 %): the server's words by the button, the values kept.
    await admin.getByRole('button', { name: 'Change terms' }).click();
    const terms = admin.getByRole('form', { name: `Terms of ${LOT}` });
    expect(await terms.getByLabel('Interest rate (%)').inputValue()).toBe('7.5');
    await terms.getByLabel('Monthly installment (optional)').fill('100.00');
    await terms.getByLabel('Buyer’s name (optional)').fill('Dana and Lee Buyer');
    await terms.getByRole('button', { name: 'Save the terms' }).click();
    const refusal = terms.getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain("does not cover a month's interest ($112.50)");
    expect(await terms.getByLabel('Monthly installment (optional)').inputValue()).toBe('100.00');
    expect(await terms.getByLabel('Buyer’s name (optional)').inputValue()).toBe('Dana and Lee Buyer');
    expect(await terms.getByLabel('Interest rate (%)').inputValue()).toBe('7.5');
    await fits(admin, DESKTOP.width);
    await shot(admin, 'lc-refused-1280');

    // On a phone: the same screen, tables as cards, nothing wider than the window.
    const phone = await signedInWindow(env.browser, env.app, { viewport: PHONE });
    await phone.goto(`${env.app.base}/admin?action=land-contracts&property=${encodeURIComponent(LOT)}`);
    await phone.getByTestId('lc-totals').getByText('$17,030.22').waitFor();
    expect((await statuses(phone)).slice(0, 6)).toEqual(['Paid', 'Paid', 'Late', 'Short', 'Missing', 'Due (open)']);
    await fits(phone, PHONE.width);
    await shot(phone, 'lc-schedule-390');

    // Property Details: the seller's card of the contract, with the way to the screen.
    await phone.goto(`${env.app.base}/admin?action=property-details`);
    await phone.getByLabel('Select Property:').selectOption(LOT);
    const seller = phone.getByTestId('lc-seller-card');
    await seller.getByText('$17,030.22').waitFor();
    // Interest received: 112.50 + 110.08 + 107.64 = 330.22; principal: 2,000.00 + 387.50 + 389.92 + 192.36 = 2,969.78.
    expect(await seller.textContent()).toContain('Interest received$330.22');
    expect(await seller.textContent()).toContain('Principal received$2,969.78');
    await fits(phone, PHONE.width);
    await shot(phone, 'lc-property-details-390');
    await seller.getByRole('link', { name: 'Open it in Land Contracts' }).click();
    await phone.getByTestId('lc-totals').getByText('$17,030.22').waitFor();

    // A bookkeeper reads the screen and downloads its letters, without the forms that change terms or rates (the server refuses them anyway).
    const adminToken = await signIn(env.app.app, ADMIN.username, ADMIN.password);
    const login = await inviteStaffLogin(env.app, adminToken, { name: 'Bea Keeper', role: 'bookkeeper', username: 'bea.keeper' });
    const keeper = await signedInWindow(env.browser, env.app, { viewport: PHONE, login });
    await keeper.goto(`${env.app.base}/admin?action=land-contracts&property=${encodeURIComponent(LOT)}`);
    await keeper.getByTestId('lc-totals').getByText('$17,030.22').waitFor();
    await keeper.getByRole('region', { name: 'Rates recorded' }).locator('tbody tr').filter({ hasText: '4.67%' }).waitFor();
    expect(await keeper.getByRole('button', { name: 'Change terms' }).count()).toBe(0);
    expect(await keeper.getByRole('form', { name: 'Record a federal rate' }).count()).toBe(0);
    expect(await keeper.getByRole('button', { name: 'Download payoff letter (PDF)' }).count()).toBe(1);
    await fits(keeper, PHONE.width);
  }, 240_000);
});
