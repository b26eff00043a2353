import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { buffer } from 'node:stream/consumers';
import PDFDocument from 'pdfkit';
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ZipFile } from 'yazl';
import {
  DESKTOP, expectAccessible, launchBrowser, PHONE, screenshot, serveWebApp, signedInWindow, WEB_ROOT, type TestBrowser, type WebApp,
} from '../support/browser.js';
import { mapleBooksTemplate, mapleLogin, type MapleBooks } from '../support/maple-books.js';
import { InvestorPage } from '../support/pages/investor-page.js';
import { pageWidth } from '../support/screen-checks.js';
import { ADMIN, seedAs, signIn, type AppTemplate } from '../support/test-app.js';

/** A one-page PDF holding `lines` as text, as a K-1 printed by tax software would. */
async function k1Pdf(lines: readonly string[]): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER' });
  for (const line of lines) doc.text(line);
  doc.end();
  return buffer(doc);
}

async function zipOf(entries: readonly { name: string; bytes: Buffer }[]): Promise<Buffer> {
  const zip = new ZipFile();
  for (const e of entries) zip.addBuffer(e.bytes, e.name);
  zip.end();
  return buffer(zip.outputStream);
}

async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), click()]);
  return { name: file.suggestedFilename(), bytes: await readFile((await file.path())!) };
}

const YEAR = String(new Date().getFullYear() - 1);
const TAX_ID_FILE = 'k1-0001.pdf';
const NAME_FILE = `Victor Ashby K-1 ${YEAR}.pdf`;
const UNMATCHED_FILE = 'scan-0042.pdf';

const fileRow = (page: Page, file: string): Locator => page.getByTestId('k1-file-row').filter({ hasText: file });
/** A member's row of the status table (on a phone each row is a small card, so found by its first cell's text). */
const statusRow = (page: Page, member: string): Locator =>
  page.getByRole('region', { name: 'K-1 status' }).locator('tbody tr').filter({ has: page.locator('td:first-child').getByText(member, { exact: true }) });

/**
 * K-1s in one upload, in Chromium: the admin uploads a zip of an LLC's K-1s on a phone and sees each
 * matched (by the tax ID in its text, by the name in its file name, or not at all), finishes the review
 * at desktop width (choosing the unmatched file's member by hand), publishes, and the status table says
 * Uploaded; the member given the file by hand finds exactly that file among their documents, another
 * member finds none.
 */
