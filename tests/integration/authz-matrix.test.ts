import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '../../src/contract/endpoint.js';
import { endpoints } from '../../src/contract/endpoints.js';
import { ADMIN, bearer, createInvestorWithLogin, signIn, startTestApp, type TestApp } from '../support/test-app.js';

/**
 * The authorization matrix, generated from the endpoint table and the live routes (docs/security.md Z1, Z4):
 * an endpoint added later is covered without touching this file.
 */
describe('authorization matrix', () => {
  let t: TestApp;
  let investor: string;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp('pglite');
    investor = (await createInvestorWithLogin(t, 'Matrix Max')).token;
    admin = await signIn(t.app, ADMIN.username, ADMIN.password);
  });
  afterAll(() => t?.close());

  const routes = () => t.app.routePolicies.filter((r) => r.method !== 'HEAD');

  it('puts every /admin and /api route behind a session, and every /admin route but the level check behind the admin role', () => {
    for (const r of routes()) {
      if (r.url.startsWith('/admin/') && r.url !== '/admin/get_admin_level') expect(r.policy, r.url).toBe('admin');
      if (r.url.startsWith('/api/') || r.url.startsWith('/admin/')) expect(r.policy, r.url).not.toBe('public');
    }
    // Public: the table's public entries, the app's files and the API reference (its page and document).
    const publicRoutes = routes().filter((r) => r.policy === 'public').map((r) => `${r.method} ${r.url}`);
    expect(publicRoutes.filter((r) => !r.startsWith('GET /api-docs')).sort()).toEqual([
      'GET /*', 'GET /healthz', 'GET /logo.png', 'GET /manifest.json', 'GET /openapi.json', 'GET /pictures/:id', 'POST /auth/login', 'POST /auth/mfa',
      'POST /auth/register', 'POST /auth/totp/confirm', 'POST /auth/totp/setup',
    ]);
    const tablePublic = Object.values(endpoints as Record<string, Endpoint>).filter((e) => e.policy === 'public');
    // The sign-in steps carry their own short challenge instead of a session.
    expect(tablePublic.map((e) => `${e.method} ${e.path}`).sort()).toEqual([
      'GET /healthz', 'GET /manifest.json', 'POST /auth/login', 'POST /auth/mfa', 'POST /auth/register', 'POST /auth/totp/confirm', 'POST /auth/totp/setup',
    ]);
    for (const e of Object.values(endpoints as Record<string, Endpoint>)) {
      if (e.path.startsWith('/admin/') && e.path !== '/admin/get_admin_level') expect(e.policy, e.path).toBe('admin');
    }
  });

  it('answers 401 without a token and 403 to an investor on every admin route, and changes nothing', async () => {
    const [before] = await t.testDb.db.query('SELECT (SELECT count(*) FROM ledger_entry) AS l, (SELECT count(*) FROM audit_event) AS a');
    const adminRoutes = routes().filter((r) => r.policy === 'admin');
    expect(adminRoutes.length).toBeGreaterThan(30);
    for (const r of adminRoutes) {
      const request = (headers: Record<string, string>) =>
        t.app.inject({ method: r.method as 'GET' | 'POST', url: r.url, headers, ...(r.method === 'POST' ? { payload: {} } : {}) });
      expect((await request({})).statusCode, `${r.method} ${r.url}`).toBe(401);
      expect((await request(bearer(investor) as Record<string, string>)).statusCode, `${r.method} ${r.url}`).toBe(403);
    }
    const [after] = await t.testDb.db.query('SELECT (SELECT count(*) FROM ledger_entry) AS l, (SELECT count(*) FROM audit_event) AS a');
    expect(after).toEqual(before);
  });

  it('answers 401 without a token on every signed-in route', async () => {
    for (const r of routes().filter((x) => x.policy === 'authenticated')) {
      const res = await t.app.inject({ method: r.method as 'GET' | 'POST', url: r.url });
      expect(res.statusCode, r.url).toBe(401);
    }
  });

  it('takes a demotion into account at the next request (Z6)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/admin/get_admin_helpers', headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    await t.testDb.db.query(`UPDATE portal_user SET admin_level = 0 WHERE username = 'admin'`);
    try {
      expect((await t.app.inject({ method: 'GET', url: '/admin/get_admin_helpers', headers: bearer(admin) })).statusCode).toBe(403);
    } finally {
      await t.testDb.db.query(`UPDATE portal_user SET admin_level = 1 WHERE username = 'admin'`); // the other tests sign in as admin
    }
  });
});
