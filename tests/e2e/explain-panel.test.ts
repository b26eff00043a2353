import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { mapleLogin } from '../support/maple-books.js';
import { mapleInBrowser } from '../support/maple-in-browser.js';
import { DESKTOP, expectAccessible, PHONE, screenshot, signedInWindow } from '../support/browser.js';
import { plainWordsProblems } from '../../src/server/domain/explain-plain-words.js';
import { centsOfCsv, centsOfMoney, ExplainPanel, type PanelGroup } from '../support/pages/explain-panel.js';
import { InvestorPage } from '../support/pages/investor-page.js';

/**
 * "Returns that explain themselves" in Chromium, on the Maple books as of 2024-12-31: the
 * XIRR and Equity Multiple cards, and every figure's "How is this calculated?" panel (cards, a balance
 * line, a chart bar and a chart year, history rows, a property's figures) with its value, its sentence,
 * its arithmetic, items that add up to the cent, and the items as CSV; by mouse, by keyboard and on a
 * phone. A history row's ⓘ explains that row: the panel's figure is the row's, at 1280 and 390 px.
 */
const sum = (amounts: readonly string[], read = centsOfMoney) => amounts.reduce((s, a) => s + read(a), 0);
const itemsOf = (groups: PanelGroup[]) => groups.flatMap((g) => g.items);

