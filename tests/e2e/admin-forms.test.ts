import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { DEFAULT_WEB_ROOT } from '../../src/server/app.js';
import { ADMIN, bearer, createInvestorWithLogin, signIn, startTestApp, type TestApp } from '../support/test-app.js';
import { collectDialogs, DESKTOP, expectAccessible, launchBrowser, PHONE, screenshot, submitLogin } from '../support/browser.js';

/**
 * The admin page and its forms in Chromium against the real server (portal-spec §2 Admin page, §5, §8):
 * each form is filled as a user would, its alert and reset are checked, and what it stored is read back
 * from the database.
 */
const LLC = 'Maple Holdings LLC';
const RENTAL = 'Oak Street Duplex';
const LAND = 'Pine Road Lot';
const INVESTOR = 'Ivy Investor';
const LOREN = 'North Loren';

const SPEC_ACTIONS = [
  'Admin Summary', 'Property Details', 'Add New Income', 'Add New Loren Income', 'Add New Land Contract Payment',
  'Add New Property Expense', 'Add New Investor Property Expense', 'Delete Property Transaction',
  'Delete LLC Transaction', 'Update Property Notes', 'Add Expense Category', 'Add New Investor', 'Add New Investment',
  'Add New Investment Property', 'Add New Rental Deposit', 'Manage Portal Users', 'Add New LLC Expense', 'LLC Taxes',
  'Withdraw Funds',
];
const EXTENSIONS = ['Manage LLCs', 'Manage Lorens', 'Change Investor Fee', 'Cash Withdrawals', 'Audit Log'];

type LedgerRow = {
  kind: string;
  date: string;
  for_month: string;
  period_start: string | null;
  period_end: string | null;
  amount_cents: number;
  property: string | null;
  investor: string | null;
  llc: string | null;
  category: string | null;
  loren: string | null;
  payer: string | null;
  description: string | null;
};

