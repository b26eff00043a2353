import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, expectAccessible, PHONE, screenshot, SCREENSHOT_DIR, SCREENSHOTS, signedInWindow } from '../support/browser.js';
import { mapleInBrowser } from '../support/maple-in-browser.js';
import { pageWidth, textCutOff } from '../support/screen-checks.js';
import { ADMIN, seedAs, signIn } from '../support/test-app.js';

const LLC = 'Maple Holdings LLC';
const OFX = path.resolve('tests/fixtures/bank/ofx2-checking.ofx');

/** A screenshot for people to look at (SCREENSHOTS=1), kept under /tmp/shots too. */
async function shot(page: Page, name: string): Promise<void> {
  await screenshot(page, name);
  if (!SCREENSHOTS) return;
  mkdirSync('/tmp/shots', { recursive: true });
  copyFileSync(path.join(SCREENSHOT_DIR, `${name}.png`), `/tmp/shots/${name}.png`);
}

/** Nothing wider than the window, no figure cut off, no serious accessibility fault. */
async function fits(page: Page, width: number): Promise<void> {
  expect(await pageWidth(page)).toBeLessThanOrEqual(width);
  expect(await textCutOff(page)).toEqual([]);
  await expectAccessible(page);
}

const line = (page: Page, n: number) => page.locator(`[data-testid="bank-line"][data-line="${n}"]`);

/**
 * Bank Import in Chromium on the Maple books: an OFX statement read into a preview (counts, statuses in
 * words, a possible duplicate naming the entry already recorded), choices spread to the same payee,
 * applied in bulk and remembered as a rule; recorded, listed, read again as already imported, and undone.
 * Then a CSV whose columns the portal cannot guess: mapped beside its first rows, and read again.
 */
