import type { BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_INVESTORS, DEMO_PASSWORD, loadDemoData } from '../../src/server/demo/demo-data.js';
import {
  DESKTOP, expectAccessible, launchBrowser, PHONE, screenshot, serveWebApp, WEB_ROOT, type TestBrowser, type WebApp,
} from '../support/browser.js';
import { AdminPage } from '../support/pages/admin-page.js';
import { InvestorPage } from '../support/pages/investor-page.js';
import { LoginPage } from '../support/pages/login-page.js';
import { foreignRequests, pageWidth, recordFailures, recordRequests, scrollingSideways, textCutOff } from '../support/screen-checks.js';
import { ADMIN, startTestApp } from '../support/test-app.js';

/**
 * Every screen of the portal on the demo books, at phone (390×844) and desktop (1280×800) widths: nothing
 * wider than the window, no figure cut inside its cell, axe-core clean of serious and critical violations,
 * and no request to any host but the portal's own (the demo's pictures are the portal's, at /pictures/…).
 * With SCREENSHOTS=1, a screenshot of each for people to look at (test-results/screenshots).
 */
const WIDTHS = [
  { name: 'phone', size: PHONE },
  { name: 'desktop', size: DESKTOP },
] as const;
type Width = (typeof WIDTHS)[number];

/**
 * The screens that show at desktop width what they hide at phone width (see the max-width rules of
 * src/web/styles/app.css): Withdraw Funds shows its three forms side by side where a phone shows the chosen one.
 */
const MORE_AT_DESKTOP = new Set(['admin-withdraw-funds']);

const INVESTOR = DEMO_INVESTORS[0];
const slug = (title: string) => title.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/** What an action needs chosen before it shows its tables (the viewers, the reports). */
const CHOICES: Record<string, (admin: AdminPage) => Promise<void>> = {
  'Property Details': (a) => a.choose('Select Property:', 'Oak Street Duplex'),
  'Delete Property Transaction': (a) => a.choose('Select Property:', 'Oak Street Duplex'),
  'Delete LLC Transaction': (a) => a.choose('Select LLC:', 'Maple Holdings LLC'),
  'Cash Withdrawals': (a) => a.choose('Select Investor:', INVESTOR.name),
  'Update Property Notes': (a) => a.form('property-notes').choose('Property', 'Oak Street Duplex'),
  'LLC Taxes': async (a) => {
    await a.choose('Select Tax Year:', String(new Date().getFullYear() - 1));
    await a.choose('Select LLC:', 'Maple Holdings LLC');
    await a.page.getByRole('button', { name: 'Oak Street Duplex', exact: true }).click();
    await a.page.getByRole('heading', { name: /^Summary for Oak Street Duplex/ }).waitFor();
  },
};

/** Waits until nothing on the page is loading: no 'Loading...', no spinner, no skeleton. */
async function settled(page: Page): Promise<void> {
  await expect
    .poll(() => page.locator('main').evaluate((m) =>
      m.querySelectorAll('.spinner-border, .placeholder').length + (m.textContent?.includes('Loading...') ? 1 : 0)), { timeout: 15_000 })
    .toBe(0);
  await page.evaluate(() => document.fonts.ready);
}

