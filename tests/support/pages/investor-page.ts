import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { DESKTOP, signedInWindow, type TestBrowser, type WebApp } from '../browser.js';
import { LoginPage } from './login-page.js';

/**
 * The investor page (docs/product.md, Screens: investor summary, property detail panel): the summary cards, the
 * balance, the yearly ROI chart, the three histories, the property scroller and its detail panel.
 */
export class InvestorPage {
  /** The investor's name. */
  readonly heading: Locator;
  /** What an investor without figures (or without access) sees under the heading. */
  readonly noData: Locator;
  readonly loading: Locator;

  constructor(
    readonly page: Page,
    readonly base: string,
  ) {
    this.heading = page.getByRole('heading', { level: 1 });
    this.noData = page.getByText('No data available', { exact: true });
    this.loading = page.getByRole('status');
  }

  /** Signs in through the login screen and answers the investor page it lands on. */
  static async signIn(page: Page, base: string, login: { username: string; password: string }): Promise<InvestorPage> {
    await new LoginPage(page, base).signIn(login.username, login.password);
    return new InvestorPage(page, base);
  }

  /**
   * A new window that starts with `login`'s session (from the API, see signedInWindow), open at /investor as
   * after signing in, for tests whose subject is not the sign-in.
   */
  static async inNewWindow(
    browser: TestBrowser,
    app: WebApp,
    login: { username: string; password: string },
    viewport = DESKTOP,
    options: BrowserContextOptions = {},
  ): Promise<InvestorPage> {
    const investor = new InvestorPage(await signedInWindow(browser, app, { login, viewport, options }), app.base);
    await investor.open();
    return investor;
  }

  /** Opens /investor, or /investor/<name> (the page of a named investor). */
  async open(investor?: string): Promise<void> {
    await this.page.goto(this.base + '/investor' + (investor === undefined ? '' : `/${encodeURIComponent(investor)}`));
  }

  /** A titled part of the page: a summary card, the balance, a history, the detail panel. */
  region(name: string): Locator {
    return this.page.getByRole('region', { name, exact: true });
  }

  /** The figure of a summary card ('Active Investments', 'Total Income', 'Return on Investment'). */
  figureOf(card: string): Promise<string | null> {
    return this.region(card).getByText(/^-?[$\d]/).textContent();
  }

  /** A label / figure list (the balance card, the property details) as [label, figure] pairs. */
  pairsOf(list: string): Promise<(string | null)[][]> {
    return this.region(list)
      .locator('.investor-row')
      .evaluateAll((rows) => rows.map((r) => [r.querySelector('dt')!.textContent, r.querySelector('dd')!.textContent]));
  }

  /** The body rows of a history table as cell texts. */
  rowsOf(history: string): Promise<(string | null)[][]> {
    return this.region(history)
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
  }

  /** The card around a titled part of the page (a history, the balance, the property details). */
  card(title: string): Locator {
    return this.page.locator('.investor-card', { has: this.page.getByRole('heading', { name: title, exact: true }) });
  }

  /** How tall a card is on screen, in CSS pixels. */
  async cardHeight(title: string): Promise<number> {
    return (await this.card(title).boundingBox())!.height;
  }

  /** The month button of a history row that has a description (it opens the description under the row). */
  rowToggle(history: string, month: string): Locator {
    return this.region(history).getByRole('button', { name: month, exact: true });
  }

  /** What the opened rows of a history say under themselves. */
  openedDescriptions(history: string): Promise<string[]> {
    return this.region(history).locator('tr.history-description').allInnerTexts();
  }

  /** What the yearly ROI chart says to a screen reader. */
  roiChartLabel(): Promise<string | null> {
    return this.page.locator('canvas[role="img"]').getAttribute('aria-label');
  }

  /** A property's card in the scroller, a toggle button. */
  propertyCard(name: string): Locator {
    return this.page.getByRole('button', { name, exact: true });
  }

  /** The detail panel a property's card opens. */
  detailPanel(name: string): Locator {
    return this.region(`${name} Details`);
  }

  /** Whether the window is scrolled to the bottom of the page. */
  scrolledToBottom(): Promise<boolean> {
    return this.page.evaluate(() => Math.ceil(window.scrollY + window.innerHeight) >= document.body.scrollHeight - 2);
  }

  /**
   * Scrolls to the bottom until it stays there: the cards and the chart arrive after the heading, and a
   * page that grows after one scroll is no longer scrolled to its bottom.
   */
  async scrollToBottom(): Promise<void> {
    await expect.poll(async () => {
      await this.page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      return this.scrolledToBottom();
    }, { timeout: 5_000 }).toBe(true);
  }

  /**
   * Waits until nothing moves: the smooth scroll to an opened panel has reached the bottom and the ROI
   * chart's animation has ended (two looks at its pixels 100 ms apart agree), as a screenshot wants.
   */
  async settled(): Promise<void> {
    await expect.poll(() => this.scrolledToBottom(), { timeout: 5_000 }).toBe(true);
    await this.chartStill();
  }

  /** Waits until the ROI chart's animation has ended: two looks at its pixels 100 ms apart agree. */
  async chartStill(): Promise<void> {
    const chart = this.page.locator('canvas[role="img"]');
    let last: string | undefined;
    const still = async () => {
      const now = await chart.evaluate((c) => (c as HTMLCanvasElement).toDataURL());
      const same = now === last;
      last = now;
      return same;
    };
    await expect.poll(still, { interval: 100, timeout: 5_000 }).toBe(true);
  }

  /** How wide the page is, overflow included. */
  pageWidth(): Promise<number> {
    return this.page.evaluate(() => document.documentElement.scrollWidth);
  }
}
