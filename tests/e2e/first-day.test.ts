import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestApp } from '../support/test-app.js';
import { DESKTOP, expectAccessible, launchBrowser, PHONE, screenshot, serveWebApp, WEB_ROOT, type TestBrowser, type WebApp } from '../support/browser.js';
import { AdminPage } from '../support/pages/admin-page.js';
import { LoginPage } from '../support/pages/login-page.js';
import { foreignRequests, pageWidth, recordRequests } from '../support/screen-checks.js';

/**
 * A first day that leads somewhere: on a fresh portal (no LLC, property or investor)
 * the admin's landings show "Getting started", whose steps open the forms that do them and tick
 * themselves off as the books fill; a property added without a picture shows a drawn tile on the
 * investor page, with no request to another host.
 */
describe('the first day of an empty portal in Chromium', () => {
  let app: WebApp;
  let browser: TestBrowser;

  beforeAll(async () => {
    app = await serveWebApp(await startTestApp('pglite', { PORTAL_NAME: 'Birch Investors' }, { webRoot: WEB_ROOT }));
    browser = await launchBrowser();
  });
  afterEach(() => browser?.closeWindows());
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const STEPS = ['Add an LLC', 'Add a property', 'Add an investor', 'Record their investment', 'Invite them'];
  const signedIn = async (viewport = DESKTOP): Promise<{ page: Page; admin: AdminPage; requests: string[] }> => {
    const page = await browser.newWindow(viewport, { reducedMotion: 'reduce' });
    const requests = recordRequests(page);
    const admin = new AdminPage(page, app.base);
    await new LoginPage(page, app.base).signIn(ADMIN.username, ADMIN.password);
    return { page, admin, requests };
  };
  const checklist = (page: Page) => page.getByRole('region', { name: 'Getting started', exact: true });
  const line = (page: Page) => page.getByRole('navigation', { name: 'Getting started', exact: true });
  /** Each step as the list says it: "Done: Add an LLC", "Next: Add a property", "To do: …". */
  const stepStates = (page: Page) => checklist(page).locator('li').evaluateAll((items) =>
    items.map((li) => `${li.querySelector('.visually-hidden')?.textContent ?? ''}${li.querySelector('a')?.textContent ?? ''}`));

  it('shows the steps on both landings, at 1280 and 390 px, each opening its form', async () => {
    for (const [viewport, width] of [[DESKTOP, 'desktop'], [PHONE, 'phone']] as const) {
      const { page, admin, requests } = await signedIn(viewport);
      // The investors' landing: nobody yet, and what leads to the first one.
      await page.getByText('No investors yet.').waitFor();
      await checklist(page).waitFor();
      expect(await stepStates(page)).toEqual(['Next: Add an LLC', ...STEPS.slice(1).map((s) => `To do: ${s}`)]);
      expect(await checklist(page).getByText('0 of 5 done').count()).toBe(1);
      expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
      await expectAccessible(page);
      await screenshot(page, `first-day-investors-landing-${width}`);

      await admin.goto();
      await checklist(page).waitFor();
      expect(await stepStates(page)).toEqual(['Next: Add an LLC', ...STEPS.slice(1).map((s) => `To do: ${s}`)]);
      expect(await line(page).count()).toBe(0); // the landing has the list, not the line
      expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
      await expectAccessible(page);
      await screenshot(page, `first-day-admin-landing-${width}`);
      expect(foreignRequests(requests, app.base)).toEqual([]);
    }

    // Each step opens the admin form that does it, with the line that says where the admin is.
    const { page, admin } = await signedIn();
    const opens: [string, string, string][] = [
      ['Add an LLC', 'Manage LLCs', 'add-llc'],
      ['Add a property', 'Add New Investment Property', 'add-investment-property'],
      ['Add an investor', 'Add New Investor', 'add-investor'],
      ['Record their investment', 'Add New Investment', 'add-investment'],
      ['Invite them', 'Manage Portal Users', 'investor-secret'],
    ];
    for (const [step, action, form] of opens) {
      await admin.goto();
      await checklist(page).getByRole('link', { name: step, exact: true }).click();
      await admin.heading(2, action).waitFor();
      await page.locator(`form#${form}`).waitFor();
      expect(await admin.actionPicker.locator('option:checked').textContent()).toBe(action);
      await line(page).getByText('0 of 5 done.').waitFor();
    }
    expect(await page.getByRole('region', { name: 'Get Investor Secret' }).count()).toBe(1);
    await screenshot(page, 'first-day-invite-step-desktop');
  });

  it('ticks the steps off as the LLC, property, investor and investment are added; a property without a picture shows a drawn tile', async () => {
    const { page, admin, requests } = await signedIn();
    await admin.goto();
    await checklist(page).getByRole('link', { name: 'Add an LLC', exact: true }).click();
    const llc = admin.form('add-llc');
    await llc.fillIn({
      'LLC name': 'Birch Holdings LLC', 'Date started': '2024-01-02', Address: '1 Birch Way, Ann Arbor, MI',
      'Principal business activity': 'Real estate rental', 'Principal product': 'Residential rentals', 'Business code number': '531110',
    });
    await llc.submit('Add LLC');
    await admin.expectSuccess(llc, 'New LLC added successfully');
    // The line beside the form moves on, and leads to the next form.
    await line(page).getByText('1 of 5 done.').waitFor();
    await line(page).getByRole('link', { name: 'Add a property', exact: true }).click();
    await admin.heading(2, 'Add New Investment Property').waitFor();

    const property = admin.form('add-investment-property');
    // Picture URL is optional now: not marked required, and its hint says what happens without one.
    expect(await property.field('Picture URL').getAttribute('required')).toBeNull();
    expect((await property.description('Picture URL')).join(' ')).toContain('Optional');
    admin.dialogs.length = 0;
    await property.fillIn({
      'Property name': 'Oak Street Duplex', LLC: 'Birch Holdings LLC', Address: '12 Oak Street, Ann Arbor, MI',
      'Property type': { label: 'Rental' }, 'Purchase date': '2024-02-01', 'Purchase price': '250000', 'Land value': '50000',
      'Property value': '265000',
    });
    await property.submit('Add property');
    await admin.expectSuccess(property, 'New property added successfully', { property_type: '' });
    await line(page).getByText('2 of 5 done.').waitFor();
    await screenshot(page, 'first-day-property-added-desktop');
    await line(page).getByRole('link', { name: 'Add an investor', exact: true }).click();

    const investor = admin.form('add-investor');
    admin.dialogs.length = 0;
    await investor.fillIn({ Name: 'Ann Lee', Fee: { label: '10%' }, Email: 'ann@example.com', Phone: '555-0100', Address: '3 Elm St' });
    await investor.submit('Add investor');
    await expect.poll(() => admin.dialogs.length).toBe(1);
    expect(admin.dialogs[0]).toMatch(/^New investor added successfully, login secret is: \S+$/);
    await line(page).getByText('3 of 5 done.').waitFor();
    await line(page).getByRole('link', { name: 'Record their investment', exact: true }).click();

    const investment = admin.form('add-investment');
    admin.dialogs.length = 0;
    await investment.fillIn({ Investor: 'Ann Lee', Property: 'Oak Street Duplex', Date: '2024-02-05', Amount: '50000' });
    await investment.submit('Add investment');
    await expect.poll(() => admin.dialogs).toEqual(['New investment added successfully']);
    await line(page).getByText('4 of 5 done.').waitFor();

    await admin.goto();
    await checklist(page).waitFor();
    expect(await stepStates(page)).toEqual([
      'Done: Add an LLC', 'Done: Add a property', 'Done: Add an investor', 'Done: Record their investment', 'Next: Invite them',
    ]);
    await screenshot(page, 'first-day-four-done-desktop');

    // The investor's page: the property has no picture, so its card and its panel show the drawn tile.
    await page.goto(`${app.base}/investor/${encodeURIComponent('Ann Lee')}`);
    const card = page.getByRole('button', { name: 'Oak Street Duplex', exact: true });
    await card.waitFor();
    const tile = card.locator('.investor-picture-frame');
    expect(await tile.getAttribute('data-picture')).toBe('none');
    expect(await tile.locator('svg text').textContent()).toBe('OS');
    expect(await card.locator('img').count()).toBe(0);
    await card.click();
    const panelPicture = page.getByRole('img', { name: 'Picture of Oak Street Duplex' });
    await panelPicture.waitFor();
    expect(await panelPicture.getAttribute('data-picture')).toBe('none');
    const box = (await panelPicture.boundingBox())!;
    expect([Math.round(box.width), Math.round(box.height)]).toEqual([200, 200]); // docs/product.md "Formats and constants"
    await expectAccessible(page);
    await screenshot(page, 'first-day-investor-placeholder-desktop');
    expect(foreignRequests(requests, app.base)).toEqual([]);
    expect(requests.filter((u) => u.includes('/pictures/'))).toEqual([]);

    const phone = await signedIn(PHONE);
    await phone.page.goto(`${app.base}/investor/${encodeURIComponent('Ann Lee')}`);
    const phoneCard = phone.page.getByRole('button', { name: 'Oak Street Duplex', exact: true });
    await phoneCard.scrollIntoViewIfNeeded();
    await phoneCard.click();
    await phone.page.getByRole('img', { name: 'Picture of Oak Street Duplex' }).waitFor();
    // Scrolled and tapped: the chart, not loaded with the page on a phone, is drawn now (docs/performance.md).
    await phone.page.locator('canvas[role="img"]').waitFor();
    expect(await pageWidth(phone.page)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(phone.page, 'first-day-investor-placeholder-phone');
    await phone.admin.goto('?action=add-new-investment');
    await line(phone.page).waitFor();
    await screenshot(phone.page, 'first-day-form-line-phone');

    // Invited: once Ann has signed up with her secret, the list has nothing left and goes.
    const secret = await secretOf('Ann Lee');
    const register = await app.app.inject({ method: 'POST', url: '/auth/register', payload: { username: 'ann', password: 'amber canyon whistle 77', secret } });
    expect(register.statusCode).toBe(201);
    await admin.goto();
    await admin.heading(2, 'Admin Summary').waitFor();
    await expect.poll(() => checklist(page).count()).toBe(0);
    expect(await line(page).count()).toBe(0);
  });

  /** A fresh registration secret, as Get Investor Secret gives one. */
  async function secretOf(name: string): Promise<string> {
    const login = await app.app.inject({ method: 'POST', url: '/auth/login', payload: { username: ADMIN.username, password: ADMIN.password } });
    const token = login.json().access_token as string;
    const res = await app.app.inject({ method: 'GET', url: `/admin/get_investor_secret?investor_name=${encodeURIComponent(name)}`, headers: { authorization: `Bearer ${token}` } });
    return res.json().investor_secret as string;
  }
});
