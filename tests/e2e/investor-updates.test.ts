import { describe, expect, it } from 'vitest';
import { DESKTOP, expectAccessible, PHONE, screenshot, signedInWindow } from '../support/browser.js';
import { mapleLogin } from '../support/maple-books.js';
import { mapleInBrowser } from '../support/maple-in-browser.js';
import { byLabel } from '../support/pages/admin-page.js';
import { InvestorPage } from '../support/pages/investor-page.js';
import { pageWidth } from '../support/screen-checks.js';

const TITLE = 'Spring letter from the manager';
const BODY = [
  'Dear members,',
  'the **roof** on Oak Street is *finished*.',
  '',
  'This quarter:',
  '- new boiler',
  '- **leases renewed**',
  '',
  '<script>window.hacked = 1</script> [site](javascript:alert(1))',
].join('\n');

/**
 * Investor updates in Chromium: an admin writes a letter with simple formatting for an LLC's members
 * through the Investor Updates form at desktop width, and a member reads it on their page on a phone,
 * formatted as elements, with markup and links shown as the text they are.
 */
describe('investor updates in Chromium', () => {
  const env = mapleInBrowser({ logins: true });

  it('lets an admin post an update at 1280 px and a member read it, formatted, at 390 px', async () => {
    const admin = await signedInWindow(env.browser, env.app, { viewport: DESKTOP });
    await admin.goto(`${env.app.base}/admin?action=investor-updates`);
    const form = admin.getByRole('form', { name: 'Post an update' });
    await form.waitFor();

    // An LLC audience with no LLC chosen: refused in words, nothing sent.
    await byLabel(form, 'Title').fill(TITLE);
    await byLabel(form, 'Text').fill(BODY);
    await form.getByLabel("An LLC's members").check();
    await form.getByRole('button', { name: 'Post update' }).click();
    await expect.poll(() => form.getByRole('alert').textContent()).toContain('LLC is required');
    expect((await env.app.testDb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM investor_update'))[0]!.n).toBe(0);

    await expect.poll(() => form.getByRole('region', { name: 'Preview' }).locator('strong').first().textContent()).toBe('roof');
    await byLabel(form, 'LLC').selectOption('Maple Holdings LLC');
    await form.getByRole('button', { name: 'Post update' }).click();
    await expect.poll(() => form.getByRole('status').textContent()).toBe(`Update posted: “${TITLE}”.`);
    await admin.getByRole('region', { name: 'Updates', exact: true }).last().getByText(TITLE).waitFor();
    await expectAccessible(admin);
    await screenshot(admin, 'admin-investor-updates-1280');
    const [queued] = await env.app.testDb.db.query<{ n: number }>("SELECT count(*)::int AS n FROM notice_outbox WHERE event = 'investor_update'");
    expect(queued!.n).toBeGreaterThan(0);

    const investor = await InvestorPage.inNewWindow(env.browser, env.app, mapleLogin('A'), PHONE);
    const card = investor.page.getByRole('region', { name: 'Updates from the manager' });
    const letter = card.getByRole('article', { name: TITLE });
    await letter.waitFor();
    await letter.scrollIntoViewIfNeeded();
    expect(await letter.locator('strong').allTextContents()).toEqual(['roof', 'leases renewed']);
    expect(await letter.locator('em').allTextContents()).toEqual(['finished']);
    expect(await letter.locator('ul > li').allTextContents()).toEqual(['new boiler', 'leases renewed']);
    expect(await letter.locator('p').count()).toBe(3);
    expect(await letter.locator('br').count()).toBe(1);
    // Markup and links stay text: no script element, no link, and nothing ran.
    expect(await letter.getByText('<script>window.hacked = 1</script> [site](javascript:alert(1))').count()).toBe(1);
    expect(await letter.locator('script, a').count()).toBe(0);
    expect(await investor.page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();
    expect(await pageWidth(investor.page)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(investor.page);
    await screenshot(investor.page, 'investor-updates-390');
  }, 180_000);
});
