import { describe, expect, it } from 'vitest';
import { MAPLE_LLC } from '../fixtures/maple.js';
import { DESKTOP, expectAccessible, PHONE, screenshot } from '../support/browser.js';
import { mapleInBrowser } from '../support/maple-in-browser.js';
import { AdminPage, byLabel } from '../support/pages/admin-page.js';
import { pageWidth, scrollingSideways, textCutOff } from '../support/screen-checks.js';
import { ADMIN, seedAs, signIn } from '../support/test-app.js';
import { todayIso } from '../../src/web/lib/today.js';

/**
 * The Period Locks screen in Chromium (docs/rules/ledger.md): the admin sees which LLCs have
 * their books closed and through which date, closes a period, sees a write and a void dated inside it
 * refused with the server's words beside the form, and reopens it; at desktop and phone widths.
 */
const LLC = MAPLE_LLC.llc_name;
/** A second LLC, never closed: its row says Open. */
const OTHER_LLC = 'Birch Holdings LLC';
const REFUSAL = (date: string) => `The books of ${LLC} are closed through 06/30/2024: nothing dated ${date} can change. Reopen the period first.`;

describe('the period lock in Chromium', () => {
  const env = mapleInBrowser();
  let seeded = false;

  /** A window signed in as the admin, with the second LLC in the books. */
  const adminWindow = async (size = DESKTOP) => {
    if (!seeded) {
      await seedAs(env.app, await signIn(env.app.app, ADMIN.username, ADMIN.password))('/admin/add_llc', {
        ...MAPLE_LLC, llc_name: OTHER_LLC, address: '9 Birch Lane, Springfield, IL 62701',
      });
      seeded = true;
    }
    // Its session from the API: no test here is about signing in.
    return AdminPage.inNewWindow(env.browser, env.app, size, { reducedMotion: 'reduce' });
  };
  const db = () => env.app.testDb.db;
  const ledgerRows = async () => (await db().query<{ n: number }>('SELECT count(*)::int AS n FROM ledger_entry'))[0]!.n;

  it('closes a period, refuses a write and a void dated inside it with the reason on the page, and reopens it', async () => {
    const admin = await adminWindow();
    await admin.open('Period Locks');
    const table = 'Books by LLC';
    await admin.table(table).waitFor();
    expect(await admin.rowsOf(table)).toEqual([[OTHER_LLC, 'Open', '—'], [LLC, 'Open', '—']]);
    expect(await admin.subtitleOf(table)).toBe('0 of 2 LLCs closed. Nothing dated on or before an LLC’s date can change.');

    // Closing needs a date: without one nothing is sent.
    const form = admin.form('close-period');
    await form.choose('LLC', LLC);
    await form.submit('Close the books');
    await admin.expectRefusedInPage(form, 'Please fill in all fields.');

    await form.fill('Closed through', '2024-06-30');
    await form.submit('Close the books');
    await admin.expectSuccess(form, 'Period lock saved');
    expect(admin.posts.map((p) => p.body)).toEqual([{ llc_name: LLC, closed_through: '2024-06-30' }]);
    await expect.poll(() => admin.rowsOf(table)).toEqual([[OTHER_LLC, 'Open', '—'], [LLC, '06/30/2024', 'Reopen']]);
    await admin.page.getByRole('status').filter({ hasText: `The books of ${LLC} are closed through 06/30/2024` }).waitFor();
    expect(await admin.subtitleOf(table)).toBe('1 of 2 LLCs closed. Nothing dated on or before an LLC’s date can change.');
    await expectAccessible(admin.page);
    await screenshot(admin.page, 'admin-period-locks-desktop');

    // A write dated inside the closed period: refused (409), the server's words beside the form, nothing written.
    const before = await ledgerRows();
    await admin.open('Add New LLC Expense');
    const expense = admin.form('add-llc-expense');
    await expense.fillIn({
      'Expense date': '2024-05-01', LLC, Category: 'State fees', Amount: '25.00', 'Paid by': ADMIN.username, Description: 'Late filing fee',
    });
    await expense.submit('Record expense');
    await expect.poll(() => expense.error().textContent()).toBe(REFUSAL('05/01/2024'));
    expect(admin.dialogs).toEqual([]);
    expect(admin.logs).toContain(REFUSAL('05/01/2024'));
    expect(await ledgerRows()).toBe(before);
    await screenshot(admin.page, 'admin-period-lock-refused-desktop');

    // A void of an entry dated inside it: refused too, the reason shown by the table.
    const [report] = await db().query<{ id: number }>(`SELECT id FROM ledger_entry WHERE kind = 'llc_expense' AND date = '2024-03-15'`);
    await admin.openViewer('Delete LLC Transaction', 'Select LLC:', LLC, 'Expenses');
    await admin.deleteButton(`Void LLC expense ID ${report!.id}`).click();
    await byLabel(admin.confirmDialog, 'Reason').fill('Paid by the member');
    await admin.confirmDialog.getByRole('button', { name: 'Void' }).click();
    await expect.poll(() => admin.dialogs).toEqual(['Failed to delete LLC expense.']);
    await admin.page.getByRole('alert').filter({ hasText: REFUSAL('03/15/2024') }).waitFor();
    expect((await db().query<{ v: string | null }>('SELECT voided_at AS v FROM ledger_entry WHERE id = $1', [report!.id]))[0]!.v).toBeNull();

    // Reopen, confirmed in a dialog: the row says Open again, and the same expense is recorded.
    await admin.open('Period Locks');
    await admin.page.getByRole('button', { name: `Reopen the books of ${LLC}` }).click();
    await admin.confirmDialog.getByText(`Reopen the books of ${LLC}? Entries dated on or before 06/30/2024 can be recorded and voided again.`).waitFor();
    await screenshot(admin.page, 'admin-period-lock-reopen-dialog-desktop');
    await admin.confirmDialog.getByRole('button', { name: 'Reopen' }).click();
    await expect.poll(() => admin.dialogs).toEqual(['Period lock saved']);
    await expect.poll(() => admin.rowsOf(table)).toEqual([[OTHER_LLC, 'Open', '—'], [LLC, 'Open', '—']]);
    await admin.page.getByRole('status').filter({ hasText: `The books of ${LLC} are open` }).waitFor();
    expect(admin.posts.map((p) => p.body)).toEqual([{ llc_name: LLC, closed_through: '' }]);

    await admin.open('Add New LLC Expense');
    await expense.fillIn({
      'Expense date': '2024-05-01', LLC, Category: 'State fees', Amount: '25.00', 'Paid by': ADMIN.username, Description: 'Late filing fee',
    });
    await expense.submit('Record expense');
    await admin.expectSuccess(expense, 'Expense recorded successfully', { expense_date: todayIso() });
    expect(await ledgerRows()).toBe(before + 1);

    const audit = await db().query<{ action: string; after: unknown }>(`SELECT action, after FROM audit_event WHERE action LIKE '%_period' ORDER BY id`);
    expect(audit).toEqual([
      { action: 'close_period', after: { closed_through: '2024-06-30' } },
      { action: 'reopen_period', after: { closed_through: null } },
    ]);
  });

  it('fits a phone: the table rows as cards, the form in one column, nothing wider than the window', async () => {
    const admin = await adminWindow(PHONE);
    await admin.open('Period Locks');
    const form = admin.form('close-period');
    await form.fillIn({ LLC, 'Closed through': '2023-12-31' });
    await form.submit('Close the books');
    await admin.expectSuccess(form, 'Period lock saved');
    await expect.poll(() => admin.rowsOf('Books by LLC')).toEqual([[OTHER_LLC, 'Open', '—'], [LLC, '12/31/2023', 'Reopen']]);
    // Each row a small card: the LLC its title, the other cells label / value lines.
    expect(await admin.table('Books by LLC').locator('thead').evaluate((h) => h.getBoundingClientRect().height)).toBeLessThanOrEqual(1);
    expect(await pageWidth(admin.page)).toBeLessThanOrEqual(PHONE.width);
    expect(await scrollingSideways(admin.page)).toEqual([]);
    expect(await textCutOff(admin.page)).toEqual([]);
    await expectAccessible(admin.page);
    await screenshot(admin.page, 'admin-period-locks-phone');
    await admin.page.getByRole('button', { name: `Reopen the books of ${LLC}` }).click();
    await admin.confirmDialog.waitFor();
    await screenshot(admin.page, 'admin-period-lock-reopen-dialog-phone');
    await admin.confirmDialog.getByRole('button', { name: 'Reopen' }).click();
    await expect.poll(() => admin.dialogs).toEqual(['Period lock saved', 'Period lock saved']);
  });
});
