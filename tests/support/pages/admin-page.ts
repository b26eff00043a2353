import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { collectDialogs, DESKTOP, signedInWindow, type TestBrowser, type WebApp } from '../browser.js';
import { ADMIN } from '../test-app.js';
import { LoginPage } from './login-page.js';

/** A POST the page sent to /admin/*, with its idempotency key. */
export type SentPost = { path: string; key: string | undefined; body: unknown };

/** A control by its label as a person reads it; a required field's label ends in the (aria-hidden) asterisk. */
export const byLabel = (scope: Locator | Page, label: string): Locator =>
  scope.getByLabel(new RegExp(`^\\s*${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?\\s*$`));

/** One form of the admin page: its controls by their labels, its buttons, the refusal shown beside it. */
export class AdminForm {
  constructor(readonly locator: Locator) {}

  field(label: string): Locator {
    return byLabel(this.locator, label);
  }

  fill(label: string, value: string): Promise<void> {
    return this.field(label).fill(value);
  }

  /** Picks an option of a selector, by its value or, given `{ label }`, by its text. */
  async choose(label: string, option: string | { label: string }): Promise<void> {
    await this.field(label).selectOption(option);
  }

  /**
   * Fills the form in the order given, as a person does: a text, date or number field is typed into, a
   * selector is set to the option with that value or text (or, given `{ label }`, that text).
   */
  async fillIn(values: Record<string, string | { label: string }>): Promise<void> {
    for (const [label, value] of Object.entries(values)) {
      const field = this.field(label);
      if (typeof value === 'string' && (await field.evaluate((e) => e.tagName)) !== 'SELECT') await field.fill(value);
      else await field.selectOption(value);
    }
  }

  /** The texts of a selector's options, as shown. */
  options(label: string): Promise<string[]> {
    return this.field(label).locator('option').allTextContents();
  }

  button(name: string): Locator {
    return this.locator.getByRole('button', { name });
  }

  submit(name: string): Promise<void> {
    return this.button(name).click();
  }

  /** The refusal shown beside the form (role=alert inside it). */
  error(): Locator {
    return this.locator.getByRole('alert');
  }

  /** The hint under an amount: its maximum, or what to choose first. */
  amountHint(): Locator {
    return this.locator.locator('[id$="-amount-hint"]');
  }

  /** Every control's [name, value], in the form's order. */
  entries(): Promise<[string, string][]> {
    return this.locator
      .locator('input, select, textarea')
      .evaluateAll((els) => els.map((e): [string, string] => [(e as HTMLInputElement).name, (e as HTMLInputElement).value]));
  }

  /** Every control's value, by name. */
  async values(): Promise<Record<string, string>> {
    return Object.fromEntries(await this.entries());
  }

  /** The names of the controls marked invalid (aria-invalid and Bootstrap's is-invalid together), in form order. */
  marked(): Promise<string[]> {
    return this.locator
      .locator('input, select, textarea')
      .evaluateAll((els) => els.filter((e) => e.getAttribute('aria-invalid') === 'true' && e.classList.contains('is-invalid'))
        .map((e) => (e as HTMLInputElement).name));
  }

  /** The texts a control is described by (its hint, what is wrong with it), as a screen reader announces them. */
  description(label: string): Promise<string[]> {
    return this.field(label).evaluate((el) =>
      (el.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean)
        .map((id) => document.getElementById(id)?.textContent?.trim() ?? `(missing #${id})`));
  }

  /** The name of the control that has the focus, if it is in this form. */
  focused(): Promise<string | null> {
    return this.locator.evaluate((f) => (f.contains(document.activeElement) ? (document.activeElement as HTMLInputElement).name : null));
  }

  /** The line above the fields explaining the form's term (loren, land contract, rental deposit). */
  intro(): Promise<string | null> {
    return this.locator.locator('.record-form-intro').textContent();
  }
}

/**
 * The admin page (docs/product.md, Screens) in one window: the action selector and its forms, the
 * transaction viewers with their confirm dialog. It keeps what the page did since the last `open()`: the
 * alerts it raised (accepted, as a user clicking OK), its console lines and its calls to /admin/*.
 */
export class AdminPage {
  readonly dialogs: string[];
  readonly logs: string[] = [];
  readonly posts: SentPost[] = [];
  /** GET requests to /admin/*, as path?query. */
  readonly gets: string[] = [];
  readonly actionPicker: Locator;
  /** The confirm dialog of a delete in the viewers. */
  readonly confirmDialog: Locator;