describe('bank statement import in Chromium', () => {
  const env = mapleInBrowser();

  it('previews an OFX statement, records the checked lines, finds them imported the second time, and undoes the import', async () => {
    const post = seedAs(env.app, await signIn(env.app.app, ADMIN.username, ADMIN.password));
    // Paint bought once and recorded by hand: the statement's first HOME DEPOT line may repeat it.
    await post('/admin/record_property_expense', { expense_date: '2026-03-08', expense_for_month: '2026-03', property_name: 'P',
      description: 'Paint – Unit 2', amount: '42.18', expense_category: 'Repairs', payer: 'admin' });

    const admin = await signedInWindow(env.browser, env.app, { viewport: DESKTOP });
    await admin.goto(`${env.app.base}/admin?action=bank-import`);
    // The LLC is the only one: chosen already. An account serving P, so each line proposes P.
    const accountForm = admin.getByRole('form', { name: 'Add a bank account' });
    await accountForm.getByLabel('Account name').fill('Operating');
    await accountForm.getByLabel('Last four digits').fill('7788');
    await accountForm.getByLabel('P', { exact: true }).check();
    await accountForm.getByRole('button', { name: 'Add the account' }).click();
    await admin.getByRole('status').filter({ hasText: 'Bank account added.' }).waitFor();
    await admin.getByLabel('Bank account (optional)').selectOption('Operating');

    await admin.getByLabel('Statement file').setInputFiles(OFX);
    await admin.getByRole('button', { name: 'Read the statement' }).click();
    await admin.getByRole('status').filter({ hasText: 'Statement read' }).waitFor();
    expect(await admin.getByTestId('bank-counts').textContent()).toContain('5 new · 0 already imported · 1 possible duplicate');
    // The possible duplicate names the entry already recorded, and waits unchecked; the new lines are checked.
    expect(await line(admin, 2).getByTestId('bank-line-notes').textContent()).toContain('Recorded 03/08/2026: Paint – Unit 2, $42.18');
    expect(await line(admin, 2).getByText('Possible duplicate').count()).toBe(1);
    expect(await admin.getByLabel('Record line 2').isChecked()).toBe(false);
    for (const n of [1, 3, 4, 5, 6]) expect(await admin.getByLabel(`Record line ${n}`).isChecked(), `line ${n}`).toBe(true);
    // Money in offers the money-in kinds only.
    expect(await admin.getByLabel('Records for line 1').locator('option').allTextContents()).not.toContain('Property expense');

    // A choice on one HOME DEPOT line goes to the other, untouched one; it may be kept as a rule.
    await admin.getByLabel('Category for line 3').selectOption('Repairs');
    expect(await admin.getByLabel('Category for line 2').inputValue()).toBe('Repairs');
    await line(admin, 3).getByLabel('Remember for “HOME DEPOT #1234”').check();

    // Bulk: none, two lines by hand, one category on both; then every new line again.
    await admin.getByRole('button', { name: 'Select none' }).click();
    await admin.getByRole('button', { name: 'Record 0 lines' }).waitFor();
    await admin.getByLabel('Record line 4').check();
    await admin.getByLabel('Record line 5').check();
    const bulk = admin.getByRole('group', { name: 'Apply to selected' });
    await bulk.getByLabel('Category for the checked lines').selectOption('Utilities');
    await bulk.getByRole('button', { name: 'Apply to 2 checked' }).click();
    await bulk.getByText('Applied to 2 lines.').waitFor();
    expect(await admin.getByLabel('Category for line 5').inputValue()).toBe('Utilities');
    await admin.getByRole('button', { name: 'Select all new' }).click();
    await fits(admin, DESKTOP.width);
    await shot(admin, 'bank-preview-1280');

    await admin.getByRole('button', { name: 'Record 5 lines' }).click();
    await admin.getByRole('status').filter({ hasText: 'Recorded 5 lines, skipped 1. 1 rule kept.' }).waitFor();
    const recorded = admin.getByRole('list', { name: 'Lines of import 1' });
    await recorded.waitFor();
    expect(await recorded.getByTestId('bank-import-line').filter({ hasText: 'Skipped' }).count()).toBe(1);
    await recorded.getByText(/Recorded as Property expense, entry \d+/).first().waitFor();
    const imports = admin.getByRole('region', { name: 'Imports' });
    await expect.poll(() => imports.locator('tbody tr').first().textContent()).toContain('Recorded');
    expect(await imports.locator('tbody tr').first().textContent()).toContain('5 / 1');
    await admin.getByTestId('bank-rule').filter({ hasText: 'HOME DEPOT' }).waitFor();
    await fits(admin, DESKTOP.width);
    await shot(admin, 'bank-recorded-1280');

    // On a phone: the same statement again finds the recorded lines already imported, then the import is undone.
    const phone = await signedInWindow(env.browser, env.app, { viewport: PHONE });
    await phone.goto(`${env.app.base}/admin?action=bank-import`);
    await phone.getByLabel('Bank account (optional)').selectOption('Operating');
    await phone.getByLabel('Statement file').setInputFiles(OFX);
    await phone.getByRole('button', { name: 'Read the statement' }).click();
    await phone.getByRole('status').filter({ hasText: 'Statement read' }).waitFor();
    expect(await phone.getByTestId('bank-counts').textContent()).toContain('0 new · 6 already imported');
    expect(await phone.getByLabel('Record line 1').isChecked()).toBe(false);
    expect(await line(phone, 1).getByTestId('bank-line-notes').textContent()).toMatch(/import/i);
    await fits(phone, PHONE.width);
    await shot(phone, 'bank-again-390');

    await phone.getByRole('button', { name: 'Undo import 1' }).click();
    const dialog = phone.getByRole('dialog', { name: 'Undo the import' });
    expect(await dialog.textContent()).toContain('The 5 entries it recorded will be voided');
    await dialog.getByRole('button', { name: 'Undo import' }).click();
    await phone.getByRole('status').filter({ hasText: 'Import undone: 5 entries voided.' }).waitFor();
    await expect.poll(() => phone.getByRole('region', { name: 'Imports' }).locator('tbody tr').filter({ hasText: 'ofx2-checking.ofx' }).last().textContent())
      .toContain('Undone');
    await fits(phone, PHONE.width);
    await shot(phone, 'bank-undone-390');
  }, 240_000);

  it('maps the columns of a CSV the portal cannot guess, reads it again, and keeps the choices when the server refuses a line', async () => {
    const csv = ['Booked On,Who,Sum,Our Ref', '15/03/2026,CORNER HARDWARE,-12.50,R-1', '18/03/2026,TENANT DEPOSIT J DOE,900.00,R-2',
      '20/03/2026,CORNER HARDWARE,-7.25,R-3', ''].join('\r\n');
    // The books are closed through March 15th: the first line cannot be recorded.
    const post = seedAs(env.app, await signIn(env.app.app, ADMIN.username, ADMIN.password));
    await post('/admin/set_period_lock', { llc_name: LLC, closed_through: '2026-03-15' });
    const admin = await signedInWindow(env.browser, env.app, { viewport: PHONE });
    await admin.goto(`${env.app.base}/admin?action=bank-import`);
    await admin.getByLabel('Statement file').setInputFiles({ name: 'odd-bank.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await admin.getByRole('button', { name: 'Read the statement' }).click();
    const mapping = admin.getByRole('form', { name: 'Map the columns' });
    await mapping.waitFor();
    // The first rows, as the file has them, beside the selects.
    await mapping.getByRole('region', { name: 'First rows of the file' }).getByText('CORNER HARDWARE').first().waitFor();
    await fits(admin, PHONE.width);
    await shot(admin, 'bank-mapping-390');

    await mapping.getByLabel('Date column', { exact: true }).selectOption('Booked On');
    await mapping.getByLabel('Date format', { exact: true }).selectOption('DD/MM/YYYY');
    await mapping.getByLabel('Amount column', { exact: true }).selectOption('Sum');
    await mapping.getByLabel('Payee column', { exact: true }).selectOption('Who');
    await mapping.getByLabel('Reference column', { exact: true }).selectOption('Our Ref');
    await mapping.getByRole('button', { name: 'Read the statement again' }).click();
    await admin.getByTestId('bank-counts').filter({ hasText: '3 new · 0 already imported · 0 possible duplicates' }).waitFor();
    expect(await admin.getByTestId('bank-line').count()).toBe(3);
    expect(await line(admin, 1).textContent()).toContain('-$12.50');
    expect(await line(admin, 1).getByText('Closed period').count()).toBe(1);
    expect(await line(admin, 1).getByTestId('bank-line-notes').textContent()).toMatch(/clos/i);
    expect(await admin.getByLabel('Record line 1').isDisabled()).toBe(true);
    expect(await admin.getByLabel('Records for line 1').count()).toBe(0);

    // The mapping can be changed again, or left.
    await admin.getByRole('button', { name: 'Change column mapping' }).click();
    expect(await mapping.getByLabel('Date column', { exact: true }).inputValue()).toBe('Booked On');
    await mapping.getByRole('button', { name: 'Keep the preview' }).click();

    // A line the server refuses: its words by the button, every choice still in place.
    await admin.setViewportSize(DESKTOP);
    await admin.getByLabel('Property for line 2').selectOption('P');
    await admin.getByLabel('Records for line 3').selectOption('investor_property_expense');
    await admin.getByLabel('Description for line 3').fill('Hinges for Unit 2');
    await admin.getByRole('button', { name: 'Record 2 lines' }).click();
    const refusal = admin.getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.textContent()).toBe('Line 3: Property name is required.');
    expect(await admin.getByLabel('Description for line 3').inputValue()).toBe('Hinges for Unit 2');
    expect(await admin.getByLabel('Records for line 3').inputValue()).toBe('investor_property_expense');
    expect(await admin.getByLabel('Record line 3').isChecked()).toBe(true);
    await fits(admin, DESKTOP.width);
    await shot(admin, 'bank-refused-1280');
  }, 240_000);
});
