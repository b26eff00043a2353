import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dayBefore } from '../../src/server/domain/dates.js';
import { usd } from '../../src/server/domain/money.js';
import { centsOf } from '../../src/contract/values/dollar-cents.js';
import { MAPLE_LLC } from '../fixtures/maple.js';
import { DESKTOP, PHONE, screenshot } from '../support/browser.js';
import { readCsvObjects } from '../support/csv-records.js';
import { mapleInBrowser } from '../support/maple-in-browser.js';
import { mapleLogin } from '../support/maple-books.js';
import { AdminPage } from '../support/pages/admin-page.js';
import { InvestorPage } from '../support/pages/investor-page.js';
import { pdfText } from '../support/read-pdf.js';
import { unzip } from '../support/read-zip.js';
import { ADMIN, bearer, signIn } from '../support/test-app.js';

/** Clicks `button` and answers the file the browser saved, with its suggested name. */
async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), click()]);
  return { name: file.suggestedFilename(), bytes: await readFile((await file.path())!) };
}

/**
 * Statements and exports in Chromium: each kind of file downloaded the way its user gets it,
 * then read back and compared with the API's figures.
 */
describe('statement and export downloads in Chromium', () => {
  const env = mapleInBrowser({ logins: true });
  const api = async (url: string) => {
    const token = await signIn(env.app.app, ADMIN.username, ADMIN.password);
    return (await env.app.app.inject({ method: 'GET', url, headers: bearer(token) })).json() as Record<string, number>;
  };
  /** The Maple investors who held capital or cash on either side of a period: those who get a statement of it. */
  const holders = async (from: string, to: string) => {
    const names: string[] = [];
    for (const name of ['A', 'B', 'C']) {
      const ends = [await api(`/api/investor_summary?investor_name=${name}&as_of=${dayBefore(from)}`), await api(`/api/investor_summary?investor_name=${name}&as_of=${to}`)];
      if (ends.some((s) => s.total_investments !== 0 || s.cash_balance !== 0)) names.push(name);
    }
    return names;
  };

  it('lets an investor download last year’s statement from the Statements card, at phone and desktop widths', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const investor = await InvestorPage.inNewWindow(env.browser, env.app, mapleLogin('A'), viewport);
      const page = investor.page;
      const card = page.getByRole('region', { name: 'Statements', exact: true });
      await card.getByLabel('Period', { exact: true }).selectOption({ label: 'Custom range…' });
      await card.getByLabel('From').fill('2024-01-01');
      await card.getByLabel('To').fill('2024-12-31');
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, `statements-card-${viewport.width}`);
      const file = await downloaded(page, () => card.getByRole('button', { name: 'Download statement' }).click());
      expect(file.name).toBe('Statement A 2024-01-01 to 2024-12-31.pdf');
      const text = await pdfText(file.bytes);
      const summary = await api('/api/investor_summary?investor_name=A&as_of=2024-12-31');
      expect(text).toContain(usd(centsOf(summary.total_investments!)));
      expect(text).toContain(usd(centsOf(summary.cash_balance!)));
    }
  });

  it('shows a refused period in plain words on the card', async () => {
    const investor = await InvestorPage.inNewWindow(env.browser, env.app, mapleLogin('A'));
    const card = investor.page.getByRole('region', { name: 'Statements', exact: true });
    await card.getByLabel('Period', { exact: true }).selectOption({ label: 'Custom range…' });
    await card.getByLabel('From').fill('2024-12-31');
    await card.getByLabel('To').fill('2024-01-01');
    await card.getByRole('button', { name: 'Download statement' }).click();
    await expect.poll(() => card.getByRole('alert').textContent()).toBe('From must be on or before To.');
  });

  it('gives the admin every statement of each preset period the chooser offers, one PDF per investor who held something', async () => {
    // A preset once sent its label with its dates and the server refused it ("Unknown field: label.").
    const sent: string[] = [];
    const admin = await AdminPage.inNewWindow(env.browser, env.app);
    const page = admin.page;
    page.on('request', (r) => void (new URL(r.url()).pathname === '/admin/statements' && sent.push(new URL(r.url()).search)));
    await admin.open('Investor Statements');
    const chooser = page.getByLabel('Period', { exact: true });
    const dates = page.locator(`[id="${await chooser.getAttribute('aria-describedby')}"]`);
    const presets = (await chooser.locator('option').allTextContents()).filter((label) => label !== 'Custom range…');
    // This quarter to date and the four before it, this year to date and the three before it.
    expect(presets).toHaveLength(9);
    const counts = new Set<number>();
    for (const label of presets) {
      await chooser.selectOption({ label });
      // Shown the screen way (MM/DD/YYYY); the files are named by ISO dates.
      const [, fm, fd, fy, tm, td, ty] = /^(\d{2})\/(\d{2})\/(\d{4}) to (\d{2})\/(\d{2})\/(\d{4})$/.exec((await dates.textContent()) ?? '') ?? [];
      const [from, to] = fy ? [`${fy}-${fm}-${fd}`, `${ty}-${tm}-${td}`] : [];
      expect(from, `${label}: the dates shown under the choice`).toBeDefined();
      // A refusal shows in the form at once: fail with its words rather than wait out the download.
      const refused = page.getByRole('alert');
      const zip = await Promise.race([
        downloaded(page, () => page.getByRole('button', { name: 'Download all statements' }).click()),
        refused.waitFor({ timeout: 30_000 }).then(async () => Promise.reject(new Error(`${label}: ${await refused.textContent()}`))),
      ]);
      expect(zip.name, label).toBe(`Statements ${from} to ${to}.zip`);
      const expected = await holders(from!, to!);
      expect([...(await unzip(zip.bytes)).keys()].sort(), label).toEqual(expected.map((n) => `Statement ${n} ${from} to ${to}.pdf`));
      await expect.poll(() => page.getByText(`Saved Statements ${from} to ${to}.zip.`).isVisible()).toBe(true);
      counts.add(expected.length);
    }
    expect(sent.every((query) => [...new URLSearchParams(query).keys()].sort().join() === 'from,to'), sent.join(' ')).toBe(true);
    expect(sent).toHaveLength(presets.length);
    // C has held capital since 2020, so no preset period comes back empty.
    expect(Math.min(...counts)).toBeGreaterThan(0);
  });

  it('gives the admin every statement of a period as a zip, the tax package and the ledger', async () => {
    const admin = await AdminPage.inNewWindow(env.browser, env.app);
    const page = admin.page;

    await admin.open('Investor Statements');
    await page.getByLabel('Period', { exact: true }).selectOption({ label: 'Custom range…' });
    await page.getByLabel('From', { exact: true }).fill('2024-01-01');
    await page.getByLabel('To', { exact: true }).fill('2024-12-31');
    const zip = await downloaded(page, () => page.getByRole('button', { name: 'Download all statements' }).click());
    expect(zip.name).toBe('Statements 2024-01-01 to 2024-12-31.zip');
    expect([...(await unzip(zip.bytes)).keys()].sort()).toEqual(['A', 'B', 'C'].map((n) => `Statement ${n} 2024-01-01 to 2024-12-31.pdf`));
    await expect.poll(() => page.getByText(/^Saved Statements/).isVisible()).toBe(true);

    await admin.open('LLC Taxes');
    await admin.choose('Select Tax Year:', '2024');
    await admin.choose('Select LLC:', MAPLE_LLC.llc_name);
    const pack = await downloaded(page, () => page.getByRole('button', { name: 'Download tax package' }).click());
    expect(pack.name).toBe(`Tax package ${MAPLE_LLC.llc_name} 2024.zip`);
    const files = await unzip(pack.bytes);
    expect(files.has('README.txt')).toBe(true);
    const fields = readCsvObjects(files.get([...files.keys()].find((k) => k.endsWith('fields.csv'))!)!.toString('utf8'));
    const report = await api(`/admin/llc_taxes?selectedLLC=${encodeURIComponent(MAPLE_LLC.llc_name)}&selectedTaxYear=2024`);
    expect(fields.find((f) => f.Field === 'Total income')!.Amount).toBe(report.total_income!.toFixed(2));

    await admin.open('Export Ledger');
    await page.getByLabel('From', { exact: true }).fill('2024-01-01');
    await page.getByLabel('To', { exact: true }).fill('2024-12-31');
    await screenshot(page, 'export-ledger-1280');
    const ledger = await downloaded(page, () => page.getByRole('button', { name: 'Download ledger (CSV)' }).click());
    expect(ledger.name).toBe('Ledger 2024-01-01 to 2024-12-31.csv');
    const rows = readCsvObjects(ledger.bytes.toString('utf8'));
    expect(rows.length).toBeGreaterThan(40);
    expect(rows.every((r) => r.Date!.startsWith('2024-'))).toBe(true);
  });
});
