import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, expectAccessible, PHONE, screenshot } from '../support/browser.js';
import { mapleLogin } from '../support/maple-books.js';
import { mapleInBrowser } from '../support/maple-in-browser.js';
import { AdminPage } from '../support/pages/admin-page.js';
import { InvestorPage } from '../support/pages/investor-page.js';
import { pdfText } from '../support/read-pdf.js';
import { pageWidth } from '../support/screen-checks.js';

/** Clicks and answers the file the browser saved, with its suggested name. */
async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), click()]);
  return { name: file.suggestedFilename(), bytes: await readFile((await file.path())!) };
}

const screenDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/**
 * Publishing a statement period in Chromium: the admin publishes the chosen period from Investor
 * Statements at 1280 px after a confirmation naming it; an investor, following the link of the e-mail
 * queued for them, finds the period on their page at 390 px and downloads its statement.
 */
describe('statement publications in Chromium', () => {
  const env = mapleInBrowser({ logins: true });

  it('lets the admin publish a period and an investor download its statement from the e-mail’s link', async () => {
    const admin = await AdminPage.inNewWindow(env.browser, env.app, DESKTOP);
    const page = admin.page;
    await admin.open('Investor Statements');
    const published = page.getByRole('region', { name: 'Published periods' });
    await published.getByText('No period published yet.').waitFor();

    // The dialog names the period and says who will be e-mailed; cancelling sends nothing.
    const publish = page.getByRole('button', { name: 'Publish and notify investors' });
    await publish.click();
    const dialog = page.getByRole('dialog', { name: 'Publish the statements' });
    await dialog.waitFor();
    const question = (await dialog.textContent()) ?? '';
    const [, fromShown, toShown] = /Publish the statements of (\d\d\/\d\d\/\d{4}) to (\d\d\/\d\d\/\d{4})\?/.exec(question) ?? [];
    expect(fromShown, question).toBeDefined();
    expect(question).toContain('will be e-mailed');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const count = async (sql: string) => (await env.app.testDb.db.query<{ n: number }>(sql))[0]!.n;
    expect(await count('SELECT count(*)::int AS n FROM statement_publication')).toBe(0);

    await publish.click();
    const [request] = await Promise.all([
      page.waitForRequest((r) => new URL(r.url()).pathname === '/admin/publish_statements'),
      dialog.getByRole('button', { name: 'Publish and notify' }).click(),
    ]);
    const period = request.postDataJSON() as { from: string; to: string };
    expect([screenDate(period.from), screenDate(period.to)]).toEqual([fromShown, toShown]);
    // The Maple investors all held capital in every recent quarter.
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Statements published for 3 investors. Each with an e-mail address and these notices on is told.');
    await published.getByRole('cell', { name: `${screenDate(period.from)} to ${screenDate(period.to)}` }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'statement-publications-admin-1280');

    // Publishing the same period again is refused in words.
    await publish.click();
    await dialog.getByRole('button', { name: 'Publish and notify' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/were already published/);
    expect(await count('SELECT count(*)::int AS n FROM statement_publication')).toBe(1);

    // A's e-mail: its link opens their page, where the period waits with its download.
    const [mail] = await env.app.testDb.db.query<{ text: string }>(
      `SELECT o.body_text AS text FROM notice_outbox o JOIN investor i ON i.id = o.investor_id WHERE o.event = 'statement_published' AND i.name = 'A'`,
    );
    const link = new URL(/See your statements: (\S+)/.exec(mail!.text)![1]!);
    const investor = await InvestorPage.inNewWindow(env.browser, env.app, mapleLogin('A'), PHONE);
    await investor.page.goto(env.app.base + link.pathname);
    const list = investor.page.getByRole('region', { name: 'Statements published for you' });
    await list.waitFor();
    await list.scrollIntoViewIfNeeded();
    expect(await pageWidth(investor.page)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(investor.page);
    await screenshot(investor.page, 'statement-publications-investor-390');
    const file = await downloaded(investor.page, () =>
      list.getByRole('button', { name: `Download the statement of ${screenDate(period.from)} to ${screenDate(period.to)}` }).click());
    expect(file.name).toBe(`Statement A ${period.from} to ${period.to}.pdf`);
    expect(await pdfText(file.bytes)).toContain(`A · ${screenDate(period.from)} to ${screenDate(period.to)}`);

    // The other widths: the admin's screen on a phone, the investor's list on a desktop.
    const phoneAdmin = await AdminPage.inNewWindow(env.browser, env.app, PHONE);
    await phoneAdmin.open('Investor Statements');
    await phoneAdmin.page.getByRole('region', { name: 'Published periods' }).getByText(`${screenDate(period.from)} to ${screenDate(period.to)}`).waitFor();
    expect(await pageWidth(phoneAdmin.page)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(phoneAdmin.page, 'statement-publications-admin-390');
    const desktopInvestor = await InvestorPage.inNewWindow(env.browser, env.app, mapleLogin('C'), DESKTOP);
    await desktopInvestor.region('Statements published for you').getByText(`${screenDate(period.from)} to ${screenDate(period.to)}`).waitFor();
    await screenshot(desktopInvestor.page, 'statement-publications-investor-1280');
  }, 180_000);
});
