import type { BrowserContextOptions } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, buildAppTemplate, seedAs, signIn, type AppTemplate } from '../support/test-app.js';
import { DESKTOP, expectAccessible, launchBrowser, PHONE, screenshot, serveWebApp, WEB_ROOT, type TestBrowser, type WebApp } from '../support/browser.js';
import { AdminPage, byLabel } from '../support/pages/admin-page.js';
import { thisMonthIso, todayIso } from '../../src/web/lib/today.js';

/**
 * Receipts beside the alerts, and correct in one step, in Chromium against the
 * real server: a saved entry leaves a receipt after the spec's alert and shows in the form's last entries;
 * Correct on its viewer row opens its form filled in, and saving voids it and records the new one; an
 * amount ten times the usual asks "Is this right?"; a new investor's secret stays after its alert.
 */
const LLC = 'Maple Holdings LLC';
const OAK = 'Oak Street Duplex';
const BIRCH = 'Birch Court';
const INVESTOR = 'Ivy Investor';

describe('receipts and corrections in Chromium', () => {
  let books: AppTemplate;
  let app: WebApp;
  let browser: TestBrowser;
  let adminSession: BrowserContextOptions['storageState'];
  let admin: AdminPage;
  let token: string;

  const seed = (url: string, payload: object) => seedAs(app, token)(url, payload);
  const entry = async (id: number) =>
    (await app.testDb.db.query<{ amount_cents: number; voided_at: string | null; void_reason: string | null; description: string }>(
      'SELECT amount_cents, voided_at::text, void_reason, description FROM ledger_entry WHERE id = $1', [id],
    ))[0]!;
  const lastId = async () => (await app.testDb.db.query<{ id: number }>('SELECT max(id)::int AS id FROM ledger_entry'))[0]!.id;
  const adminWindow = async (viewport = DESKTOP) => new AdminPage(await browser.newWindow(viewport, { storageState: adminSession }), app.base);
  /** The receipt a save left under its form. */
  const receipt = () => admin.page.locator('.entry-receipt');
  /** The ids of the form's last entries, top to bottom. */
  const recentIds = (page = admin.page) =>
    page.locator('.recent-entry').evaluateAll((lis) => lis.map((li) => Number(li.getAttribute('data-entry-id'))));

  beforeAll(async () => {
    books = await buildAppTemplate('pglite', async (t) => {
      const post = seedAs(t, await signIn(t.app, ADMIN.username, ADMIN.password));
      await post('/admin/add_llc', {
        llc_name: LLC, address: '1 Main St, Ann Arbor, MI', date_started: '2020-01-15',
        principal_business_activity: 'Real estate rental', principal_product: 'Residential rentals', business_code_number: '531110',
      });
      for (const name of [OAK, BIRCH]) {
        await post('/admin/add_investment_property', {
          property_name: name, address: `12 ${name}, Ann Arbor, MI`, purchase_date: '2021-03-01', purchase_price: '250000',
          land_value: '50000', property_value: '250000', llc: LLC, property_type: 'rental', picture_url: 'https://example.com/p.jpg',
        });
      }
      await post('/admin/add_investor', { name: INVESTOR, email: 'ivy@example.com', phone: '555-0100', address: '9 Elm St', fee_percentage: '0.10' });
      await post('/admin/add_expense_category', { expense_category: 'Late Fee', scope: 'income' });
      await post('/admin/add_investment', { property_name: BIRCH, investor_name: INVESTOR, date: '2025-01-02', amount: '100000' });
      // Birch Court's late fees are $75, month after month.
      for (const month of ['2025-08', '2025-09', '2025-10', '2025-11']) {
        await post('/admin/record_property_income', {
          income_date: `${month}-05`, income_for_month: month, property_name: BIRCH, description: `Late fee ${month}`, amount: '75', income_category: 'Late Fee',
        });
      }
    });
    app = await serveWebApp(await books.start(undefined, { webRoot: WEB_ROOT }));
    token = await signIn(app.app, ADMIN.username, ADMIN.password);
    browser = await launchBrowser();
    adminSession = await (await AdminPage.signIn(await browser.newWindow(), app.base)).page.context().storageState();
    await browser.closeWindows();
  });
  beforeEach(async () => {
    admin = await adminWindow();
  });
  afterEach(() => browser?.closeWindows());
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await books?.close();
  });

  it('records an income, leaves a receipt and lists it; Correct on its viewer row fixes the amount in one step', async () => {
    await admin.open('Add New Income');
    const form = admin.form('add-income');
    await form.fillIn({ 'Income date': '2026-01-05', 'For month': '2026-01', Property: OAK, Category: 'Late Fee', Amount: '7.50', Description: 'Late fee, unit 2' });
    await form.submit('Record income');
    // The spec's alert, word for word; then the receipt stays under the form.
    await admin.expectSuccess(form, 'Income recorded successfully', { income_date: todayIso(), income_for_month: thisMonthIso() });
    const id = await lastId();
    await receipt().getByText(`Recorded as entry ${id}.`).waitFor();
    expect(await receipt().locator('.entry-receipt-what').textContent())
      .toBe(`Income of $7.50 on ${OAK} (Late Fee), dated 01/05/2026, for 01/2026. “Late fee, unit 2”`);
    await expect.poll(() => recentIds()).toEqual(expect.arrayContaining([id]));
    expect((await recentIds())[0]).toBe(id);
    expect(await admin.page.locator('.recent-entries h3').textContent()).toBe('Recently recorded');
    await expectAccessible(admin.page);
    await screenshot(admin.page, 'receipt-income-desktop');

    // "See it": the property viewer, the property chosen and the row marked.
    await receipt().getByRole('link', { name: 'See it in Property transactions' }).click();
    await admin.heading(2, 'Delete Property Transaction').waitFor();
    const row = admin.row('Income', id);
    await row.waitFor();
    expect(await row.getAttribute('class')).toContain('txn-marked');
    expect(await admin.field('Select Property:').inputValue()).toBe(OAK);
    // The row's buttons say what they do; the confirmation keeps the spec's question.
    await admin.deleteButton(`Void income ID ${id}`).click();
    expect(await admin.confirmDialog.getByRole('heading').textContent()).toBe('Void income');
    expect(await admin.confirmDialog.getByText(`Are you sure you want to delete income ID ${id}?`).isVisible()).toBe(true);
    expect(await admin.confirmDialog.getByRole('button', { name: 'Void' }).isVisible()).toBe(true);
    await admin.confirmDialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => admin.confirmDialog.isVisible()).toBe(false);
    await screenshot(admin.page, 'viewer-correct-void-desktop');

    // Correct: the income form, filled in with the entry.
    await admin.deleteButton(`Correct income ID ${id}`).click();
    await admin.heading(2, 'Add New Income').waitFor();
    expect(new URL(admin.page.url()).searchParams.get('correct')).toBe(String(id));
    await admin.page.getByText(`Correcting entry ${id}`).waitFor();
    await expect.poll(() => form.values()).toMatchObject({
      income_date: '2026-01-05', income_for_month: '2026-01', property_name: OAK, income_category: 'Late Fee', amount: '7.50', description: 'Late fee, unit 2',
    });
    await form.fill('Amount', '75');
    admin.forget();
    // The reason is asked for before anything is sent.
    await form.submit('Save correction');
    await expect.poll(() => form.error().textContent()).toBe('Please give the reason for the correction.');
    expect(admin.posts).toEqual([]);
    await byLabel(form.locator, 'Reason for the correction').fill('Typed 7.50 for 75');
    await expectAccessible(admin.page);
    await screenshot(admin.page, 'correction-form-desktop');
    await form.submit('Save correction');
    await expect.poll(() => admin.dialogs.length).toBe(1);
    const [post] = admin.posts;
    expect(post).toMatchObject({ path: '/admin/correct_entry', body: { id, reason: 'Typed 7.50 for 75', entry: { amount: '75', property_name: OAK, income_category: 'Late Fee' } } });
    expect(post!.key).toMatch(/^[0-9a-f-]{36}$/);
    const newId = await lastId();
    expect(admin.dialogs).toEqual([`Entry ${id} is voided and recorded again, corrected, as entry ${newId}.`]);
    await receipt().getByText(`Corrected: entry ${id} is voided and recorded again as entry ${newId}.`).waitFor();
    // Out of correction mode: a new entry's form, and the last entries show both.
    expect(new URL(admin.page.url()).searchParams.get('correct')).toBeNull();
    await admin.page.getByRole('button', { name: 'Record income' }).waitFor();
    await expect.poll(() => recentIds().then((ids) => ids.slice(0, 2))).toEqual([newId, id]);
    expect(await admin.page.locator(`.recent-entry[data-entry-id="${id}"]`).getAttribute('class')).toContain('recent-entry-voided');
    expect(await entry(id)).toMatchObject({ amount_cents: 750, void_reason: 'Corrected: Typed 7.50 for 75' });
    expect(await entry(newId)).toMatchObject({ amount_cents: 7500, voided_at: null, description: 'Late fee, unit 2' });

    // The viewer, voided rows shown: the old row struck through with the reason, the new one live.
    await receipt().getByRole('link', { name: 'See it in Property transactions' }).click();
    await admin.row('Income', newId).waitFor();
    await admin.page.getByRole('switch', { name: 'Show voided' }).check();
    const old = admin.row('Income', id);
    await old.waitFor();
    expect(await old.getAttribute('class')).toContain('txn-voided');
    expect(await old.locator('.txn-void-note').textContent()).toMatch(/: Corrected: Typed 7\.50 for 75$/);
    expect(await admin.row('Income', newId).locator('td.money').textContent()).toBe('$75.00');
    await screenshot(admin.page, 'viewer-after-correction-desktop');

    // At phone width: the correction form and the receipt.
    const phone = await adminWindow(PHONE);
    await phone.goto(`?action=add-new-income&correct=${newId}`);
    await phone.page.getByText(`Correcting entry ${newId}`).waitFor();
    await expect.poll(() => phone.form('add-income').values().then((v) => v.amount)).toBe('75.00');
    await expectAccessible(phone.page);
    expect(await phone.pageWidth()).toBeLessThanOrEqual(PHONE.width);
    await screenshot(phone.page, 'correction-form-phone');
    await phone.goto(`?action=delete-property-transaction&name=${encodeURIComponent(OAK)}&entry=${newId}`);
    await phone.row('Income', newId).waitFor();
    await screenshot(phone.page, 'viewer-correct-void-phone');
  });

  it('asks "Is this right?" of ten times the usual amount, and saves it when told so', async () => {
    await admin.open('Add New Income');
    const form = admin.form('add-income');
    await form.fillIn({ 'Income date': '2025-12-05', 'For month': '2025-12', Property: BIRCH, Category: 'Late Fee', Amount: '7500', Description: 'Late fee 2025-12' });
    await form.submit('Record income');
    const question = form.locator.locator('.record-form-question');
    await question.waitFor();
    expect(await question.innerText()).toContain('Is this right?');
    expect(await question.locator('p').nth(1).textContent())
      .toBe(`$7,500.00 is 100 times the usual Late Fee income for ${BIRCH}: the median of the last 4 is $75.00.`);
    expect(admin.posts).toEqual([]);
    expect(admin.dialogs).toEqual([]);
    await expectAccessible(admin.page);
    await screenshot(admin.page, 'unusual-amount-desktop');

    // "No, change it": back to the amount; $75 goes without a question.
    await form.button('No, change it').click();
    expect(await form.focused()).toBe('amount');
    await form.fill('Amount', '75');
    await form.submit('Record income');
    await expect.poll(() => admin.dialogs).toEqual(['Income recorded successfully']);
    expect(admin.posts).toHaveLength(1);

    // Asked again of $7,500 on the next one; "Yes, save it" sends it as it is (a question, not a rule).
    admin.forget();
    await form.fillIn({ 'Income date': '2025-12-06', 'For month': '2025-12', Property: BIRCH, Category: 'Late Fee', Amount: '7500', Description: 'Settlement' });
    await form.submit('Record income');
    await question.waitFor();
    await form.button('Yes, save it').click();
    await expect.poll(() => admin.dialogs).toEqual(['Income recorded successfully']);
    expect(admin.posts.map((p) => [p.path, (p.body as { amount: string }).amount])).toEqual([['/admin/record_property_income', '7500']]);

    const phone = await adminWindow(PHONE);
    await phone.open('Add New Income');
    const small = phone.form('add-income');
    await small.fillIn({ Property: BIRCH, Category: 'Late Fee', Amount: '9000', Description: 'Check' });
    await small.submit('Record income');
    await small.locator.locator('.record-form-question').waitFor();
    await expectAccessible(phone.page);
    await screenshot(phone.page, 'unusual-amount-phone');
    await small.button('Yes, save it').click();
    await phone.page.locator('.entry-receipt').getByText(/^Recorded as entry \d+\.$/).waitFor();
    await expectAccessible(phone.page);
    await screenshot(phone.page, 'receipt-income-phone');
  });

  it("keeps a new investor's secret in a panel after the alert, with Copy, Print and the way to issue another", async () => {
    await admin.open('Add New Investor');
    const form = admin.form('add-investor');
    await form.fillIn({ Name: 'Quinn Quarry', Fee: { label: '15%' }, Email: 'quinn@example.com', Phone: '555-0199', Address: '3 Quarry Rd' });
    await form.submit('Add investor');
    await admin.expectSuccess(form, /^New investor added successfully, login secret is: \S{16,}$/);
    const secret = admin.dialogs[0]!.split(': ')[1]!;
    const panel = admin.page.locator('.secret-panel');
    await panel.waitFor();
    expect(await panel.getByRole('heading').textContent()).toBe('Registration secret for Quinn Quarry');
    expect(await panel.locator('code').textContent()).toBe(secret);
    expect(await panel.getByRole('heading').evaluate((h) => h === document.activeElement)).toBe(true);
    await panel.getByRole('button', { name: 'Copy secret' }).click();
    await expect.poll(() => panel.innerText()).toMatch(/Copied|Copying is not allowed here/);
    // Print prints the panel alone.
    await admin.page.evaluate(() => {
      (window as unknown as { printed: boolean[] }).printed = [];
      window.print = () => void (window as unknown as { printed: boolean[] }).printed.push(document.body.classList.contains('print-secret'));
    });
    await panel.getByRole('button', { name: 'Print' }).click();
    expect(await admin.page.evaluate(() => (window as unknown as { printed: boolean[] }).printed)).toEqual([true]);
    await expectAccessible(admin.page);
    await screenshot(admin.page, 'new-investor-secret-desktop');

    const phone = await adminWindow(PHONE);
    await phone.open('Add New Investor');
    await phone.form('add-investor').fillIn({ Name: 'Rory Reed', Fee: { label: '5%' }, Email: 'rory@example.com', Phone: '555-0198', Address: '4 Reed Ln' });
    await phone.form('add-investor').submit('Add investor');
    await phone.page.locator('.secret-panel').waitFor();
    await expectAccessible(phone.page);
    expect(await phone.pageWidth()).toBeLessThanOrEqual(PHONE.width);
    await screenshot(phone.page, 'new-investor-secret-phone');

    // Another secret: Manage Portal Users → Get Investor Secret.
    await panel.getByRole('link', { name: 'Manage Portal Users → Get Investor Secret' }).click();
    await admin.heading(2, 'Manage Portal Users').waitFor();
    await admin.page.getByRole('heading', { name: 'Get Investor Secret' }).waitFor();
  });

  it('corrects a cash withdrawal from its viewer: the withdrawal form, filled in, with its amount given back to the maximum', async () => {
    const { id } = (await seed('/admin/record_cash_withdrawal', { investor_name: INVESTOR, date: '2025-12-01', description: 'December', amount: '10' })) as { id: number };
    await admin.openViewer('Cash Withdrawals', 'Select Investor:', INVESTOR, 'Cash withdrawals');
    await admin.deleteButton(`Correct withdrawal ID ${id}`).click();
    await admin.heading(2, 'Withdraw Funds').waitFor();
    const form = admin.form('withdraw-cash');
    await admin.page.getByText(`Correcting entry ${id}`).waitFor();
    await expect.poll(() => form.values()).toMatchObject({ investor_name: INVESTOR, date: '2025-12-01', description: 'December', amount: '10.00' });
    await expect.poll(() => form.amountHint().textContent()).toMatch(/^Maximum: \$[\d,.]+ \(with the \$10\.00 of entry \d+ given back\)$/);
    await form.fill('Amount', '12');
    await byLabel(form.locator, 'Reason for the correction').fill('Paid 12');
    await form.submit('Save correction');
    await expect.poll(() => admin.dialogs.length).toBe(1);
    expect(admin.dialogs[0]).toMatch(new RegExp(`^Entry ${id} is voided and recorded again, corrected, as entry \\d+\\.$`));
    expect(await entry(id)).toMatchObject({ void_reason: 'Corrected: Paid 12' });
    await admin.page.locator('#withdraw-cash').locator('xpath=..').locator('.entry-receipt').waitFor();
    await screenshot(admin.page, 'correction-withdrawal-desktop');
  });
});