describe('K-1s in one upload in Chromium', () => {
  let maple: AppTemplate<MapleBooks>;
  let app: WebApp;
  let browser: TestBrowser;
  const pdfs = new Map<string, Buffer>();

  beforeAll(async () => {
    maple = await mapleBooksTemplate('pglite', { logins: true });
    // Tax IDs are kept sealed: the portal needs its key to store one.
    app = await serveWebApp(await maple.start({ DATA_KEY: randomBytes(32).toString('base64') }, { webRoot: WEB_ROOT }));
    browser = await launchBrowser();
    const post = seedAs(app, await signIn(app.app, ADMIN.username, ADMIN.password));
    const fields = { email: '', phone: '', address: '', fee_percentage: '0' };
    await post('/admin/add_investor', { name: 'Nora Quinlan', ...fields, tax_id: '123-45-6789' });
    await post('/admin/add_investor', { name: 'Victor Ashby', ...fields });
    for (const name of ['Nora Quinlan', 'Victor Ashby']) {
      await post('/admin/add_investment', { property_name: 'P', investor_name: name, date: '2024-05-01', amount: '10000.00' });
    }
    pdfs.set(TAX_ID_FILE, await k1Pdf([`Schedule K-1 (Form 1065) ${YEAR}`, "Partner's identifying number 123-45-6789", 'Ordinary business income 1,234']));
    pdfs.set(NAME_FILE, await k1Pdf([`Schedule K-1 (Form 1065) ${YEAR}`, 'Ordinary business income 2,345']));
    pdfs.set(UNMATCHED_FILE, await k1Pdf([`Schedule K-1 (Form 1065) ${YEAR}`, 'Ordinary business income 3,456']));
  });
  afterEach(() => browser?.closeWindows());
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await maple?.close();
  });

  it('matches an uploaded zip, takes a choice by hand, publishes, and each member sees only their own K-1', async () => {
    const zip = await zipOf([...pdfs].map(([name, bytes]) => ({ name, bytes })));

    // On a phone: last year is chosen, the LLC (the only one) too; every member's K-1 is missing.
    const phone = await signedInWindow(browser, app, { viewport: PHONE });
    await phone.goto(`${app.base}/admin?action=k-1s`);
    await statusRow(phone, 'Nora Quinlan').waitFor();
    expect(await phone.getByLabel('Tax year').inputValue()).toBe(YEAR);
    expect(await statusRow(phone, 'Nora Quinlan').textContent()).toContain('•••-••-6789');
    expect(await statusRow(phone, 'B').textContent()).toContain('none on file');
    for (const member of ['A', 'B', 'Nora Quinlan', 'Victor Ashby']) expect(await statusRow(phone, member).textContent()).toContain('Missing');

    const form = phone.getByRole('form', { name: 'Upload K-1s' });
    // A file that is neither a PDF nor a zip is refused in words, before anything is sent.
    await form.getByLabel('Drop the files here, or choose them').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await form.getByRole('button', { name: 'Upload K-1s' }).click();
    await form.getByText('Only PDFs or a zip: “notes.txt” is neither.').waitFor();

    await form.getByLabel('Drop the files here, or choose them').setInputFiles({ name: 'k1s.zip', mimeType: 'application/zip', buffer: zip });
    await form.getByRole('button', { name: 'Upload K-1s' }).click();
    await phone.getByRole('status').filter({ hasText: 'K-1s received: check the matches, then publish.' }).waitFor();
    await fileRow(phone, UNMATCHED_FILE).waitFor();

    // The unmatched file first, highlighted; the others preselected with how they were matched.
    expect(await phone.getByTestId('k1-file-row').first().textContent()).toContain(UNMATCHED_FILE);
    expect(await fileRow(phone, UNMATCHED_FILE).getAttribute('class')).toContain('k1-needs-choice');
    expect(await fileRow(phone, UNMATCHED_FILE).getByTestId('k1-match').textContent()).toBe('unmatched');
    expect(await fileRow(phone, TAX_ID_FILE).getByTestId('k1-match').textContent()).toBe('tax ID');
    expect(await fileRow(phone, NAME_FILE).getByTestId('k1-match').textContent()).toBe('name');
    expect(await phone.getByLabel(`Member for ${TAX_ID_FILE}`).inputValue()).toBe('Nora Quinlan');
    expect(await phone.getByLabel(`Member for ${NAME_FILE}`).inputValue()).toBe('Victor Ashby');
    expect(await phone.getByLabel(`Member for ${UNMATCHED_FILE}`).inputValue()).toBe('');
    expect(await pageWidth(phone)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(phone);
    await screenshot(phone, 'admin-k1s-review-390');

    // At desktop width the batch left in draft opens again for review.
    const admin = await signedInWindow(browser, app, { viewport: DESKTOP });
    await admin.goto(`${app.base}/admin?action=k-1s`);
    await fileRow(admin, UNMATCHED_FILE).waitFor();
    // The file opens as it was sent, to check who it is for.
    const opened = await downloaded(admin, () => admin.getByRole('button', { name: `Open ${UNMATCHED_FILE}` }).click());
    expect(opened.bytes.equals(pdfs.get(UNMATCHED_FILE)!)).toBe(true);

    // Two files for one member are warned about; choosing another member clears the warning.
    const unmatched = admin.getByLabel(`Member for ${UNMATCHED_FILE}`);
    await unmatched.selectOption('Nora Quinlan');
    await admin.getByTestId('k1-doubles').getByText(/Two files for Nora Quinlan/).waitFor();
    await unmatched.selectOption('B');
    await expect.poll(() => admin.getByTestId('k1-doubles').count()).toBe(0);
    expect(await pageWidth(admin)).toBeLessThanOrEqual(DESKTOP.width);
    await expectAccessible(admin);
    await screenshot(admin, 'admin-k1s-review-1280');

    await admin.getByRole('button', { name: 'Publish 3 K-1s' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Publish the K-1s' });
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await admin.getByRole('status').filter({ hasText: 'K-1s published to 3 members.' }).waitFor();
    await expect.poll(() => admin.getByTestId('k1-file-row').count()).toBe(0);
    for (const member of ['B', 'Nora Quinlan', 'Victor Ashby']) {
      await expect.poll(() => statusRow(admin, member).textContent()).toContain('Uploaded');
    }
    expect(await statusRow(admin, 'A').textContent()).toContain('Missing');
    // Published, the upload form is back for the next batch.
    await admin.getByRole('form', { name: 'Upload K-1s' }).waitFor();
    expect(await pageWidth(admin)).toBeLessThanOrEqual(DESKTOP.width);
    await expectAccessible(admin);
    await screenshot(admin, 'admin-k1s-status-1280');
    await phone.reload();
    await expect.poll(() => statusRow(phone, 'B').textContent()).toContain('Uploaded');
    expect(await pageWidth(phone)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(phone);
    await screenshot(phone, 'admin-k1s-status-390');

    // B finds exactly the file chosen for them, and downloads it as sent.
    const b = await InvestorPage.inNewWindow(browser, app, mapleLogin('B'), PHONE);
    const documents = b.page.getByRole('region', { name: 'Documents', exact: true });
    const downloads = documents.getByRole('button', { name: /^Download / });
    await downloads.first().waitFor();
    expect(await downloads.count()).toBe(1);
    expect(await documents.textContent()).toContain('K-1');
    const file = await downloaded(b.page, () => downloads.first().click());
    expect(file.bytes.equals(pdfs.get(UNMATCHED_FILE)!)).toBe(true);
    await admin.reload();
    await expect.poll(() => statusRow(admin, 'B').textContent()).toContain('Downloaded');

    // A, a member without a K-1 in the batch, sees none.
    const a = await InvestorPage.inNewWindow(browser, app, mapleLogin('A'), PHONE);
    const theirs = a.page.getByRole('region', { name: 'Documents', exact: true });
    await theirs.getByText(/No documents yet/).waitFor();
    expect(await theirs.getByRole('button', { name: /^Download / }).count()).toBe(0);
  }, 240_000);

  it('takes PDFs sent as they are, and discards a batch without publishing anything', async () => {
    const admin = await signedInWindow(browser, app, { viewport: DESKTOP });
    await admin.goto(`${app.base}/admin?action=k-1s`);
    const form = admin.getByRole('form', { name: 'Upload K-1s' });
    await form.waitFor();
    const documentsBefore = await app.testDb.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM document WHERE kind = 'k1'`);
    await form.getByLabel('Drop the files here, or choose them').setInputFiles([TAX_ID_FILE, NAME_FILE].map((name) => ({
      name, mimeType: 'application/pdf', buffer: pdfs.get(name)!,
    })));
    await form.getByTestId('k1-chosen').getByText('2 files', { exact: false }).waitFor();
    await form.getByRole('button', { name: 'Upload K-1s' }).click();
    await fileRow(admin, TAX_ID_FILE).waitFor();
    expect(await admin.getByTestId('k1-file-row').count()).toBe(2);
    expect(await admin.getByLabel(`Member for ${TAX_ID_FILE}`).inputValue()).toBe('Nora Quinlan');

    await admin.getByRole('button', { name: 'Discard', exact: true }).click();
    await admin.getByRole('dialog', { name: 'Discard the upload' }).getByRole('button', { name: 'Discard' }).click();
    await admin.getByRole('status').filter({ hasText: 'K-1 batch discarded' }).waitFor();
    await admin.getByRole('form', { name: 'Upload K-1s' }).waitFor();
    expect(await admin.getByTestId('k1-file-row').count()).toBe(0);
    expect(await app.testDb.db.query(`SELECT count(*)::int AS n FROM document WHERE kind = 'k1'`)).toEqual(documentsBefore);
    // Reloaded, the discarded batch does not come back for review.
    await admin.reload();
    await admin.getByRole('form', { name: 'Upload K-1s' }).waitFor();
    expect(await admin.getByTestId('k1-file-row').count()).toBe(0);
  }, 120_000);
});
