import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, expectAccessible, PHONE, screenshot, signedInWindow } from '../support/browser.js';
import { mapleLogin } from '../support/maple-books.js';
import { mapleInBrowser } from '../support/maple-in-browser.js';
import { InvestorPage } from '../support/pages/investor-page.js';
import { pageWidth } from '../support/screen-checks.js';
import { ADMIN, bearer, seedAs, signIn } from '../support/test-app.js';

type Figures = { total_investments: number; total_income: number; cash_balance: number; xirr: number | null };

const money = (dollars: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(dollars);
/** Dollars added in cents, as the portal adds them. */
const sum = (...dollars: number[]) => dollars.reduce((total, d) => total + Math.round(d * 100), 0) / 100;

/**
 * One person, several investing entities, in Chromium (issue 29, items 4 and 7): an administrator lets A's login
 * hold C's record too (say A's IRA); A's page then has the "Investor record" switcher, choosing C shows C's
 * figures at /investor/C, and "All my entities (combined)" shows the sums of both, with the XIRR of their
 * flows together. The Maple books as of 2024-12-31.
 */
describe('an investor with several records in Chromium', () => {
  const env = mapleInBrowser({ logins: true, at: new Date('2024-12-31T18:00:00Z') });
  const figures: Record<'A' | 'C' | 'combined', Figures> = {} as never;

  beforeAll(async () => {
    const admin = await signIn(env.app.app, ADMIN.username, ADMIN.password);
    await seedAs(env.app, admin)('/admin/grant_investor_access', { username: mapleLogin('A').username, investor_name: 'C' });
    const a = await signIn(env.app.app, mapleLogin('A').username, mapleLogin('A').password);
    const read = async (url: string) => {
      const res = await env.app.app.inject({ method: 'GET', url, headers: bearer(a) });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      return res.json() as Figures;
    };
    figures.A = await read('/api/investor_summary');
    figures.C = await read('/api/investor_summary?investor_name=C');
    figures.combined = await read('/api/investor_combined');
  });

  for (const [width, viewport] of [[390, PHONE], [1280, DESKTOP]] as const) {
    it(`at ${width} px: switches between A and C and shows the combined view`, async () => {
      const investor = await InvestorPage.inNewWindow(env.browser, env.app, mapleLogin('A'), viewport);
      const { page } = investor;
      await expect.poll(() => investor.heading.textContent()).toBe('A');
      const switcher = page.getByLabel('Investor record');
      await switcher.waitFor();
      expect(await switcher.locator('option').allTextContents()).toEqual(['A', 'C', 'All my entities (combined)']);
      expect(await switcher.inputValue()).toBe('A');
      await expect.poll(() => investor.figureOf('Active Investments')).toBe(money(figures.A.total_investments));
      expect(await pageWidth(page)).toBeLessThanOrEqual(width);
      await expectAccessible(page);
      await screenshot(page, `entities-own-${width}`);

      // C's record: its own address, its own figures.
      await switcher.selectOption('C');
      await page.waitForURL(`${env.app.base}/investor/C`);
      await expect.poll(() => investor.heading.textContent()).toBe('C');
      await expect.poll(() => investor.figureOf('Active Investments')).toBe(money(figures.C.total_investments));
      expect(await investor.figureOf('Total Income')).toBe(money(figures.C.total_income));
      expect(figures.C.total_investments).not.toBe(figures.A.total_investments);
      expect(await page.getByLabel('Investor record').inputValue()).toBe('C');
      await screenshot(page, `entities-c-${width}`);

      // The combined view: the sums of both, and the note saying what it combines.
      await page.getByLabel('Investor record').selectOption({ label: 'All my entities (combined)' });
      await page.waitForURL(`${env.app.base}/investor?view=combined`);
      await expect.poll(() => investor.heading.textContent()).toBe('All my entities');
      const note = page.getByTestId('combined-note');
      await expect.poll(() => note.textContent()).toContain('These figures combine A and C');
      await expect.poll(() => investor.figureOf('Active Investments')).toBe(money(sum(figures.A.total_investments, figures.C.total_investments)));
      expect(await investor.figureOf('Total Income')).toBe(money(sum(figures.A.total_income, figures.C.total_income)));
      expect((await investor.pairsOf('Balance'))[0]).toEqual(['Cash Balance', money(sum(figures.A.cash_balance, figures.C.cash_balance))]);
      // The XIRR of the flows together, as the server computed it (not an average of the two).
      const xirr = figures.combined.xirr;
      expect(await investor.region('XIRR').locator('.investor-figure').textContent()).toBe(xirr === null ? '—None' : `${xirr.toFixed(2)}%`);
      expect(await page.getByLabel('Investor record').inputValue()).not.toBe('A');
      expect(await pageWidth(page)).toBeLessThanOrEqual(width);
      await expectAccessible(page);
      await screenshot(page, `entities-combined-${width}`);

      // Back to A's own page: /investor again.
      await page.getByLabel('Investor record').selectOption('A');
      await page.waitForURL(`${env.app.base}/investor`);
      await expect.poll(() => investor.figureOf('Active Investments')).toBe(money(figures.A.total_investments));
    });
  }

  it('shows no switcher to an investor with one record', async () => {
    const page = await signedInWindow(env.browser, env.app, { login: mapleLogin('B') });
    const records = page.waitForResponse((r) => r.url().includes('/api/my_investors'));
    const investor = new InvestorPage(page, env.app.base);
    await investor.open();
    expect((await records).status()).toBe(200);
    await expect.poll(() => investor.heading.textContent()).toBe('B');
    await investor.figureOf('Active Investments');
    expect(await page.getByLabel('Investor record').count()).toBe(0);
  });
});
