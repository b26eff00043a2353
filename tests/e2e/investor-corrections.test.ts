import { describe, expect, it } from 'vitest';
import { centsOf } from '../../src/contract/values/dollar-cents.js';
import { MAPLE_LLC } from '../fixtures/maple.js';
import { DESKTOP, expectAccessible, PHONE, screenshot, signedInWindow } from '../support/browser.js';
import { mapleLogin } from '../support/maple-books.js';
import { mapleInBrowser } from '../support/maple-in-browser.js';
import { AdminPage, byLabel } from '../support/pages/admin-page.js';
import { InvestorPage } from '../support/pages/investor-page.js';
import { pageWidth } from '../support/screen-checks.js';
import { ADMIN, bearer, createInvestorWithLogin, seedAs, signIn } from '../support/test-app.js';

const PROPERTY = 'Oak Street Duplex';
const REASON = 'Tenant payment bounced';

/**
 * Corrections an investor can read (issue 31, docs/decisions.md 50), in Chromium: the admin voids a rent
 * payment of a property two investors hold (60 : 40, no fees), giving the reason in the void dialog; each
 * investor then reads on their own page, at 390 and 1280 px, the void with their own share of it and what it
 * changed, and nothing of the other: not their name, not their share.
 */
describe('corrections shown to investors in Chromium', () => {
  const env = mapleInBrowser({ logins: true });

  it('shows each member of the property the void, the reason and their own share, and nothing of the other', async () => {
    const token = await signIn(env.app.app, ADMIN.username, ADMIN.password);
    const seed = seedAs(env.app, token);
    await seed('/admin/add_investment_property', {
      property_name: PROPERTY, address: '48 Oak Street, Springfield, IL', purchase_date: '2026-01-02', purchase_price: '200000.00',
      land_value: '40000.00', property_value: '210000.00', llc: MAPLE_LLC.llc_name, property_type: 'rental', picture_url: 'https://example.com/oak.jpg',
    });
    const harriet = await createInvestorWithLogin(env.app, 'Harriet Quill');
    const desmond = await createInvestorWithLogin(env.app, 'Desmond Pike');
    await seed('/admin/add_investment', { property_name: PROPERTY, investor_name: 'Harriet Quill', date: '2026-01-05', amount: '60000.00' });
    await seed('/admin/add_investment', { property_name: PROPERTY, investor_name: 'Desmond Pike', date: '2026-01-05', amount: '40000.00' });
    await seed('/admin/record_property_income', {
      income_date: '2026-10-01', income_for_month: '2026-10-01', property_name: PROPERTY, description: 'Rent 10/2026', amount: '1850.00', income_category: 'Rent',
    });
    const [rent] = await env.app.testDb.db.query<{ id: number }>("SELECT id FROM ledger_entry WHERE description = 'Rent 10/2026'");
    const summary = async (name: string) =>
      (await env.app.app.inject({ method: 'GET', url: `/api/investor_summary?investor_name=${encodeURIComponent(name)}`, headers: bearer(token) }))
        .json() as { total_income: number; cash_balance: number; total_investments: number };
    const before = { harriet: await summary('Harriet Quill'), desmond: await summary('Desmond Pike') };

    // The admin voids it: the dialog asks for the reason, says who reads it, and sends nothing without one.
    const admin = await AdminPage.inNewWindow(env.browser, env.app);
    await admin.openViewer('Delete Property Transaction', 'Select Property:', PROPERTY, 'Income');
    await admin.deleteButton(`Void income ID ${rent!.id}`).click();
    const dialog = admin.confirmDialog;
    await dialog.waitFor();
    expect(await dialog.getByText('Investors who hold a share of this entry will read this reason.').isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Void' }).click();
    await expect.poll(() => dialog.getByText('Reason is required.').isVisible()).toBe(true);
    expect(await byLabel(dialog, 'Reason').getAttribute('aria-invalid')).toBe('true');
    expect(admin.posts).toEqual([]);
    await expectAccessible(admin.page);
    await screenshot(admin.page, 'corr-admin-void-reason-1280', { fullPage: false });
    await byLabel(dialog, 'Reason').fill(REASON);
    await dialog.getByRole('button', { name: 'Void' }).click();
    await expect.poll(() => admin.dialogs).toEqual(['Income deleted successfully!']);
    expect(admin.posts).toMatchObject([{ path: '/admin/delete_income', body: { id: rent!.id, reason: REASON } }]);

    const members = [
      { login: harriet, name: 'Harriet Quill', other: 'Desmond Pike', share: '$1,110.00', shareCents: 111000, otherShare: '$740.00', slug: 'harriet', was: before.harriet },
      { login: desmond, name: 'Desmond Pike', other: 'Harriet Quill', share: '$740.00', shareCents: 74000, otherShare: '$1,110.00', slug: 'desmond', was: before.desmond },
    ];
    for (const m of members) {
      // What the card says each change was is what the figures moved by (no fees here: income and cash by the share).
      const now = await summary(m.name);
      expect(centsOf(now.total_income) - centsOf(m.was.total_income)).toBe(-m.shareCents);
      expect(centsOf(now.cash_balance) - centsOf(m.was.cash_balance)).toBe(-m.shareCents);
      expect(centsOf(now.total_investments)).toBe(centsOf(m.was.total_investments));

      for (const viewport of [PHONE, DESKTOP]) {
        const investor = await InvestorPage.inNewWindow(env.browser, env.app, m.login, viewport);
        const page = investor.page;
        await investor.heading.filter({ hasText: m.name }).waitFor();
        const card = investor.region('Corrections');
        const item = card.getByRole('article', { name: `Voided: Income of 10/01/2026, ${PROPERTY}, $1,850.00` });
        await item.waitFor();
        await item.scrollIntoViewIfNeeded();
        const words = (await item.innerText()).replace(/\s+/g, ' ');
        expect(words).toMatch(/^\d{2}\/\d{2}\/\d{4} /);
        expect(words).toContain(`Voided: Income of 10/01/2026, ${PROPERTY}, $1,850.00`);
        expect(words).toContain(`Reason: “${REASON}”`);
        expect(words).toContain(
          `Your share: ${m.share}. Changed your total income by -${m.share}, cash balance by -${m.share}, capital by $0.00.`,
        );
        expect(await card.getByTestId('correction').count()).toBe(1);
        // Nothing of the other member anywhere on the page: not their name, not their share.
        const pageText = await page.evaluate(() => document.body.innerText);
        expect(pageText).not.toContain(m.other);
        expect(pageText).not.toContain(m.otherShare);
        expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
        await expectAccessible(page);
        await card.scrollIntoViewIfNeeded();
        await screenshot(page, `corr-${m.slug}-${viewport.width}`, { fullPage: false });
      }
    }

    // An investor of the Maple books, who holds no share of the property, has no Corrections card at all.
    const other = new InvestorPage(await signedInWindow(env.browser, env.app, { login: mapleLogin('C'), viewport: PHONE }), env.app.base);
    const asked = other.page.waitForResponse((r) => new URL(r.url()).pathname === '/api/investor_corrections');
    await other.open();
    expect(await (await asked).json()).toMatchObject({ investor_name: 'C', corrections: [] });
    await other.region('Updates from the manager').waitFor();
    expect(await other.region('Corrections').count()).toBe(0);
  }, 240_000);
});
