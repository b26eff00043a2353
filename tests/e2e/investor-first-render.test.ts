import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE } from '../support/browser.js';
import { mapleInBrowser } from '../support/maple-in-browser.js';
import { mapleLogin } from '../support/maple-books.js';
import { InvestorPage } from '../support/pages/investor-page.js';

/**
 * The investor page's first render (docs/performance.md): Chart.js and the "How is this calculated?" panels
 * are chunks of their own, loaded when wanted, not with the page; the page's first reads are asked
 * once each, beside its code.
 */
describe("the investor page's first render in Chromium", () => {
  const env = mapleInBrowser({ logins: true, recordings: true });
  const CHART = /\/assets\/yearly-roi-bars-[\w-]+\.js$/;
  const PANEL = /\/assets\/explain-panel-[\w-]+\.js$/;

  /** Signs investor A in, then opens /investor afresh as a returning investor does, recording its requests. */
  async function reopened(viewport: typeof DESKTOP, options = {}): Promise<{ page: Page; investor: InvestorPage; urls: string[] }> {
    const page = await env.browser.newWindow(viewport, options);
    const investor = await InvestorPage.signIn(page, env.app.base, mapleLogin('A'));
    await expect.poll(() => investor.figureOf('Total Income')).toBe('$10,042.50');
    await page.goto('about:blank'); // the signed-in page gone, with whatever it was still loading
    const urls: string[] = [];
    page.on('request', (r) => urls.push(new URL(r.url()).pathname));
    await page.goto(`${env.app.base}/investor`);
    await expect.poll(() => investor.figureOf('Total Income')).toBe('$10,042.50');
    await page.waitForLoadState('networkidle');
    return { page, investor, urls };
  }

  it('on a phone loads neither the chart nor the panels with the page; a scroll draws the chart, an ⓘ opens its panel', async () => {
    const { page, investor, urls } = await reopened(PHONE, { hasTouch: true, isMobile: true });
    expect(urls.filter((u) => CHART.test(u) || PANEL.test(u))).toEqual([]);
    expect(await page.locator('canvas').count()).toBe(0);
    // Each first read once: the early reads are the page's, not more of them.
    expect(urls.filter((u) => u === '/api/investor_summary')).toHaveLength(1);
    expect(urls.filter((u) => u === '/admin/get_admin_level')).toHaveLength(1);
    // Meanwhile the chart's card says its values to a screen reader.
    expect(await investor.region('Yearly ROI').getByText('Yearly ROI: 2024 10.96%').count()).toBe(1);

    await page.mouse.wheel(0, 600);
    await page.locator('canvas[role="img"]').waitFor();
    expect(await investor.roiChartLabel()).toMatch(/^Yearly ROI: 2024 10\.96%/);
    expect(urls.filter((u) => CHART.test(u))).toHaveLength(1);
    expect(urls.filter((u) => PANEL.test(u))).toEqual([]);

    await page.getByRole('button', { name: 'How is Total Income calculated?' }).tap();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('$10,042.50').first().waitFor();
    expect(urls.filter((u) => PANEL.test(u))).toHaveLength(1);
  });

  it('at 1280 px draws the chart, which is on the first screen, without waiting for a scroll', async () => {
    const { page, investor, urls } = await reopened(DESKTOP);
    await page.locator('canvas[role="img"]').waitFor();
    expect(await investor.roiChartLabel()).toMatch(/^Yearly ROI: 2024 10\.96%/);
    expect(urls.filter((u) => CHART.test(u))).toHaveLength(1);
    expect(urls.filter((u) => PANEL.test(u))).toEqual([]);
  });
});
