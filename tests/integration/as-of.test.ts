import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mapleBooksTemplate, type MapleBooks } from '../support/maple-books.js';
import { bearer, type AppTemplate, type TestApp } from '../support/test-app.js';

/** Figures as of a date: entries dated after it do not count (docs/rules/README.md). */
describe('figures as of a date', () => {
  let template: AppTemplate<MapleBooks>;
  let t: TestApp;
  let maple: MapleBooks;
  const get = async (url: string, token = maple.investors.A!) => {
    const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    return { status: res.statusCode, body: res.json() };
  };

  beforeAll(async () => {
    // A copy of the Maple books recorded once for the run: what this file writes stays in its copy.
    template = await mapleBooksTemplate('pglite', { logins: true });
    t = await template.start();
    maple = template.state;
  });
  afterAll(async () => {
    await t?.close();
    await template?.close();
  });

  it('gives A as the books stood on 2024-06-30: before the cash withdrawal and the capital returned', async () => {
    const { body } = await get('/api/investor_summary?as_of=2024-06-30');
    // Jan–Apr 1,350 each, May and Jun 900 each, less the LLC expenses 187.50 (Jan) and 750 (Mar).
    expect(body.total_income).toBe(6262.5);
    expect(body.cash_balance).toBe(6262.5); // the 6,000 distribution is dated 07-01
    expect(body.total_investments).toBe(100000); // the 25,000 returned on 09-10 has not happened yet
    const p = (await get('/api/investor_property?property_name=P&as_of=2024-06-30')).body;
    expect(p.total_investments).toBe(100000);
    expect(p.total_income).toBe(7200); // P alone, before LLC expenses
  });

  it('equals today’s figures without as_of, and refuses a future or malformed date', async () => {
    expect((await get('/api/investor_summary?as_of=2026-01-15')).body).toEqual((await get('/api/investor_summary')).body);
    const future = await get('/api/investor_summary?as_of=2026-01-16');
    expect(future).toEqual({ status: 400, body: { message: 'As of cannot be a date in the future.' } });
    expect((await get('/api/investor_summary?as_of=2024-02-30')).status).toBe(400);
  });
});