describe('"How is this calculated?" in Chromium', () => {
  // The worked example is as of 2024-12-31; the clock is set before anyone signs in and never moved.
  const env = mapleInBrowser({ logins: true, at: new Date('2024-12-31T18:00:00Z') });

  /** A signed-in investor's page, loaded (the session from the API: no test here is about signing in). */
  const signedIn = async (who: string, viewport = DESKTOP, options = {}) => {
    const investor = await InvestorPage.inNewWindow(env.browser, env.app, mapleLogin(who), viewport, { reducedMotion: 'reduce', ...options });
    const { page } = investor;
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

  /** A ratio's panel: each part's items add up to that part, as its total row and the arithmetic say. */
  async function checkRatio(panel: ExplainPanel, dialog: Locator, parts: [string, string][], arithmetic: string[]): Promise<void> {
    expect(await panel.arithmetic(dialog)).toEqual(arithmetic);
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
    expect(await panel.headline(dialog)).toBe('This is the money you have put into your properties, less the capital paid back to you.');
    expect(await panel.arithmetic(dialog)).toEqual(['P: $100,000.00 invested − $25,000.00 returned = $75,000.00']);
    await checkSum(panel, dialog, '$75,000.00', 'Active Investments calculation - A.csv');
    await panel.close(dialog);

    dialog = await panel.open('Total Income');
    expect(await panel.headline(dialog)).toBe(
      'This is your share of what your properties earned each month, after the management fee, less your share of LLC expenses.');
    expect(await panel.arithmetic(dialog)).toEqual([
      'P, 12 months: your share $12,200.00, less management fees $1,220.00 = $10,980.00',
      'Your share of LLC expenses: -$937.50',
      'Total: $10,980.00 − $937.50 = $10,042.50',
    ]);
    await checkSum(panel, dialog, '$10,042.50', 'Total Income calculation - A.csv');
    await panel.close(dialog);

    dialog = await panel.open('Return on Investment');
    expect(await panel.value(dialog)).toBe('10.04%');
    expect(await panel.headline(dialog)).toBe('This is your total income as a percentage of the most you have had invested at one time.');
    await checkRatio(panel, dialog, [['Your income', '$10,042.50'], ['The most you had invested', '$100,000.00']],
      ['The most you had invested: $100,000.00, reached on 01/05/2024', '$10,042.50 income ÷ $100,000.00 = 10.04%']);
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
    expect(await panel.headline(dialog)).toMatch(/^No annual return yet: the first money went in/);
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
    expect(await panel.headline(dialog)).toBe('This is what you have been paid plus what you still hold, for each dollar you put in.');
    await checkRatio(panel, dialog, [['Paid to you, and what you still hold', '$110,042.50'], ['What you put in', '$100,000.00']], [
      '$25,000.00 capital returned + $6,000.00 income paid out + $75,000.00 still invested + $4,042.50 cash balance = $110,042.50',
      '$110,042.50 ÷ $100,000.00 put in = 1.10×',
    ]);
    await screenshot(page, 'explain-panel-desktop', { fullPage: false });
    await panel.close(dialog);
  });

  it("shows C's XIRR of 6.21% with its flows and rate, the merged Rental Investments line, and a year's ROI", async () => {
    const { investor, panel } = await signedIn('C');
    expect(await investor.region('XIRR').locator('.investor-figure').textContent()).toBe('6.21%');
    let dialog = await panel.open('XIRR');
    expect(await panel.value(dialog)).toBe('6.21%');
    const [paid, grown] = await panel.arithmetic(dialog);
    expect(paid).toBe('You put in $60,000.00 and have been paid $0.00; on 12/31/2024 you hold $79,102.50 (capital $60,000.00 + cash balance $19,102.50)');
    expect(grown).toMatch(/^Each amount grown from its own date to 12\/31\/2024, .* both come to \$79,102\.5\d at a yearly rate of 6\.21%$/);
    const [flows] = await panel.groups(dialog);
    expect(flows!.items.map((f) => f.amount)).toEqual(['-$60,000.00', '$79,102.50']);
    expect(flows!.total).toBe('$19,102.50'); // the net of the flows
    await panel.downloadCsv(dialog);
    await panel.close(dialog);

    dialog = await panel.open('Equity Multiple');
    await checkRatio(panel, dialog, [['Paid to you, and what you still hold', '$79,102.50'], ['What you put in', '$60,000.00']], [
      '$0.00 capital returned + $0.00 income paid out + $60,000.00 still invested + $19,102.50 cash balance = $79,102.50',
      '$79,102.50 ÷ $60,000.00 put in = 1.32×',
    ]);
    await panel.close(dialog);

    // With the group-land-contract flag on, the Rental line holds land contract capital: both figures, added.
    dialog = await panel.open('Rental Investments');
    expect(await panel.headline(dialog)).toBe(
      'This is the money you have put into your rental and land-contract properties, less the capital paid back to you: this portal shows them together.');
    expect(await panel.arithmetic(dialog)).toEqual(['Q: invested $60,000.00']);
    await checkSum(panel, dialog, '$60,000.00', 'Rental Investments calculation - C.csv');
    await panel.close(dialog);

    // A year of the chart, by its button: C's capital every month of 2024, and the year's income.
    dialog = await panel.open('Yearly ROI 2024');
    expect(await panel.value(dialog)).toBe('31.84%');
    const groups = await panel.groups(dialog);
    expect(groups.map((g) => g.heading)).toEqual(['Your income in the year', 'Your capital, month by month']);
    await checkRatio(panel, dialog, groups.map((g): [string, string] => [g.heading!, g.total]), [
      'Your capital, month by month: 12 months × $60,000.00 = $720,000.00',
      `${groups[0]!.total} income × 12 ÷ $720,000.00 = 31.84%`,
    ]);
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
    expect(await panel.headline(dialog)).toBe('This is the income you have earned that has not been paid out to you yet.');
    expect(await panel.arithmetic(dialog)).toEqual(['$10,042.50 income earned − $6,000.00 paid out to you = $4,042.50']);
    await checkSum(panel, dialog, '$4,042.50', 'Cash Balance calculation - A.csv');
    await panel.close(dialog);

    // A bar of the chart: the pointer turns to a hand over it, and a click opens its year.
    await clickBar(page);
    dialog = await panel.loaded('Yearly ROI 2024');
    expect(await panel.value(dialog)).toBe('10.96%');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await panel.focused()).toBe('How is Yearly ROI 2024 calculated?'); // the year's button: a canvas takes no focus

    // An income row opens that month's income, the row's own figure, with its arithmetic.
    dialog = await panel.open('Income History 07/2024');
    expect(await panel.value(dialog)).toBe('-$360.00');
    expect(await panel.headline(dialog)).toBe('This is your share of what your properties earned in 07/2024, after the management fee.');
    expect(await panel.arithmetic(dialog)).toEqual([
      'P: a $600.00 net loss × your 66.67% share ($100,000.00 of $150,000.00 capital) = -$400.00, plus $40.00 of earlier management fees given back = -$360.00',
    ]);
    await checkSum(panel, dialog, '-$360.00', 'Income History 2024-07 calculation - A.csv');
    await panel.close(dialog);

    // A distribution's row: both kinds of payment of the month, added; its button does not open the row's description.
    dialog = await panel.open('Distributions History 09/2024');
    expect(await panel.headline(dialog)).toBe('This is everything paid to you in 09/2024: capital paid back and income paid out.');
    expect(await panel.arithmetic(dialog)).toEqual(['Capital returned from P on 09/10/2024: $25,000.00']);
    await checkSum(panel, dialog, '$25,000.00', 'Distributions History 2024-09 calculation - A.csv');
    expect(itemsOf(await panel.groups(dialog)).map((i) => i.label)).toEqual(['Capital returned from P']);
    await panel.close(dialog);
    expect(await investor.rowToggle('Distributions History', '09/2024').getAttribute('aria-expanded')).toBe('false');

    // The property panel's figures name the property.
    await investor.propertyCard('P').click();
    await investor.detailPanel('P').waitFor();
    const asked = page.waitForRequest((r) => r.url().includes('/api/explain'));
    dialog = await panel.open('Income from P');
    const query = new URL((await asked).url()).searchParams;
    expect([query.get('figure'), query.get('property_name'), query.has('investor_name'), query.has('month')]).toEqual(['total_income', 'P', false, false]);
    expect(await panel.arithmetic(dialog)).toEqual(['Over 12 months, your share of its net income $12,200.00, less management fees $1,220.00 = $10,980.00']);
    await checkSum(panel, dialog, '$10,980.00', 'Income from P calculation - A.csv');
    await panel.close(dialog);
    dialog = await panel.open('ROI of P');
    expect(await panel.value(dialog)).toBe('10.98%');
    await checkRatio(panel, dialog, [['Your income', '$10,980.00'], ['The most you had invested', '$100,000.00']],
      ['The most you had invested: $100,000.00, reached on 01/05/2024', '$10,980.00 income ÷ $100,000.00 = 10.98%']);
  });

  /**
   * Every row of a history table: its ⓘ opens a panel whose figure is the row's (asked for with the row's
   * month), whose items are that month's alone and add up to it, in words without identifiers.
   */
  async function checkRows(investor: InvestorPage, panel: ExplainPanel, table: string, shot?: string): Promise<number> {
    const rows = await investor.rowsOf(table);
    for (const [k, [month, amount]] of rows.entries()) {
      const name = `${table} ${month!}`;
      const asked = panel.page.waitForRequest((r) => r.url().includes('/api/explain'));
      await panel.trigger(name).click();
      const dialog = await panel.loaded(name);
      expect(new URL((await asked).url()).searchParams.get('month')).toBe(`${month!.slice(3)}-${month!.slice(0, 2)}`);
      expect(await panel.value(dialog), `${name}: the panel's figure is the row's`).toBe(amount);
      const groups = await panel.groups(dialog);
      const items = itemsOf(groups);
      expect(items.every((i) => i.date.startsWith(`${month!.slice(0, 2)}/`) && i.date.endsWith(month!.slice(3))), `${name}: the month's items`).toBe(true);
      expect(sum(items.map((i) => i.amount)), `${name}: the items add up to the row`).toBe(centsOfMoney(amount!));
      const arithmetic = await panel.arithmetic(dialog);
      expect(arithmetic.at(-1), `${name}: the arithmetic ends at the row's figure`).toMatch(new RegExp(`${amount!.replace(/[$.]/g, '\\$&')}$`));
      const words = { headline: (await panel.headline(dialog))!, arithmetic, labels: items.map((i) => i.label), valueText: amount! };
      expect(plainWordsProblems(words), name).toEqual([]);
      if (shot && k === 0) await screenshot(panel.page, shot, { fullPage: false });
      await panel.close(dialog);
    }
    return rows.length;
  }

  for (const [width, viewport, options] of [['1280 px', DESKTOP, {}], ['390 px', PHONE, { hasTouch: true, isMobile: true }]] as const) {
    it(`explains each history row as the row at ${width}: its ⓘ shows the row's figure, made of that month`, async () => {
      const { page, investor, panel } = await signedIn('A', viewport, options);
      const at = viewport === DESKTOP ? 'desktop' : 'phone';
      let rows = await checkRows(investor, panel, 'Investment History', `explain-row-investment-${at}`);
      rows += await checkRows(investor, panel, 'Income History', `explain-row-income-${at}`);
      rows += await checkRows(investor, panel, 'Distributions History', `explain-row-distributions-${at}`);
      await investor.propertyCard('P').click();
      await investor.detailPanel('P').waitFor();
      rows += await checkRows(investor, panel, 'Property Investment History');
      rows += await checkRows(investor, panel, 'Property Income History', `explain-row-property-income-${at}`);
      // A's rows as of 2024-12-31: 2 of investment, 12 of income, 2 of distributions; P's 2 and 12.
      expect(rows).toBe(2 + 12 + 2 + 2 + 12);
      // Nothing sideways, and the panel of a row with two lines of arithmetic, for people to look at.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      const dialog = await panel.open('Income History 01/2024');
      expect(await panel.value(dialog)).toBe('$1,162.50');
      expect(await panel.arithmetic(dialog)).toEqual([
        'P: $1,500.00 net income × your 100% share = $1,500.00, less the 10% management fee $150.00 = $1,350.00',
        'Maple Holdings LLC expense, State fees (Annual report): -$300.00 × your 62.5% share of the LLC = -$187.50',
        'Income of the month: $1,350.00 − $187.50 = $1,162.50',
      ]);
      const fits = await dialog.evaluate((d) => {
        const body = d.querySelector('.explain-panel-body')!;
        return body.scrollWidth <= body.clientWidth;
      });
      expect(fits).toBe(true);
      await expectAccessible(page);
      await screenshot(page, `explain-row-income-month-${at}`, { fullPage: false });
    });
  }

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
    const page = await signedInWindow(env.browser, env.app, { options: { reducedMotion: 'reduce' } });
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
