import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { mapleLogin } from '../support/maple-books.js';
import { mapleInBrowser } from '../support/maple-in-browser.js';
import { ADMIN } from '../support/test-app.js';
import { DESKTOP, expectAccessible, PHONE, screenshot } from '../support/browser.js';
import { centsOfCsv, centsOfMoney, ExplainPanel, type PanelGroup } from '../support/pages/explain-panel.js';
import { InvestorPage } from '../support/pages/investor-page.js';
import { LoginPage } from '../support/pages/login-page.js';

/**
 * "Returns that explain themselves" (issue 14) in Chromium, on the Maple books as of 2024-12-31: the XIRR
 * and Equity Multiple cards, and every figure's "How is this calculated?" panel (cards, a balance line, a
 * chart bar and a chart year, history rows, a property's figures) with its value, formula, parts, items
 * that add up to the cent, and the items as CSV; by mouse, by keyboard and on a phone.
 */
const sum = (amounts: readonly string[], read = centsOfMoney) => amounts.reduce((s, a) => s + read(a), 0);
const itemsOf = (groups: PanelGroup[]) => groups.flatMap((g) => g.items);

describe('"How is this calculated?" in Chromium', () => {
  // The worked example is as of 2024-12-31; the clock is set before anyone signs in and never moved.
  const env = mapleInBrowser({ logins: true, at: new Date('2024-12-31T18:00:00Z') });

  /** A signed-in investor's page, loaded. */
  const signedIn = async (who: string, viewport = DESKTOP, options = {}) => {
    const page = await env.browser.newWindow(viewport, { reducedMotion: 'reduce', ...options });
    const investor = await InvestorPage.signIn(page, env.app.base, mapleLogin(who));
    await investor.region('Total Income').getByText(/^\$/).waitFor();
    return { page, investor, panel: new ExplainPanel(page) };
  };

  /**
   * A sum's panel: the items add up to the value to the cent, as the total row says, and the CSV holds
   * every item (Date, Item, Amount) adding up to it too.
   */
  async function checkSum(panel: ExplainPanel, dialog: Locator, value: string, csvName: string): Promise<void> {
    expect(await panel.value(dialog)).toBe(value);
    const groups = await panel.groups(dialog);
    const items = itemsOf(groups);
    expect(items.length).toBeGreaterThan(0);
    expect(sum(items.map((i) => i.amount))).toBe(centsOfMoney(value));
    for (const g of groups) expect(sum(g.items.map((i) => i.amount))).toBe(centsOfMoney(g.total));
    const csv = await panel.downloadCsv(dialog);
    expect(csv.name).toBe(csvName);
    const [header, ...rows] = csv.records;
    expect(header!.slice(0, 3)).toEqual(['Date', 'Item', 'Amount']);
    expect(rows.map((r) => r[1])).toEqual(items.map((i) => i.label));
    expect(rows.map((r) => centsOfCsv(r[2]!))).toEqual(items.map((i) => centsOfMoney(i.amount)));
    expect(sum(rows.map((r) => r[2]!), centsOfCsv)).toBe(centsOfMoney(value));
    // The CSV's dates are the items' dates, as spreadsheets read them (YYYY-MM-DD).
    expect(rows.map((r) => r[0]!.replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$2/$3/$1'))).toEqual(items.map((i) => i.date));
  }

  /** A ratio's panel: each part's items add up to that part, as its total row and the parts list say. */
  async function checkRatio(panel: ExplainPanel, dialog: Locator, parts: [string, string][], arithmetic: string): Promise<void> {
    expect(await panel.parts(dialog)).toEqual(parts);
    expect(await panel.arithmetic(dialog)).toBe(arithmetic);
    const groups = await panel.groups(dialog);
    expect(groups.map((g) => g.heading)).toEqual(parts.map(([label]) => label));
    for (const [k, g] of groups.entries()) {
      expect(sum(g.items.map((i) => i.amount)), `${g.heading}: its items`).toBe(centsOfMoney(parts[k]![1]));
      expect(g.total).toBe(parts[k]![1]);
    }
    const csv = await panel.downloadCsv(dialog);
    const [header, ...rows] = csv.records;
    expect(header).toEqual(['Date', 'Item', 'Amount', 'Part']);
    for (const [label, value] of parts) {
      expect(sum(rows.filter((r) => r[3] === label).map((r) => r[2]!), centsOfCsv), `CSV rows of ${label}`).toBe(centsOfMoney(value));
    }
  }

  it("opens each of investor A's cards by mouse: value, formula, items adding up to the cent, and the CSV", async () => {
    const { page, investor, panel } = await signedIn('A');
    await screenshot(page, 'explain-cards-desktop');

    let dialog = await panel.open('Active Investments');
    expect(await panel.formula(dialog)).toContain('Σ investments − Σ investment withdrawals in every property');
    await checkSum(panel, dialog, '$75,000.00', 'Active Investments calculation - A.csv');
    expect(await panel.parts(dialog)).toEqual([['Investments', '$100,000.00'], ['Investment withdrawals', '-$25,000.00']]);
    await panel.close(dialog);

    dialog = await panel.open('Total Income');
    expect(await panel.formula(dialog)).toContain('total_income = Σ monthly cash flows');
    await checkSum(panel, dialog, '$10,042.50', 'Total Income calculation - A.csv');
    const breakdown = await panel.parts(dialog);
    expect(breakdown.map(([label]) => label)).toEqual(['Income share', 'Management fee', 'Own expenses', 'LLC expenses']);
    expect(sum(breakdown.map(([, v]) => v))).toBe(1004250);
    await panel.close(dialog);

    dialog = await panel.open('Return on Investment');
    expect(await panel.value(dialog)).toBe('10.04%');
    expect(await panel.formula(dialog)).toContain('total_roi = 100 × total_income ÷ peak capital');
    await checkRatio(panel, dialog, [['Total income', '$10,042.50'], ['Peak capital', '$100,000.00']],
      '100 × $10,042.50 ÷ $100,000.00 = 10.04%');
    await expectAccessible(page);
    await screenshot(page, 'explain-panel-roi-desktop', { fullPage: false });
    await panel.close(dialog);

    // A's first money went in less than a year ago: no XIRR, and the card and the panel say why.
    const xirrCard = investor.region('XIRR');
    expect(await xirrCard.locator('.investor-figure').textContent()).toContain('—');
    expect(await xirrCard.getByText(/^No annual return yet: the first money went in/).count()).toBe(1);
    expect(await xirrCard.getByText('Yearly return weighing when each dollar went in and came out').count()).toBe(1);
    dialog = await panel.open('XIRR');
    expect(await panel.value(dialog)).toBe('—');
    expect(await panel.formula(dialog)).toContain('Here: No annual return yet');
    const flows = itemsOf(await panel.groups(dialog));
    expect(flows.map((f) => [f.date, f.amount])).toEqual([
      ['01/05/2024', '-$100,000.00'], ['07/01/2024', '$6,000.00'], ['09/10/2024', '$25,000.00'], ['12/31/2024', '$79,042.50'],
    ]);
    expect((await panel.downloadCsv(dialog)).records.slice(1).map((r) => r[2])).toEqual(['-100000.00', '6000.00', '25000.00', '79042.50']);
    await panel.close(dialog);

    const multiple = investor.region('Equity Multiple');
    expect(await multiple.locator('.investor-figure').textContent()).toBe('1.10×');
    expect(await multiple.locator('.investor-note').textContent()).toBe(
      'Paid out $31,000.00 of $100,000.00 invested ($25,000.00 capital, $6,000.00 cash)');
    dialog = await panel.open('Equity Multiple');
    expect(await panel.value(dialog)).toBe('1.10×');
    expect(await panel.formula(dialog)).toContain('equity_multiple = (Σ withdrawals of both kinds + terminal value) ÷ Σ investments');
    await checkRatio(panel, dialog, [['Returned', '$110,042.50'], ['Invested', '$100,000.00']], '$110,042.50 ÷ $100,000.00 = 1.10×');
    await screenshot(page, 'explain-panel-desktop', { fullPage: false });
    await panel.close(dialog);
  });

  it("shows C's XIRR of 6.21% with its flows and rate, the merged Rental Investments line, and a year's ROI", async () => {
    const { investor, panel } = await signedIn('C');
    expect(await investor.region('XIRR').locator('.investor-figure').textContent()).toBe('6.21%');
    let dialog = await panel.open('XIRR');
    expect(await panel.value(dialog)).toBe('6.21%');
    const [[rateLabel, rate], [npvLabel, npv]] = (await panel.parts(dialog)) as [[string, string], [string, string]];
    expect([rateLabel, npvLabel]).toEqual(['Rate as solved (unrounded)', 'Net present value at that rate']);
    expect(rate).toMatch(/^6\.2\d*%$/);
    expect(Math.abs(centsOfMoney(npv))).toBeLessThanOrEqual(1);
    const [flows] = await panel.groups(dialog);
    expect(flows!.items.map((f) => f.amount)).toEqual(['-$60,000.00', '$79,102.50']);
    expect(flows!.total).toBe('$19,102.50'); // the net of the flows
    await panel.downloadCsv(dialog);
    await panel.close(dialog);

    dialog = await panel.open('Equity Multiple');
    await checkRatio(panel, dialog, [['Returned', '$79,102.50'], ['Invested', '$60,000.00']], '$79,102.50 ÷ $60,000.00 = 1.32×');
    await panel.close(dialog);

    // With the group-land-contract flag on, the Rental line holds land contract capital: both figures, added.
    dialog = await panel.open('Rental Investments');
    expect(await panel.formula(dialog)).toContain('Rental Investments here = total_rental_investments + total_lc_investments');
    expect(await panel.parts(dialog)).toEqual([['Rental Investments', '$0.00'], ['Land Contract Investments', '$60,000.00']]);
    await checkSum(panel, dialog, '$60,000.00', 'Rental Investments calculation - C.csv');
    await panel.close(dialog);

    // A year of the chart, by its button.
    dialog = await panel.open('Yearly ROI 2024');
    expect(await panel.value(dialog)).toBe('31.84%');
    const parts = await panel.parts(dialog);
    expect(parts.map(([label]) => label)).toEqual(['Income', 'Capital-months (dollars × months)']);
    await checkRatio(panel, dialog, parts, `100 × ${parts[0]![1]} × 12 ÷ ${parts[1]![1]} = 31.84%`);
  });

  it('opens a panel by keyboard: Tab to the trigger, Enter, focus stays inside, Escape closes and focus returns', async () => {
    const { page, panel } = await signedIn('A');
    await panel.trigger('Active Investments').focus();
    await page.keyboard.press('Tab');
    expect(await panel.focused()).toBe('How is Total Income calculated?');
    expect(await panel.trigger('Total Income').evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid'); // visible focus
    await page.keyboard.press('Enter');
    const dialog = await panel.loaded('Total Income');
    expect(await panel.focused()).toBe('Close');
    expect(await dialog.getAttribute('aria-labelledby')).toBeTruthy();
    await page.keyboard.press('Tab');
    expect(await panel.focused()).toBe('Download CSV of Total Income calculation');
    await page.keyboard.press('Tab'); // the last control: Tab goes round to the first, never behind the panel
    expect(await panel.focused()).toBe('Close');
    await page.keyboard.press('Shift+Tab');
    expect(await panel.focused()).toBe('Download CSV of Total Income calculation');
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(download.suggestedFilename()).toBe('Total Income calculation - A.csv');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await panel.focused()).toBe('How is Total Income calculated?');
  });

  it('opens a balance line, a chart bar, history rows and a property figure', async () => {
    const { page, investor, panel } = await signedIn('A');

    let dialog = await panel.open('Cash Balance');
    expect(await panel.formula(dialog)).toContain('cash_balance = total_income − Σ cash withdrawals');
    await checkSum(panel, dialog, '$4,042.50', 'Cash Balance calculation - A.csv');
    await panel.close(dialog);

    // A bar of the chart: the pointer turns to a hand over it, and a click opens its year.
    await clickBar(page);
    dialog = await panel.loaded('Yearly ROI 2024');
    expect(await panel.value(dialog)).toBe('10.96%');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await panel.focused()).toBe('How is Yearly ROI 2024 calculated?'); // the year's button: a canvas takes no focus

    // An income row opens Total Income with its month's items marked and in view.
    await panel.trigger('Income History 07/2024').click();
    dialog = await panel.loaded('Total Income');
    const marked = itemsOf(await panel.groups(dialog)).filter((i) => i.marked);
    expect(marked.length).toBeGreaterThan(0);
    expect(marked.every((i) => i.date.startsWith('07/'))).toBe(true);
    expect(await dialog.getByText('The items of 07/2024, the row you opened, are marked.').count()).toBe(1);
    await expect.poll(() => dialog.locator('tr.explain-item-marked').first().evaluate((row) => {
      const body = row.closest('.explain-panel-body')!.getBoundingClientRect();
      const box = row.getBoundingClientRect();
      return box.top >= body.top && box.bottom <= body.bottom;
    })).toBe(true);
    await panel.close(dialog);

    // A distribution's row: both kinds of withdrawal added; its button does not open the row's description.
    await panel.trigger('Distributions History 09/2024').click();
    dialog = await panel.loaded('Distributions');
    expect(await panel.parts(dialog)).toEqual([['Capital returned', '$25,000.00'], ['Cash distributed', '$6,000.00']]);
    await checkSum(panel, dialog, '$31,000.00', 'Distributions calculation - A.csv');
    const september = itemsOf(await panel.groups(dialog)).filter((i) => i.marked);
    expect(september.map((i) => i.label)).toEqual(['Return of capital from P']);
    await panel.close(dialog);
    expect(await investor.rowToggle('Distributions History', '09/2024').getAttribute('aria-expanded')).toBe('false');

    // The property panel's figures name the property.
    await investor.propertyCard('P').click();
    await investor.detailPanel('P').waitFor();
    const asked = page.waitForRequest((r) => r.url().includes('/api/explain'));
    dialog = await panel.open('Income from P');
    const query = new URL((await asked).url()).searchParams;
    expect([query.get('figure'), query.get('property_name'), query.has('investor_name')]).toEqual(['total_income', 'P', false]);
    expect(await panel.formula(dialog)).toContain('total_income of the property');
    await checkSum(panel, dialog, '$10,980.00', 'Income from P calculation - A.csv');
    await panel.close(dialog);
    dialog = await panel.open('ROI of P');
    expect(await panel.value(dialog)).toBe('10.98%');
    await checkRatio(panel, dialog, [['Total income', '$10,980.00'], ['Peak capital', '$100,000.00']], '100 × $10,980.00 ÷ $100,000.00 = 10.98%');
  });

  it('says in words while the math loads and when it cannot be read', async () => {
    const { page, panel } = await signedIn('A');
    let answer!: (failed: boolean) => void;
    const answered = new Promise<boolean>((resolve) => (answer = resolve));
    await page.route('**/api/explain*', async (route) => {
      if (await answered) await route.fulfill({ status: 500, json: { message: 'The server could not answer.' } });
      else await route.continue();
    });
    await panel.trigger('Total Income').click();
    const dialog = panel.dialog('Total Income');
    await dialog.getByRole('status').getByText('Loading the calculation…').waitFor();
    answer(true);
    const alert = dialog.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('The calculation could not be loaded: The server could not answer.');
    expect(await dialog.getByRole('button', { name: /^Download CSV/ }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await panel.focused()).toBe('How is Total Income calculated?');
  });

  it("asks for the investor's figures by name when an admin views /investor/C", async () => {
    const page = await env.browser.newWindow(DESKTOP, { reducedMotion: 'reduce' });
    await new LoginPage(page, env.app.base).signIn(ADMIN.username, ADMIN.password);
    await page.goto(`${env.app.base}/investor/C`);
    const investor = new InvestorPage(page, env.app.base);
    await expect.poll(() => investor.figureOf('Total Income')).toBe('$19,102.50');
    const panel = new ExplainPanel(page);
    const asked = page.waitForRequest((r) => r.url().includes('/api/explain'));
    const dialog = await panel.open('Total Income');
    const query = new URL((await asked).url()).searchParams;
    expect([query.get('investor_name'), query.get('figure')]).toEqual(['C', 'total_income']);
    await checkSum(panel, dialog, '$19,102.50', 'Total Income calculation - C.csv');
  });

  it('fits a 390 px phone: the panel is the full width, nothing sideways, the CSV downloads', async () => {
    const { page, panel } = await signedIn('A', PHONE, { hasTouch: true, isMobile: true });
    // The two new cards stack under the first three, nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'explain-cards-phone');
    await panel.trigger('Total Income').tap();
    const dialog = await panel.loaded('Total Income');
    const box = (await dialog.boundingBox())!;
    expect([box.x, box.width]).toEqual([0, PHONE.width]);
    const fits = await dialog.evaluate((d) => {
      const body = d.querySelector('.explain-panel-body')!;
      const table = d.querySelector('table')!;
      return { body: body.scrollWidth <= body.clientWidth, table: table.getBoundingClientRect().right <= body.getBoundingClientRect().right };
    });
    expect(fits).toEqual({ body: true, table: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'explain-panel-phone', { fullPage: false });
    await checkSum(panel, dialog, '$10,042.50', 'Total Income calculation - A.csv');
    await expectAccessible(page);
    await dialog.locator('table.explain-table').scrollIntoViewIfNeeded();
    await screenshot(page, 'explain-panel-items-phone', { fullPage: false });
    await dialog.getByRole('button', { name: 'Close', exact: true }).tap();
    await dialog.waitFor({ state: 'hidden' });
  });
});

/** Moves the pointer across the chart until it turns to a hand over a bar, then clicks there. */
async function clickBar(page: Page): Promise<void> {
  const canvas = page.locator('canvas[role="img"]');
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  const y = box.y + box.height * 0.7;
  for (let x = box.x + 2; x < box.x + box.width; x += 4) {
    await page.mouse.move(x, y);
    if ((await canvas.evaluate((c) => (c as HTMLElement).style.cursor)) === 'pointer') {
      await page.mouse.click(x, y);
      return;
    }
  }
  throw new Error('no bar under the pointer');
}
