import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, expectAccessible, PHONE, screenshot, signedInWindow } from '../support/browser.js';
import { mapleLogin } from '../support/maple-books.js';
import { mapleInBrowser } from '../support/maple-in-browser.js';
import { byLabel } from '../support/pages/admin-page.js';
import { InvestorPage } from '../support/pages/investor-page.js';
import { pageWidth } from '../support/screen-checks.js';

/** A small PDF: what the vault recognises by its first bytes. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), click()]);
  return { name: file.suggestedFilename(), bytes: await readFile((await file.path())!) };
}

/**
 * The document vault in Chromium: an admin uploads a document for the members of an LLC through the
 * Documents form (its refusals shown in words), and a member signs in, finds it on their page and
 * downloads it, at phone and desktop widths.
 */
describe('the document vault in Chromium', () => {
  const env = mapleInBrowser({ logins: true });

  it('lets an admin upload a document for an LLC and a member download it, at 390 and 1280 px', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const title = `Operating agreement ${viewport.width}`;
      const admin = await signedInWindow(env.browser, env.app, { viewport });
      await admin.goto(`${env.app.base}/admin?action=documents`);
      const form = admin.locator('#upload-document');
      await form.waitFor();

      // Nothing chosen: the form says what is missing and sends nothing.
      await form.getByRole('button', { name: 'Upload document' }).click();
      await expect.poll(() => form.getByRole('alert').textContent()).toBe('Please correct the fields marked below.');
      expect(await form.getByText('Title is required.').count()).toBe(1);
      expect(await form.getByText('Choose the file to upload.').count()).toBe(1);

      await byLabel(form, 'Title').fill(title);
      await byLabel(form, 'Kind').selectOption({ label: 'Agreement' });
      await byLabel(form, 'Tax year').fill('2024');
      await byLabel(form, 'For').selectOption({ label: 'The members of an LLC' });
      await byLabel(form, 'LLC').selectOption('Maple Holdings LLC');

      // A file whose content is not what its name says: the server's refusal, in its words.
      await byLabel(form, 'File').setInputFiles({ name: 'fake.pdf', mimeType: 'application/pdf', buffer: Buffer.from('just some text') });
      await form.getByRole('button', { name: 'Upload document' }).click();
      await expect.poll(() => form.getByRole('alert').textContent()).toBe('The file is named as a PDF, but its content is a text file.');

      await byLabel(form, 'File').setInputFiles({ name: `agreement-${viewport.width}.pdf`, mimeType: 'application/pdf', buffer: PDF });
      await form.getByRole('button', { name: 'Upload document' }).click();
      await expect.poll(() => form.getByRole('status').textContent()).toBe(`Document uploaded successfully: "${title}" (agreement-${viewport.width}.pdf).`);
      const listed = admin.getByRole('region', { name: 'Documents', exact: true }).last();
      await listed.getByText(title).waitFor();
      if (viewport === PHONE) expect(await pageWidth(admin)).toBeLessThanOrEqual(PHONE.width);
      await expectAccessible(admin);
      await screenshot(admin, `admin-documents-${viewport.width}`);

      const investor = await InvestorPage.inNewWindow(env.browser, env.app, mapleLogin('A'), viewport);
      const card = investor.page.getByRole('region', { name: 'Documents', exact: true });
      await card.getByText(title).waitFor();
      await card.scrollIntoViewIfNeeded();
      if (viewport === PHONE) expect(await pageWidth(investor.page)).toBeLessThanOrEqual(PHONE.width);
      await screenshot(investor.page, `investor-documents-${viewport.width}`);
      const file = await downloaded(investor.page, () => card.getByRole('button', { name: `Download ${title}` }).click());
      expect(file.name).toBe(`agreement-${viewport.width}.pdf`);
      expect(file.bytes.equals(PDF)).toBe(true);
      const [row] = await env.app.testDb.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM document_download dl JOIN document d ON d.id = dl.document_id WHERE d.title = $1`, [title]);
      expect(row!.n).toBe(1);
    }
  }, 180_000);
});
