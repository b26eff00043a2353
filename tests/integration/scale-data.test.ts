import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBatched, loadThroughApi } from '../../bench/scale/load.js';
import { scalePortfolio, TIERS } from '../../bench/scale/portfolio.js';
import { ADMIN, bearer, signIn, startTestApp, type TestApp } from '../support/test-app.js';
import { DB_KINDS } from '../support/test-db.js';

/**
 * The scale data (docs/performance.md) is loaded by a batched path for speed; it must give exactly the books the
 * API gives. The tiny tier is loaded both ways and every report of both is compared.
 */
describe.each(DB_KINDS)('the scale portfolio loaded in batches on %s', (kind) => {
  const plan = scalePortfolio(TIERS.tiny, 7);
  let viaApi: TestApp;
  let batched: TestApp;
  let tokens: { api: string; batched: string };

  beforeAll(async () => {
    [viaApi, batched] = await Promise.all([startTestApp(kind), startTestApp(kind)]);
    tokens = { api: await signIn(viaApi.app, ADMIN.username, ADMIN.password), batched: await signIn(batched.app, ADMIN.username, ADMIN.password) };
    const [admin] = await batched.testDb.db.query<{ id: number }>('SELECT id FROM portal_user WHERE username = $1', [ADMIN.username]);
    const counts = await Promise.all([
      loadThroughApi(viaApi.app, tokens.api, plan),
      loadBatched(batched.app, batched.testDb.db, tokens.batched, admin!.id, plan),
    ]);
    expect(counts[0]).toBe(counts[1]);
    expect(counts[0]).toBeGreaterThan(500);
  }, 300_000);
  afterAll(async () => {
    await viaApi?.close();
    await batched?.close();
  });

  const get = async (t: TestApp, token: string, url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json() as unknown;
  };
  const both = async (url: string) => [await get(viaApi, tokens.api, url), await get(batched, tokens.batched, url)];

  it('gives the same admin summary, investor summaries and property details', async () => {
    const [summary, summaryBatched] = await both('/admin/get_admin_summary');
    expect(summaryBatched).toEqual(summary);
    for (const [, investor] of plan.investors) {
      const [a, b] = await both(`/api/investor_summary?investor_name=${encodeURIComponent(String(investor.name))}`);
      expect(b, String(investor.name)).toEqual(a);
    }
    for (const [, property] of plan.properties) {
      const [a, b] = await both(`/admin/get_property_details?selectedProperty=${encodeURIComponent(String(property.property_name))}`);
      expect(b, String(property.property_name)).toEqual(a);
    }
  });

  it('gives the same tax reports for every LLC, property and year', async () => {
    for (const year of [2024, 2025]) {
      for (const [, llc] of plan.llcs) {
        const [a, b] = await both(`/admin/llc_taxes?selectedLLC=${encodeURIComponent(String(llc.llc_name))}&selectedTaxYear=${year}`);
        expect(b, `${String(llc.llc_name)} ${year}`).toEqual(a);
      }
      for (const [, property] of plan.properties) {
        const [a, b] = await both(`/admin/property_taxes?selectedProperty=${encodeURIComponent(String(property.property_name))}&selectedTaxYear=${year}`);
        expect(b, `${String(property.property_name)} ${year}`).toEqual(a);
      }
    }
  });

  it('keeps monthly totals that agree with the ledger on both', async () => {
    for (const t of [viaApi, batched]) expect((await t.services.books.verify()).differences).toEqual([]);
  });
});