  constructor(
    readonly page: Page,
    readonly base: string,
  ) {
    this.dialogs = collectDialogs(page);
    page.on('console', (m) => this.logs.push(m.text()));
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (!url.pathname.startsWith('/admin/')) return;
      if (r.method() === 'POST') this.posts.push({ path: url.pathname, key: r.headers()['idempotency-key'], body: r.postDataJSON() });
      else this.gets.push(url.pathname + url.search);
    });
    this.actionPicker = page.getByLabel('Select Admin Action:');
    this.confirmDialog = page.getByRole('dialog');
  }

  /** Signs in through the login screen, as the admin unless told otherwise, and answers the window's admin page. */
  static async signIn(page: Page, base: string, login = ADMIN): Promise<AdminPage> {
    const admin = new AdminPage(page, base);
    await new LoginPage(page, base).signIn(login.username, login.password);
    return admin;
  }

  /**
   * The admin page of a new window that starts with the admin's session (from the API, see signedInWindow),
   * for tests whose subject is not the sign-in; nothing is open yet (`open()` or `goto()` next).
   */
  static async inNewWindow(browser: TestBrowser, app: WebApp, viewport = DESKTOP, options: BrowserContextOptions = {}): Promise<AdminPage> {
    return new AdminPage(await signedInWindow(browser, app, { viewport, options }), app.base);
  }

  /** Forgets the alerts, console lines and requests seen so far. */
  forget(): void {
    for (const seen of [this.dialogs, this.logs, this.posts, this.gets]) seen.length = 0;
  }

  /** Goes to /admin, or to /admin?… (a deep link to an action). */
  async goto(query = ''): Promise<void> {
    await this.page.goto(this.base + '/admin' + query);
  }

  /** Opens /admin and picks the action in the selector, as an admin does, forgetting what came before. */
  async open(title: string): Promise<void> {
    this.forget();
    await this.goto();
    await this.chooseAction(title);
  }

  /** Picks an action in the selector of the page already open and waits for its heading. */
  async chooseAction(title: string): Promise<void> {
    await this.actionPicker.selectOption({ label: title });
    await this.heading(2, title).waitFor();
  }

  heading(level: number, name: string): Locator {
    return this.page.getByRole('heading', { level, name });
  }

  /** A form of the open action, by its id. */
  form(id: string): AdminForm {
    return new AdminForm(this.page.locator(`form#${id}`));
  }

  /** A control outside the forms (a viewer's selector, the audit log's filter), by its label. */
  field(label: string): Locator {
    return byLabel(this.page, label);
  }

  /** Opens a transaction viewer, picks whose rows it shows, and waits for one of its tables. */
  async openViewer(title: string, selector: string, option: string, table: string): Promise<void> {
    await this.open(title);
    await this.choose(selector, option);
    await this.heading(3, table).waitFor();
  }

  /** Picks an option of a selector outside the forms (the property, LLC or investor of a viewer, a filter). */
  async choose(label: string, option: string | { label: string }): Promise<void> {
    await this.field(label).selectOption(option);
  }

  /** A transaction table of a viewer, by its heading. */
  table(title: string): Locator {
    return this.page.getByRole('region', { name: title, exact: true }).locator('table');
  }

  /** The row of ledger entry `id` in a viewer's table. */
  row(title: string, id: number): Locator {
    return this.table(title).locator(`tr[data-row-id="${id}"]`);
  }

  /** The ledger ids of a viewer table's rows, top to bottom. */
  rowIds(title: string): Promise<number[]> {
    return this.table(title)
      .locator('tbody tr[data-row-id]')
      .evaluateAll((rs) => rs.map((r) => Number(r.getAttribute('data-row-id'))));
  }

  /** The events of the audit log page on screen, top to bottom: each one's sentence and when. */
  auditEvents(): Locator {
    return this.region('Events').locator('li.audit-event');
  }

  /** Narrows a viewer's rows: words, and a date range (YYYY-MM-DD, '' for no bound). */
  async filterViewer(filter: { text?: string; from?: string; to?: string }): Promise<void> {
    if (filter.text !== undefined) await this.field('Search').fill(filter.text);
    if (filter.from !== undefined) await this.field('From').fill(filter.from);
    if (filter.to !== undefined) await this.field('To').fill(filter.to);
  }

  /** The detail column of a viewer table, top to bottom. */
  details(title: string): Promise<string[]> {
    return this.table(title).locator('tbody td.txn-detail .txn-struck').allTextContents();
  }

  /** A row's button, by its accessible name ("Void expense ID 7", "Correct expense ID 7"). */
  deleteButton(name: string): Locator {
    return this.page.getByRole('button', { name, exact: true });
  }

  /** A titled part of a report: a figure card, a table's scrolling region, a report section. */
  region(name: string): Locator {
    return this.page.getByRole('region', { name, exact: true });
  }

  /** The large figure of a report card ('Total Cash'), as shown. */
  figureOf(card: string): Promise<string | null> {
    return this.region(card).locator('.report-figure').textContent();
  }

  /** The one-line help under a report card's figure: what it sums. */
  helpOf(card: string): Promise<string | null> {
    return this.region(card).locator('.report-help').textContent();
  }

  /** The body rows of a report table as the cell texts a person reads (a history row: "date\ndetail"). */
  rowsOf(title: string): Promise<string[][]> {
    return this.table(title)
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => (td as HTMLElement).innerText.trim())));
  }

  /** The line under a report table's title: its total, or what it lists. */
  subtitleOf(title: string): Promise<string | null> {
    return this.page
      .locator('.report-card')
      .filter({ has: this.page.getByRole('heading', { name: title, exact: true }) })
      .locator('.report-card-subtitle')
      .textContent();
  }

  /** The label / value lines inside a part of a report (the LLC card, an address) as [label, value] pairs. */
  pairsOf(scope: Locator): Promise<[string, string][]> {
    return scope
      .locator('.report-row')
      .evaluateAll((rows) => rows.map((r): [string, string] => [
        (r.querySelector('dt') as HTMLElement).innerText.trim(), (r.querySelector('dd') as HTMLElement).innerText.trim(),
      ]));
  }

  /** How wide the page is, overflow included: at most the window's width when nothing sticks out sideways. */
  pageWidth(): Promise<number> {
    return this.page.evaluate(() => document.documentElement.scrollWidth);
  }

  /**
   * The money figures a person cannot read whole where they are: sticking out of the window, or out of a
   * box that clips or scrolls (a table wider than its card). Empty when every figure fits.
   */
  figuresCutOff(): Promise<string[]> {
    return this.page.evaluate(() => {
      const cut: string[] = [];
      for (const el of document.querySelectorAll<HTMLElement>('.money')) {
        const box = el.getBoundingClientRect();
        if (box.width === 0) continue;
        let left = 0;
        let right = document.documentElement.clientWidth;
        for (let a = el.parentElement; a; a = a.parentElement) {
          if (getComputedStyle(a).overflowX === 'visible') continue;
          const frame = a.getBoundingClientRect();
          left = Math.max(left, frame.left);
          right = Math.min(right, frame.right);
        }
        if (box.left < left - 0.5 || box.right > right + 0.5) cut.push(el.textContent ?? '');
      }
      return cut;
    });
  }

  /** The report tables wider than their card (which a person would have to scroll sideways), by name. */
  tablesScrollingSideways(): Promise<string[]> {
    return this.page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('.report-table-scroll')]
        .filter((el) => el.scrollWidth > el.clientWidth + 1)
        .map((el) => el.getAttribute('aria-label') ?? document.getElementById(el.getAttribute('aria-labelledby') ?? '')?.textContent ?? '?'),
    );
  }

  /** Checks the page itself refused the form: the reason beside it and in the console, and nothing sent. */
  async expectRefusedInPage(form: AdminForm, reason: string): Promise<void> {
    await expect.poll(() => form.error().textContent()).toBe(reason);
    expect(this.logs).toContain(reason);
    expect(this.posts).toEqual([]);
  }

  /** Waits for the one success alert, then checks every control of the form is back to empty (or its default). */
  async expectSuccess(form: AdminForm, alert: string | RegExp, defaults: Record<string, string> = {}): Promise<void> {
    await expect.poll(() => this.dialogs.length, { timeout: 10_000 }).toBe(1);
    if (typeof alert === 'string') expect(this.dialogs[0]).toBe(alert);
    else expect(this.dialogs[0]).toMatch(alert);
    const expected = (await form.entries()).map(([name]) => [name, defaults[name] ?? '']);
    await expect.poll(() => form.entries()).toEqual(expected);
    // No longer sending (a button that cannot act yet, such as Save LLC with no LLC chosen, stays disabled).
    await expect.poll(() => form.locator.getAttribute('aria-busy')).toBe('false');
    expect(await form.locator.locator('.spinner-border').count()).toBe(0);
  }
}
