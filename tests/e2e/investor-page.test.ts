import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { DEFAULT_WEB_ROOT } from '../../src/server/app.js';
import { MAPLE_INVESTORS, MAPLE_LLC, MAPLE_PROPERTIES, MAPLE_RECORDINGS } from '../fixtures/maple.js';
import { ADMIN, bearer, createInvestorWithLogin, signIn, startTestApp, type TestApp } from '../support/test-app.js';
import { DESKTOP, expectAccessible, launchBrowser, PHONE, screenshot, submitLogin } from '../support/browser.js';

/**
 * The investor page in Chromium against the real server (portal-spec §2 Investor summary and Property
 * detail panel), on the Maple worked example as of 2024-12-31 (tests/integration/investor-portal.test.ts).
 */
const PASSWORD = 'amber canyon whistle 77';
const LOSS_COLOUR = 'rgb(198, 40, 40)';

describe('the investor page in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  let context: BrowserContext | undefined;
  let page: Page;

  beforeAll(async () => {
    t = await startTestApp('pglite', {}, { webRoot: DEFAULT_WEB_ROOT });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const admin = await signIn(t.app, ADMIN.username, ADMIN.password);
    const post = async (url: string, payload: unknown) => {
      const res = await t.app.inject({ method: 'POST', url, payload: payload as object, headers: bearer(admin) });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(201);
      return res.json() as Record<string, unknown>;
    };
    await post('/admin/add_llc', MAPLE_LLC);
    for (const p of MAPLE_PROPERTIES) await post('/admin/add_investment_property', p);
    for (const i of MAPLE_INVESTORS) {
      const { secret } = await post('/admin/add_investor', i);
      const reg = await t.app.inject({
        method: 'POST', url: '/auth/register',
        payload: { username: `investor.${i.name.toLowerCase()}`, password: PASSWORD, secret },
      });
      expect(reg.statusCode, reg.body).toBe(201);
    }
    for (const [url, body] of MAPLE_RECORDINGS) await post(url, body);
    await post('/admin/record_investment_withdrawal', { investor_name: 'A', property_name: 'P', date: '2024-09-10', amount: '25000' });
    await post('/admin/record_cash_withdrawal', { investor_name: 'A', date: '2024-07-01', description: 'Q2 distribution', amount: '6000' });
    await createInvestorWithLogin(t, 'Empty Ed', { username: 'empty.ed', password: PASSWORD });
    // The worked example is as of 2024-12-31. Tokens are checked against this clock, so the browser signs
    // in only after it is set, and it is never moved again (a moved clock would expire the session).
    t.clock.set(new Date('2024-12-31T18:00:00Z'));
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const fresh = async (viewport = DESKTOP) => {
    await context?.close();
    context = await browser.newContext({ viewport });
    page = await context.newPage();
    return page;
  };

  const signInAs = async (username: string) => {
    await submitLogin(page, base, username, PASSWORD);
    await page.waitForURL(base + '/investor');
  };

  const heading = () => page.getByRole('heading', { level: 1 });
  const region = (name: string) => page.getByRole('region', { name, exact: true });
  /** The body rows of a table as cell texts. */
  const rowsOf = (table: Locator) =>
    table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
  /** A label / figure list (balance card, property details) as [label, figure] pairs. */
  const pairsOf = (list: Locator) =>
    list.locator('.investor-row').evaluateAll((rows) =>
      rows.map((r) => [r.querySelector('dt')!.textContent, r.querySelector('dd')!.textContent]),
    );
  const figureOf = (card: string) => region(card).getByText(/^-?[$\d]/).textContent();
  const canvasLabel = () => page.locator('canvas[role="img"]').getAttribute('aria-label');

  it("shows investor A's summary: cards, balance, chart and the three histories", async () => {
    await fresh();
    const request = page.waitForRequest((r) => r.url().includes('/api/investor_summary'));
    await signInAs('investor.a');
    // On /investor the name is left out and the server answers for the signed-in investor.
    expect(new URL((await request).url()).searchParams.has('investor_name')).toBe(false);
    await expect.poll(() => heading().textContent()).toBe('A');
    await page.getByText('Investment Summary', { exact: true }).waitFor();

    expect(await figureOf('Active Investments')).toBe('$75,000.00');
    expect(await figureOf('Total Income')).toBe('$10,042.50');
    expect(await figureOf('Return on Investment')).toBe('10.04%');
    expect(await region('Active Investments').getByText('investments less capital returned').count()).toBe(1);

    // The group-land-contract flag is on by default: one merged rental line and no land contract line.
    expect(await pairsOf(region('Balance'))).toEqual([
      ['Cash Balance', '$4,042.50'],
      ['Rental Investments', '$75,000.00'],
      ['Other Investments', '$0.00'],
    ]);
    expect(await page.getByText('Land Contract Investments').count()).toBe(0);

    expect(await canvasLabel()).toBe('Yearly ROI: 2024 10.96%');

    expect(await rowsOf(region('Investment History'))).toEqual([
      ['09/2024', '-$25,000.00'],
      ['01/2024', '$100,000.00'],
    ]);
    const loss = region('Investment History').getByText('-$25,000.00');
    expect(await loss.evaluate((el) => [getComputedStyle(el).color, getComputedStyle(el).textAlign])).toEqual([LOSS_COLOUR, 'right']);

    const income = await rowsOf(region('Income History'));
    expect(income).toHaveLength(12);
    expect(income[0]).toEqual(['12/2024', '$810.00']);
    expect(income).toContainEqual(['07/2024', '-$360.00']);
    expect(income.at(-1)).toEqual(['01/2024', '$1,162.50']);

    const distributions = region('Distributions History');
    expect(await rowsOf(distributions)).toEqual([
      ['09/2024', '$25,000.00'],
      ['07/2024', '$6,000.00'],
    ]);
    expect(await distributions.locator('tr[title="Q2 distribution"]').count()).toBe(1);
    expect(await distributions.locator('tr[title="Return of capital – P"]').count()).toBe(1);

    // One card per property, none pressed, and no panel yet.
    const card = page.getByRole('button', { name: 'P', exact: true });
    expect(await card.getAttribute('aria-pressed')).toBe('false');
    expect(await page.getByRole('button', { name: 'Q', exact: true }).count()).toBe(0);
    expect(await page.getByText('P Details').count()).toBe(0);
    await screenshot(page, 'investor-summary-desktop');
  });

  it('toggles the property panel with the P card and scrolls to it; the page is accessible', async () => {
    const card = page.getByRole('button', { name: 'P', exact: true });
    const detail = page.waitForRequest((r) => r.url().includes('/api/investor_property'));
    await card.click();
    expect(new URL((await detail).url()).searchParams.get('property_name')).toBe('P');
    const panel = region('P Details');
    await panel.waitFor();
    expect(await card.getAttribute('aria-pressed')).toBe('true');
    expect(await pairsOf(panel)).toEqual([
      ['Investments', '$75,000.00'],
      ['Income', '$10,980.00'],
      ['ROI', '10.98%'],
      ['Notes', 'None'],
    ]);
    expect(await rowsOf(region('Property Investment History'))).toEqual([
      ['09/2024', '-$25,000.00'],
      ['01/2024', '$100,000.00'],
    ]);
    expect((await rowsOf(region('Property Income History')))[0]).toEqual(['12/2024', '$810.00']);
    const picture = panel.getByRole('img', { name: 'Picture of P' });
    expect(await picture.boundingBox()).toMatchObject({ width: 200, height: 200 });
    // 150 ms after the click the page scrolls smoothly to the bottom.
    await expect
      .poll(() => page.evaluate(() => Math.ceil(window.scrollY + window.innerHeight) >= document.body.scrollHeight - 2))
      .toBe(true);

    await expectAccessible(page);
    await screenshot(page, 'investor-desktop');

    await card.click();
    await expect.poll(() => page.getByText('P Details').count()).toBe(0);
    expect(await card.getAttribute('aria-pressed')).toBe('false');
  });

  it('fits a 390 px phone with the panel open: cards stack, nothing overflows sideways', async () => {
    await fresh(PHONE);
    await signInAs('investor.a');
    await expect.poll(() => figureOf('Total Income')).toBe('$10,042.50');
    await page.getByRole('button', { name: 'P', exact: true }).click();
    await region('P Details').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const [first, second] = await Promise.all(
      ['Active Investments', 'Total Income'].map((n) => region(n).boundingBox()),
    );
    expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1); // stacked, not side by side
    await page.waitForTimeout(600); // the smooth scroll and the chart animation settle before the picture
    await expectAccessible(page);
    await screenshot(page, 'investor-phone');
    // The smallest phone the design supports (ui.md): still nothing wider than the screen.
    await page.setViewportSize({ width: 360, height: 780 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  it("shows 'No data available' under the heading for an investor with nothing recorded", async () => {
    await fresh();
    // Slow the answer down a little so the loading state can be seen.
    await page.route('**/api/investor_summary*', async (route) => {
      await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });
    await page.goto(base + '/');
    await page.getByLabel('Username').fill('empty.ed');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'SIGN IN' }).click();
    await page.waitForURL(base + '/investor');
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Loading...');
    await page.getByText('No data available', { exact: true }).waitFor();
    expect(await heading().textContent()).toBe('Empty Ed');
    expect(await page.getByText('Investment Summary', { exact: true }).count()).toBe(1);
    expect(await page.getByText('Loading...').count()).toBe(0);
    expect(await page.getByRole('table').count()).toBe(0);
    await expectAccessible(page);
    await screenshot(page, 'investor-no-data-desktop');
  });

  it("does not show A's figures to investor B on /investor/A", async () => {
    await fresh();
    await signInAs('investor.b');
    await expect.poll(() => figureOf('Total Income')).toBe('$3,700.00');
    const answer = page.waitForResponse((r) => r.url().includes('/api/investor_summary?investor_name=A'));
    await page.goto(base + '/investor/A');
    expect((await answer).status()).toBe(404);
    await page.getByText('No data available', { exact: true }).waitFor();
    expect(await page.getByText('$10,042.50').count()).toBe(0);
    expect(await page.getByText('$75,000.00').count()).toBe(0);
    expect(await page.getByRole('table').count()).toBe(0);
    expect(await page.locator('canvas').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/investor/A'); // a 404 is not a reason to sign out
  });

  it('keeps land contract capital on its own line when the group flag is off', async () => {
    await fresh();
    await signInAs('investor.c');
    await expect.poll(() => figureOf('Total Income')).toBe('$19,102.50');
    expect(await pairsOf(region('Balance'))).toEqual([
      ['Cash Balance', '$19,102.50'],
      ['Rental Investments', '$60,000.00'],
      ['Other Investments', '$0.00'],
    ]);
    expect(await canvasLabel()).toBe('Yearly ROI: 2020 0.00%, 2021 0.00%, 2022 0.00%, 2023 0.00%, 2024 31.84%');

    await fresh();
    await page.route('**/manifest.json', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), group_land_contract: false } });
    });
    await signInAs('investor.c');
    await expect.poll(() => figureOf('Total Income')).toBe('$19,102.50');
    expect(await pairsOf(region('Balance'))).toEqual([
      ['Cash Balance', '$19,102.50'],
      ['Rental Investments', '$0.00'],
      ['Land Contract Investments', '$60,000.00'],
      ['Other Investments', '$0.00'],
    ]);
  });
});
