import { describe, expect, it } from 'vitest';
import { demoPicture } from '../../src/server/demo/demo-pictures.js';
import { DESKTOP, expectAccessible, PHONE, screenshot, signedInWindow } from '../support/browser.js';
import { mapleInBrowser } from '../support/maple-in-browser.js';
import { AdminPage } from '../support/pages/admin-page.js';
import { foreignRequests, pageWidth, recordRequests } from '../support/screen-checks.js';

/**
 * Pictures the portal owns (the web half): beside Add New Investment Property and Update
 * Property Notes an admin picks a picture, the browser checks its type and size in plain words, shows it,
 * and uploads it: to an existing property at once, or for its address to paste into Picture URL.
 */
/** A picture of a house (the demo's own PNG). */
const PNG = demoPicture('cottage');

describe('the property picture upload in Chromium', () => {
  const env = mapleInBrowser({ recordings: false });

  const openAdmin = async (viewport: typeof DESKTOP, action: string) => {
    // Its session from the API: no test here is about signing in.
    const page = await signedInWindow(env.browser, env.app, { viewport, options: { permissions: ['clipboard-read', 'clipboard-write'], reducedMotion: 'reduce' } });
    const requests = recordRequests(page);
    const admin = new AdminPage(page, env.app.base);
    await admin.goto(`?action=${action}`);
    const card = page.getByRole('region', { name: 'Property picture', exact: true });
    await card.waitFor();
    return { admin, page, card, requests, file: card.getByLabel('Picture file') };
  };

  it('refuses what is not a picture or is too large, in plain words, before sending anything', async () => {
    const { admin, card, file } = await openAdmin(DESKTOP, 'add-new-investment-property');
    await file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect.poll(() => card.getByRole('alert').textContent())
      .toBe('“notes.txt” is not a JPEG, PNG or WebP picture. Choose a picture in one of those formats.');
    expect(await card.getByRole('button', { name: 'Upload picture' }).isDisabled()).toBe(true);
    await file.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(2 * 1024 * 1024 + 1) });
    await expect.poll(() => card.getByRole('alert').textContent())
      .toBe('“huge.png” is 2.0 MB: a picture may be at most 2 MB. Choose a smaller one.');
    expect(admin.posts.filter((p) => p.path === '/admin/upload_picture')).toEqual([]);
  });

  it('uploads a picture for its address, shown with a Copy button, beside Add New Investment Property', async () => {
    const { page, card, file, requests } = await openAdmin(DESKTOP, 'add-new-investment-property');
    await file.setInputFiles({ name: 'porch.png', mimeType: 'image/png', buffer: PNG });
    await expect.poll(() => card.getByRole('img', { name: 'Preview of porch.png' }).getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    await card.getByRole('button', { name: 'Upload picture' }).click();
    const address = card.getByLabel('Picture address');
    await expect.poll(() => address.inputValue()).toMatch(/^\/pictures\/[0-9a-f-]{36}$/);
    const url = await address.inputValue();
    expect(await card.getByRole('status').innerText()).toMatch(/^Picture uploaded successfully\. Its address on the portal:/);
    await card.getByRole('button', { name: 'Copy' }).click();
    await card.getByText('Copied. Paste it into Picture URL.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    // The preview is now the portal's own copy.
    expect(await card.getByRole('img', { name: 'The uploaded picture' }).getAttribute('src')).toBe(url);
    const served = await env.app.app.inject({ method: 'GET', url });
    expect(served.headers['content-type']).toBe('image/png');
    await expectAccessible(page);
    await screenshot(page, 'admin-property-picture-desktop');
    expect(foreignRequests(requests, env.app.base)).toEqual([]);
  });

  it("sets an existing property's picture at once, from Update Property Notes on a phone", async () => {
    const { page, card, file } = await openAdmin(PHONE, 'update-property-notes');
    await file.setInputFiles({ name: 'field.png', mimeType: 'image/png', buffer: PNG });
    await card.getByLabel('Use it for (optional)').selectOption('Q');
    await card.getByRole('button', { name: 'Upload picture' }).click();
    await expect.poll(() => card.getByRole('status').innerText()).toMatch(/^Picture uploaded successfully\. Q now shows it\./);
    const url = await card.getByLabel('Picture address').inputValue();
    const [row] = await env.app.testDb.db.query<{ url: string }>(`SELECT picture_url AS url FROM property WHERE name = 'Q'`);
    expect(row!.url).toBe(url);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page);
    await screenshot(page, 'admin-property-picture-phone');
  });
});