describe('every screen at phone and desktop widths', () => {
  let app: WebApp;
  let browser: TestBrowser;
  /** The admin's session, signed in once through the login screen. */
  let adminSession: BrowserContextOptions['storageState'];
  /** The requests of every window of the test, checked after it. */
  let requests: string[][] = [];

  const openWindow = async (width: Width, options: BrowserContextOptions = {}) => {
    const page = await browser.newWindow(width.size, { reducedMotion: 'reduce', ...options });
    const seen = recordRequests(page);
    requests.push(seen);
    return { page, seen };
  };
  const adminWindow = async (width: Width) => (await openWindow(width, { storageState: adminSession })).page;

  /**
   * The checks of every screen, after its screenshot (saved only with SCREENSHOTS=1). axe-core runs once a
   * screen, at phone width, where the layout moves the most (tables stacked into cards, the withdraw
   * switch); a screen showing more at desktop width than at phone width is scanned at both.
   */
  const check = async (page: Page, name: string, width: Width) => {
    await settled(page);
    await screenshot(page, `screen-${name}-${width.name}`);
    expect(await pageWidth(page), `${name} at ${width.name}: page width`).toBeLessThanOrEqual(width.size.width);
    expect(await textCutOff(page), `${name} at ${width.name}: text cut off`).toEqual([]);
    expect(await scrollingSideways(page), `${name} at ${width.name}: boxes scrolling sideways`).toEqual([]);
    if (width.name === 'phone' || MORE_AT_DESKTOP.has(name)) await expectAccessible(page);
  };

  beforeAll(async () => {
    const t = await startTestApp('pglite', { PORTAL_NAME: 'Maple Street Investors', PORTAL_LOREN: 'true' }, { webRoot: WEB_ROOT });
    const runtime = { db: t.testDb.db, services: t.services, jwtSecret: '', close: async () => {} };
    // The demo's books end today (the wall clock's, as the browser's "today").
    t.clock.set(new Date());
    await loadDemoData(runtime, () => {}, t.clock.now().toISOString().slice(0, 10));
    app = await serveWebApp(t);
    browser = await launchBrowser();
    const page = await browser.newWindow(DESKTOP);
    await new LoginPage(page, app.base).signIn(ADMIN.username, ADMIN.password);
    adminSession = await page.context().storageState();
    await browser.closeWindows();
  }, 300_000);
  afterEach(async () => {
    await browser?.closeWindows();
    expect(foreignRequests(requests.flat(), app.base), 'requests to another origin').toEqual([]);
    requests = [];
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('finds a serious accessibility violation when a screen has one: the axe check is not blind', async () => {
    const { page } = await openWindow(WIDTHS[0]);
    await new LoginPage(page, app.base).open();
    await expectAccessible(page);
    // A picture without its text, which a screen reader cannot tell: axe's image-alt rule, critical.
    await page.evaluate(() => {
      const img = document.createElement('img');
      img.src = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
      document.querySelector('main')!.append(img);
    });
    const failure = await expectAccessible(page).then(() => undefined, (e: unknown) => e as { actual?: unknown });
    expect(failure?.actual).toEqual([expect.stringMatching(/^image-alt: /)]);
  });

  for (const width of WIDTHS) {
    describe(`at ${width.name} width`, () => {
      it('the login and registration screens', async () => {
        const { page } = await openWindow(width);
        await new LoginPage(page, app.base).open();
        await check(page, 'login', width);
        await page.goto(app.base + '/register');
        await page.getByRole('button', { name: 'REGISTER' }).waitFor();
        await check(page, 'register', width);
      });

      it("the admin's sign-in: the investors with their figures, no failing request, then an investor's page", async () => {
        const { page, seen } = await openWindow(width);
        const failures = recordFailures(page);
        await new LoginPage(page, app.base).signIn(ADMIN.username, ADMIN.password);
        const list = page.getByRole('region', { name: 'All investors', exact: true });
        await list.getByRole('link', { name: INVESTOR.name, exact: true }).waitFor();
        await check(page, 'investor-admin-landing', width);
        expect(failures).toEqual([]);
        expect(seen.filter((u) => u.includes('/api/investor_summary'))).toEqual([]);

        await list.getByRole('link', { name: INVESTOR.name, exact: true }).click();
        await page.waitForURL(`${app.base}/investor/${encodeURIComponent(INVESTOR.name)}`);
        const investor = new InvestorPage(page, app.base);
        await page.getByText(`Viewing as ${INVESTOR.name}`).waitFor();
        const card = page.locator('.investor-property-card').first();
        const property = (await card.locator('.investor-property-name').textContent())!;
        await card.click();
        await investor.detailPanel(property).getByText('Investments', { exact: true }).waitFor();
        await investor.settled();
        await check(page, 'investor-as-admin-with-panel', width);
        expect(failures).toEqual([]);

        await page.getByRole('link', { name: 'All investors' }).click();
        await page.waitForURL(`${app.base}/investor`);
        await list.waitFor();
      });

      it("an investor's own page, /protected and /account", async () => {
        const { page } = await openWindow(width);
        await new LoginPage(page, app.base).signIn(INVESTOR.username, DEMO_PASSWORD);
        await page.getByRole('heading', { level: 1, name: INVESTOR.name }).waitFor();
        // At the bottom, so settled() waits only for the chart's animation to end.
        const investorPage = new InvestorPage(page, app.base);
        await investorPage.scrollToBottom();
        await investorPage.settled();
        await check(page, 'investor-own', width);
        await page.goto(app.base + '/protected');
        await page.getByText(`Logged in as ${INVESTOR.username}`).waitFor();
        await check(page, 'protected', width);
        await page.goto(app.base + '/account');
        await page.getByLabel('Current password').waitFor();
        await check(page, 'account', width);
      });

      it('finds a figure cut inside its cell, and none on the admin tables as they are', async () => {
        const page = await adminWindow(width);
        const admin = new AdminPage(page, app.base);
        await admin.goto('?action=admin-summary');
        const cell = admin.table('Investors').locator('td.money').first();
        await cell.waitFor();
        expect(await textCutOff(page)).toEqual([]);
        // The same cell squeezed to 2rem with its overflow hidden, as a cut figure would be: found.
        await cell.evaluate((td) => Object.assign(td.style, { display: 'block', width: '2rem', overflow: 'hidden' }));
        expect(await textCutOff(page)).toEqual([expect.stringMatching(/^td\.money: \$[\d,]+\.\d\d$/)]);
      });

      it('the API reference', async () => {
        const { page } = await openWindow(width);
        await page.goto(app.base + '/api-docs');
        await page.locator('.swagger-ui .info').waitFor();
        // Swagger UI's own markup fails axe (its logo has no alt, its URL box no label, its operation rows nest
        // buttons): not the portal's to fix, so this page is checked for width and origins only.
        await screenshot(page, `screen-api-docs-${width.name}`);
        expect(await pageWidth(page)).toBeLessThanOrEqual(width.size.width);
      });

      it('the admin page: every action of the dropdown, by its own address', async () => {
        const page = await adminWindow(width);
        const admin = new AdminPage(page, app.base);
        await admin.goto();
        await admin.heading(2, 'Admin Summary').waitFor();
        const titles = await admin.actionPicker.locator('option').allTextContents();
        expect(titles.length).toBeGreaterThanOrEqual(19);
        for (const title of titles) {
          await admin.chooseAction(title);
          await CHOICES[title]?.(admin);
          await check(page, `admin-${slug(title)}`, width);
        }
      }, 240_000);
    });
  }
});