describe('admin forms in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  let context: BrowserContext;
  let page: Page;
  let token: string;
  let dialogs: string[];
  /** POST requests the page sent to /admin/*, with their idempotency key. */
  let posts: { path: string; key: string | undefined; body: unknown }[];

  const seed = async (url: string, payload: Record<string, unknown>) => {
    const res = await t.app.inject({ method: 'POST', url, payload, headers: bearer(token) });
    if (res.statusCode >= 300) throw new Error(`${url} failed: ${res.statusCode} ${res.body}`);
    return res.json() as Record<string, unknown>;
  };

  const query = <T>(sql: string, params: unknown[] = []) => t.testDb.db.query<T>(sql, params);

  const lastEntry = async (kind: string): Promise<LedgerRow> => {
    const rows = await query<LedgerRow>(
      `SELECT le.kind, le.date::text AS date, le.for_month::text AS for_month, le.period_start::text AS period_start,
              le.period_end::text AS period_end, le.amount_cents, p.name AS property, i.name AS investor, l.name AS llc,
              c.name AS category, lo.name AS loren, le.payer, le.description
         FROM ledger_entry le
         LEFT JOIN property p ON p.id = le.property_id
         LEFT JOIN investor i ON i.id = le.investor_id
         LEFT JOIN llc l ON l.id = le.llc_id
         LEFT JOIN category c ON c.id = le.category_id
         LEFT JOIN loren lo ON lo.id = le.loren_id
        WHERE le.kind = $1 ORDER BY le.id DESC LIMIT 1`,
      [kind],
    );
    expect(rows).toHaveLength(1);
    return rows[0]!;
  };

  const newPage = async (viewport = DESKTOP) => {
    await context?.close();
    context = await browser.newContext({ viewport });
    page = await context.newPage();
    dialogs = collectDialogs(page);
    posts = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (r.method() === 'POST' && url.pathname.startsWith('/admin/')) {
        posts.push({ path: url.pathname, key: r.headers()['idempotency-key'], body: r.postDataJSON() });
      }
    });
    return page;
  };

  const signInAs = async (username: string, password: string) => {
    await submitLogin(page, base, username, password);
    await page.waitForURL(base + '/investor');
  };

  /** Opens /admin and picks the action in the dropdown, as an admin does. */
  const open = async (title: string): Promise<void> => {
    dialogs.length = 0;
    posts.length = 0;
    await page.goto(base + '/admin');
    await page.getByLabel('Select Admin Action:').selectOption({ label: title });
    await page.getByRole('heading', { level: 2, name: title }).waitFor();
  };

  /** A control by its label; a required field's label ends in the (aria-hidden) asterisk. */
  const field = (form: Locator, label: string) =>
    form.getByLabel(new RegExp(`^\\s*${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?\\s*$`));

  /** Waits for the one success alert, then checks every control of the form is back to empty. */
  const expectSuccess = async (form: Locator, alert: string | RegExp, defaults: Record<string, string> = {}) => {
    await expect.poll(() => dialogs.length, { timeout: 10_000 }).toBe(1);
    if (typeof alert === 'string') expect(dialogs[0]).toBe(alert);
    else expect(dialogs[0]).toMatch(alert);
    const values = () =>
      form
        .locator('input, select, textarea')
        .evaluateAll((els) => els.map((e) => [(e as HTMLInputElement).name, (e as HTMLInputElement).value]));
    const expected = (await values()).map(([name]) => [name, defaults[name!] ?? '']);
    await expect.poll(values).toEqual(expected);
    await expect.poll(() => form.getByRole('button', { name: /./ }).last().isEnabled()).toBe(true);
  };

  beforeAll(async () => {
    t = await startTestApp('pglite', { PORTAL_LOREN: 'true' }, { webRoot: DEFAULT_WEB_ROOT });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    // Browser tests run in real time: the test clock must follow the wall clock for token expiry.
    t.clock.set(new Date());
    setInterval(() => t.clock.set(new Date()), 200).unref();
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    token = await signIn(t.app, ADMIN.username, ADMIN.password);

    await seed('/admin/add_llc', {
      llc_name: LLC, address: '1 Main St, Ann Arbor, MI', date_started: '2020-01-15',
      principal_business_activity: 'Real estate rental', principal_product: 'Residential rentals', business_code_number: '531110',
    });
    await seed('/admin/add_investment_property', {
      property_name: RENTAL, address: '12 Oak St, Ann Arbor, MI', purchase_date: '2021-03-01', purchase_price: '250000',
      land_value: '50000', property_value: '250000', llc: LLC, property_type: 'rental', picture_url: 'https://example.com/oak.jpg',
    });
    await seed('/admin/add_investment_property', {
      property_name: LAND, address: '40 Pine Rd, Dexter, MI', purchase_date: '2022-05-01', purchase_price: '80000',
      land_value: '80000', property_value: '80000', llc: LLC, property_type: 'land_contract', picture_url: 'https://example.com/pine.jpg',
    });
    await seed('/admin/add_investor', { name: INVESTOR, email: 'ivy@example.com', phone: '555-0100', address: '9 Elm St', fee_percentage: '0.10' });
    await seed('/admin/add_loren', { loren_name: LOREN });

    browser = await launchBrowser();
    await newPage();
    await signInAs(ADMIN.username, ADMIN.password);
  });

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('lists the actions in the spec order, keeps the choice in the URL and the back button', async () => {
    await page.goto(base + '/admin');
    await page.getByRole('heading', { level: 1, name: 'Admin Page' }).waitFor();
    const picker = page.getByLabel('Select Admin Action:');
    expect(await picker.evaluate((el) => el.tagName)).toBe('SELECT');
    expect(await picker.locator('option').allTextContents()).toEqual([...SPEC_ACTIONS, ...EXTENSIONS]);

    await picker.selectOption({ label: 'Add New Income' });
    await page.waitForURL(base + '/admin?action=add-new-income');
    await page.getByRole('heading', { level: 2, name: 'Add New Income' }).waitFor();
    await picker.selectOption({ label: 'LLC Taxes' });
    await page.waitForURL(base + '/admin?action=llc-taxes');
    await page.getByText('Coming soon.').waitFor();
    await page.goBack();
    await page.waitForURL(base + '/admin?action=add-new-income');
    await page.locator('form#add-income').waitFor();
    expect(await picker.inputValue()).toBe('add-new-income');

    // A deep link opens the action directly.
    await page.goto(base + '/admin?action=manage-lorens');
    await page.getByRole('heading', { level: 2, name: 'Manage Lorens' }).waitFor();
  });

  it('is accessible with a form open, and looks finished at desktop and phone widths', async () => {
    await open('Add New Investment Property');
    await field(page.locator('form#add-investment-property'), 'Property type').selectOption('land_contract');
    await page.getByRole('button', { name: /Land-contract terms/ }).click();
    await expectAccessible(page);
    await screenshot(page, 'admin-investment-property-desktop');
    await open('Add New Income');
    await expectAccessible(page);
    await screenshot(page, 'admin-income-desktop');
    await open('Manage LLCs');
    await screenshot(page, 'admin-llcs-desktop');

    await newPage(PHONE);
    await signInAs(ADMIN.username, ADMIN.password);
    await open('Add New Income');
    await expectAccessible(page);
    await screenshot(page, 'admin-income-phone');
    await open('Add New Investor Property Expense');
    await screenshot(page, 'admin-investor-expense-phone');
    await newPage();
    await signInAs(ADMIN.username, ADMIN.password);
  });

  it('Add New Income records property income with its loren and category', async () => {
    await open('Add New Income');
    const form = page.locator('form#add-income');
    await field(form, 'Income date').fill('2026-07-15');
    await field(form, 'For month').fill('2026-07-01');
    await field(form, 'Property').selectOption(RENTAL);
    await field(form, 'Loren').selectOption(LOREN);
    await field(form, 'Category').selectOption('Rent');
    await field(form, 'Amount').fill('1234.56');
    await field(form, 'Description').fill('July rent');
    await form.getByRole('button', { name: 'Record income' }).click();
    await expectSuccess(form, 'Income recorded successfully');
    expect(await lastEntry('property_income')).toMatchObject({
      date: '2026-07-15', for_month: '2026-07-01', amount_cents: 123456, property: RENTAL, loren: LOREN,
      category: 'Rent', description: 'July rent',
    });
    expect(posts).toHaveLength(1);
    expect(posts[0]!.path).toBe('/admin/record_property_income');
    expect(posts[0]!.key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(posts[0]!.body).toMatchObject({ amount: '1234.56' }); // the decimal text, never a float
  });

  it('Add New Loren Income records income for a period', async () => {
    await open('Add New Loren Income');
    const form = page.locator('form#add-loren-income');
    await field(form, 'Income date').fill('2026-08-02');
    await field(form, 'Property').selectOption(RENTAL);
    await field(form, 'Period start').fill('2026-08-01');
    await field(form, 'Period end').fill('2026-08-31');
    await field(form, 'Amount').fill('900');
    await field(form, 'Description').fill('August short stay');
    await form.getByRole('button', { name: 'Record income' }).click();
    await expectSuccess(form, 'Income recorded successfully');
    expect(await lastEntry('property_income')).toMatchObject({
      date: '2026-08-02', period_start: '2026-08-01', period_end: '2026-08-31', amount_cents: 90000,
      property: RENTAL, description: 'August short stay',
    });
  });

  it('Add New Land Contract Payment records a payment on a land-contract property', async () => {
    await open('Add New Land Contract Payment');
    const form = page.locator('form#add-lc-payment');
    // Only land-contract properties are offered.
    expect(await field(form, 'Land-contract property').locator('option').allTextContents()).toEqual(['Select a property', LAND]);
    await field(form, 'Payment date').fill('2026-06-05');
    await field(form, 'Land-contract property').selectOption(LAND);
    await field(form, 'Amount').fill('650.25');
    await field(form, 'Loren').selectOption(LOREN);
    await field(form, 'Description').fill('June payment');
    await form.getByRole('button', { name: 'Record payment' }).click();
    await expectSuccess(form, 'Land contract payment recorded successfully');
    expect(await lastEntry('lc_payment')).toMatchObject({
      date: '2026-06-05', amount_cents: 65025, property: LAND, loren: LOREN, description: 'June payment',
    });
  });

  it('Add New Property Expense records an expense, payer optional', async () => {
    await open('Add New Property Expense');
    const form = page.locator('form#add-property-expense');
    await field(form, 'Expense date').fill('2026-05-20');
    await field(form, 'For month').fill('2026-05-01');
    await field(form, 'Property').selectOption(RENTAL);
    await field(form, 'Category').selectOption('Repairs');
    await field(form, 'Amount').fill('310.40');
    await field(form, 'Description').fill('Water heater valve');
    await form.getByRole('button', { name: 'Record expense' }).click();
    await expectSuccess(form, 'Expense recorded successfully');
    expect(await lastEntry('property_expense')).toMatchObject({
      date: '2026-05-20', for_month: '2026-05-01', amount_cents: 31040, property: RENTAL, category: 'Repairs',
      payer: null, loren: null, description: 'Water heater valve',
    });
  });

  it('Add New Investor Property Expense records an expense charged to one investor', async () => {
    await open('Add New Investor Property Expense');
    const form = page.locator('form#add-investor-property-expense');
    await field(form, 'Investor').selectOption(INVESTOR);
    await field(form, 'Property').selectOption(RENTAL);
    await field(form, 'Expense date').fill('2026-04-10');
    await field(form, 'For month').fill('2026-04-01');
    await field(form, 'Category').selectOption('Legal and other professional fees');
    await field(form, 'Amount').fill('75');
    await field(form, 'Paid by').selectOption(ADMIN.username);
    await field(form, 'Loren').selectOption(LOREN);
    await field(form, 'Description').fill('Lease review');
    await form.getByRole('button', { name: 'Record expense' }).click();
    await expectSuccess(form, 'Expense recorded successfully');
    expect(await lastEntry('investor_property_expense')).toMatchObject({
      date: '2026-04-10', for_month: '2026-04-01', amount_cents: 7500, investor: INVESTOR, property: RENTAL,
      category: 'Legal and other professional fees', payer: ADMIN.username, loren: LOREN, description: 'Lease review',
    });
  });

  it('Add New LLC Expense records an LLC expense', async () => {
    await open('Add New LLC Expense');
    const form = page.locator('form#add-llc-expense');
    await field(form, 'Expense date').fill('2026-03-15');
    await field(form, 'LLC').selectOption(LLC);
    await field(form, 'Category').selectOption('State fees');
    await field(form, 'Amount').fill('50.00');
    await field(form, 'Paid by').selectOption(ADMIN.username);
    await field(form, 'Description').fill('Annual report filing');
    await form.getByRole('button', { name: 'Record expense' }).click();
    await expectSuccess(form, 'Expense recorded successfully');
    expect(await lastEntry('llc_expense')).toMatchObject({
      date: '2026-03-15', amount_cents: 5000, llc: LLC, category: 'State fees', payer: ADMIN.username,
      description: 'Annual report filing',
    });
  });

  it('Add New Rental Deposit records a deposit on a rental', async () => {
    await open('Add New Rental Deposit');
    const form = page.locator('form#add-rental-deposit');
    expect(await field(form, 'Rental property').locator('option').allTextContents()).toEqual(['Select a property', RENTAL]);
    await field(form, 'Rental property').selectOption(RENTAL);
    await field(form, 'Date received').fill('2026-02-01');
    await field(form, 'Amount').fill('1500');
    await field(form, 'Notes').fill('Security deposit, unit 2');
    await form.getByRole('button', { name: 'Add deposit' }).click();
    await expectSuccess(form, 'New deposit added successfully');
    expect(await lastEntry('deposit')).toMatchObject({
      date: '2026-02-01', amount_cents: 150000, property: RENTAL, description: 'Security deposit, unit 2', loren: null,
    });
  });

  it('Add New Investment records an investment', async () => {
    await open('Add New Investment');
    const form = page.locator('form#add-investment');
    await field(form, 'Investor').selectOption(INVESTOR);
    await field(form, 'Property').selectOption(RENTAL);
    await field(form, 'Date').fill('2026-01-05');
    await field(form, 'Amount').fill('25000.50');
    await form.getByRole('button', { name: 'Add investment' }).click();
    await expectSuccess(form, 'New investment added successfully');
    expect(await lastEntry('investment')).toMatchObject({
      date: '2026-01-05', amount_cents: 2500050, investor: INVESTOR, property: RENTAL,
    });
    expect(posts.map((p) => p.key !== undefined)).toEqual([true]);
  });

  it('Add New Investment Property adds a land-contract property with its terms, then offers it at once', async () => {
    await open('Add New Investment Property');
    const form = page.locator('form#add-investment-property');
    await field(form, 'Property name').fill('Birch Acres');
    await field(form, 'LLC').selectOption(LLC);
    await field(form, 'Address').fill('7 Birch Ln, Chelsea, MI');
    // The terms exist only for a land contract.
    expect(await page.getByRole('button', { name: /Land-contract terms/ }).count()).toBe(0);
    await field(form, 'Property type').selectOption({ label: 'Land contract' });
    await field(form, 'Purchase date').fill('2023-09-01');
    await field(form, 'Purchase price').fill('60000');
    await field(form, 'Land value').fill('60000');
    await field(form, 'Property value').fill('60000');
    await field(form, 'Picture URL').fill('https://example.com/birch.jpg');
    const toggle = page.getByRole('button', { name: /Land-contract terms/ });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await field(form, 'Sale date').fill('2024-01-01');
    await field(form, 'Sale price').fill('90000');
    await field(form, 'Down payment').fill('10000');
    await field(form, 'Adjusted basis').fill('60000');
    await field(form, 'Interest rate (basis points, 800 = 8%)').fill('800');
    const helpersAgain = page.waitForResponse((r) => r.url().endsWith('/admin/get_admin_helpers'));
    await form.getByRole('button', { name: 'Add property' }).click();
    await expectSuccess(form, 'New property added successfully');
    await helpersAgain;
    expect(posts[0]!.body).toMatchObject({ lc_rate_bps: 800, lc_sale_price: '90000' });
    const [row] = await query<Record<string, unknown>>(
      `SELECT p.property_type, p.purchase_price_cents, p.lc_sale_date::text AS lc_sale_date, p.lc_sale_price_cents,
              p.lc_down_payment_cents, p.lc_adjusted_basis_cents, p.lc_rate_bps, l.name AS llc
         FROM property p JOIN llc l ON l.id = p.llc_id WHERE p.name = 'Birch Acres'`,
    );
    expect(row).toMatchObject({
      property_type: 'land_contract', purchase_price_cents: 6000000, lc_sale_date: '2024-01-01', lc_sale_price_cents: 9000000,
      lc_down_payment_cents: 1000000, lc_adjusted_basis_cents: 6000000, lc_rate_bps: 800, llc: LLC,
    });
    // The refreshed helper lists offer the new property without a reload.
    await page.getByLabel('Select Admin Action:').selectOption({ label: 'Add New Land Contract Payment' });
    const lcForm = page.locator('form#add-lc-payment');
    await expect
      .poll(() => field(lcForm, 'Land-contract property').locator('option').allTextContents())
      .toEqual(['Select a property', 'Birch Acres', LAND]);
  });

  it('Add New Investor alerts the login secret and stores the investor with its fee', async () => {
    await open('Add New Investor');
    const form = page.locator('form#add-investor');
    expect(await field(form, 'Fee').locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value)))
      .toEqual(['', '0.0', '0.05', '0.10', '0.15', '0.20', '0.25', '0.30', '0.35', '0.40', '0.45', '0.50']);
    await field(form, 'Name').fill('Quinn Quarry');
    await field(form, 'Fee').selectOption({ label: '15%' });
    await field(form, 'Email').fill('quinn@example.com');
    await field(form, 'Phone').fill('555-0199');
    await field(form, 'Address').fill('3 Quarry Rd');
    await form.getByRole('button', { name: 'Add investor' }).click();
    await expectSuccess(form, /^New investor added successfully, login secret is: \S{16,}$/);
    const [row] = await query<Record<string, unknown>>(
      `SELECT i.email, i.phone, i.address, f.fee_bps, f.effective_month::text AS effective_month
         FROM investor i JOIN investor_fee f ON f.investor_id = i.id WHERE i.name = 'Quinn Quarry'`,
    );
    expect(row).toMatchObject({ email: 'quinn@example.com', phone: '555-0199', address: '3 Quarry Rd', fee_bps: 1500 });
    // The secret works for registration.
    const secret = dialogs[0]!.split(': ')[1]!;
    const reg = await t.app.inject({
      method: 'POST', url: '/auth/register', payload: { username: 'quinn', password: 'granite meadow harbor 31', secret },
    });
    expect(reg.statusCode).toBe(201);
  });

  it('Add Expense Category adds a category in the chosen scope (property expense by default)', async () => {
    await open('Add Expense Category');
    const form = page.locator('form#add-expense-category');
    expect(await field(form, 'Used for').inputValue()).toBe('property_expense');
    await field(form, 'Category name').fill('Snow removal');
    await form.getByRole('button', { name: 'Add category' }).click();
    await expectSuccess(form, 'New category added successfully', { scope: 'property_expense' });
    dialogs.length = 0;
    await field(form, 'Category name').fill('Parking income');
    await field(form, 'Used for').selectOption({ label: 'Income' });
    await form.getByRole('button', { name: 'Add category' }).click();
    await expectSuccess(form, 'New category added successfully', { scope: 'property_expense' });
    const rows = await query<{ scope: string; name: string }>(
      `SELECT scope, name FROM category WHERE name IN ('Snow removal', 'Parking income') ORDER BY name`,
    );
    expect(rows).toEqual([{ scope: 'income', name: 'Parking income' }, { scope: 'property_expense', name: 'Snow removal' }]);
  });

  it('Update Property Notes loads the notes of the chosen property and saves the new text', async () => {
    await seed('/admin/set_property_notes', { property_name: RENTAL, notes: 'Roof replaced 2019.' });
    await open('Update Property Notes');
    const form = page.locator('form#property-notes');
    await field(form, 'Property').selectOption(RENTAL);
    await expect.poll(() => field(form, 'Notes').inputValue()).toBe('Roof replaced 2019.');
    await field(form, 'Notes').fill('Roof replaced 2019. New furnace 2026.');
    await form.getByRole('button', { name: 'Save notes' }).click();
    await expectSuccess(form, 'Notes updated successfully!');
    const [row] = await query<{ notes: string }>(`SELECT notes FROM property WHERE name = $1`, [RENTAL]);
    expect(row!.notes).toBe('Roof replaced 2019. New furnace 2026.');

    // No property chosen: the spec's alert, and nothing is sent.
    dialogs.length = 0;
    posts.length = 0;
    await form.getByRole('button', { name: 'Save notes' }).click();
    await expect.poll(() => dialogs).toEqual(['Please select a property and enter notes.']);
    expect(posts).toEqual([]);
  });

  it('Manage LLCs adds an LLC and edits one loaded from the server', async () => {
    await open('Manage LLCs');
    const add = page.locator('form#add-llc');
    await field(add, 'LLC name').fill('Cedar Ventures LLC');
    await field(add, 'Date started').fill('2024-02-01');
    await field(add, 'Address').fill('5 Cedar Ct, Saline, MI');
    await field(add, 'Principal business activity').fill('Real estate');
    await field(add, 'Principal product').fill('Land contracts');
    await field(add, 'Business code number').fill('531190');
    await add.getByRole('button', { name: 'Add LLC' }).click();
    await expectSuccess(add, 'New LLC added successfully');
    const [created] = await query<Record<string, unknown>>(
      `SELECT address, date_started::text AS date_started, principal_product, business_code_number FROM llc WHERE name = 'Cedar Ventures LLC'`,
    );
    expect(created).toMatchObject({ address: '5 Cedar Ct, Saline, MI', date_started: '2024-02-01', principal_product: 'Land contracts', business_code_number: '531190' });

    dialogs.length = 0;
    const edit = page.locator('form#edit-llc');
    await expect.poll(() => field(edit, 'LLC').locator('option').allTextContents()).toContain('Cedar Ventures LLC');
    await field(edit, 'LLC').selectOption(LLC);
    await expect.poll(() => field(edit, 'Business code number').inputValue()).toBe('531110');
    expect(await field(edit, 'Date started').inputValue()).toBe('2020-01-15');
    expect(await field(edit, 'Principal product').inputValue()).toBe('Residential rentals');
    await field(edit, 'Principal product').fill('Residential and commercial rentals');
    await edit.getByRole('button', { name: 'Save LLC' }).click();
    await expectSuccess(edit, 'LLC updated successfully');
    const [updated] = await query<{ principal_product: string }>(`SELECT principal_product FROM llc WHERE name = $1`, [LLC]);
    expect(updated!.principal_product).toBe('Residential and commercial rentals');
  });

  it('Manage Lorens adds a loren and lists it', async () => {
    await open('Manage Lorens');
    const form = page.locator('form#add-loren');
    await page.getByRole('listitem').filter({ hasText: LOREN }).waitFor();
    await field(form, 'Loren name').fill('South Loren');
    await form.getByRole('button', { name: 'Add loren' }).click();
    await expectSuccess(form, 'New loren added successfully');
    await page.getByRole('listitem').filter({ hasText: 'South Loren' }).waitFor();
    expect(await query(`SELECT name FROM loren ORDER BY name`)).toEqual([{ name: LOREN }, { name: 'South Loren' }]);
  });

  it('Change Investor Fee sets the fee from a month on', async () => {
    await open('Change Investor Fee');
    const form = page.locator('form#change-investor-fee');
    await field(form, 'Investor').selectOption(INVESTOR);
    await field(form, 'New fee').selectOption({ label: '20%' });
    await field(form, 'Effective from month').fill('2026-03');
    await form.getByRole('button', { name: 'Change fee' }).click();
    await expectSuccess(form, 'Fee updated successfully');
    expect(posts[0]!.body).toEqual({ investor_name: INVESTOR, fee_percentage: '0.20', effective_month: '2026-03' });
    const rows = await query<{ effective_month: string; fee_bps: number }>(
      `SELECT f.effective_month::text AS effective_month, f.fee_bps FROM investor_fee f JOIN investor i ON i.id = f.investor_id
        WHERE i.name = $1 ORDER BY f.effective_month`,
      [INVESTOR],
    );
    expect(rows).toEqual([{ effective_month: '1900-01-01', fee_bps: 1000 }, { effective_month: '2026-03-01', fee_bps: 2000 }]);
  });

  it('sends nothing when a required field is empty and says so beside the form', async () => {
    await open('Add New Income');
    const form = page.locator('form#add-income');
    const logged: string[] = [];
    page.on('console', (m) => logged.push(m.text()));
    await field(form, 'Income date').fill('2026-07-15');
    await field(form, 'Amount').fill('10');
    await form.getByRole('button', { name: 'Record income' }).click();
    await form.getByRole('alert').filter({ hasText: 'Please fill in all fields.' }).waitFor();
    expect(logged).toContain('Please fill in all fields.');
    expect(posts).toEqual([]);
    expect(dialogs).toEqual([]);
    // What was typed stays.
    expect(await field(form, 'Amount').inputValue()).toBe('10');
  });

  it('shows the server refusal beside the form and keeps the input', async () => {
    await open('Add New Investment');
    const form = page.locator('form#add-investment');
    const before = await query<{ n: number }>(`SELECT count(*)::int AS n FROM ledger_entry WHERE kind = 'investment'`);
    await field(form, 'Investor').selectOption(INVESTOR);
    await field(form, 'Property').selectOption(RENTAL);
    await field(form, 'Date').fill('2026-01-06');
    await field(form, 'Amount').fill('12.345');
    await form.getByRole('button', { name: 'Add investment' }).click();
    const refusal = form.getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(/Amount .*two decimals/i);
    expect(posts).toHaveLength(1);
    expect(dialogs).toEqual([]);
    expect(await field(form, 'Amount').inputValue()).toBe('12.345');
    expect(await form.getByRole('button', { name: 'Add investment' }).isEnabled()).toBe(true);
    expect(await query(`SELECT count(*)::int AS n FROM ledger_entry WHERE kind = 'investment'`)).toEqual(before);
    await screenshot(page, 'admin-investment-refused-desktop');
  });

  it('logs "Unexpected response structure" when the helper lists are missing, and still shows the page', async () => {
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.route('**/admin/get_admin_helpers', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ properties: [RENTAL] }) }),
    );
    try {
      await page.goto(base + '/admin?action=add-new-investment');
      const form = page.locator('form#add-investment');
      await expect.poll(() => field(form, 'Property').locator('option').allTextContents()).toEqual(['Select a property', RENTAL]);
      expect(await field(form, 'Investor').locator('option').allTextContents()).toEqual(['Select an investor']);
      expect(errors).toContain('Unexpected response structure');
    } finally {
      await page.unroute('**/admin/get_admin_helpers');
    }
  });

  it('tells a signed-in investor they are not authorized', async () => {
    const investor = await createInvestorWithLogin(t, 'Nico Nonadmin');
    await newPage();
    await signInAs(investor.username, investor.password);
    await page.goto(base + '/admin');
    await page.getByRole('alert').filter({ hasText: 'You are not authorized to view this page.' }).waitFor();
    expect(await page.getByLabel('Select Admin Action:').count()).toBe(0);
    await expectAccessible(page);
  });
});
