import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mapleBooksTemplate, type MapleBooks } from '../support/maple-books.js';
import { bearer, TEST_JWT_SECRET, type AppTemplate, type TestApp } from '../support/test-app.js';

/**
 * Hostile input never reaches a 500 (docs/security.md E1, V1–V5), and every API answer is
 * no-store however its path is spelled (docs/security.md D1). Each refusal changes nothing: the audit count proves it.
 */
describe('hostile input', () => {
  let template: AppTemplate<MapleBooks>;
  let t: TestApp;
  let maple: MapleBooks;
  const auditCount = async () => (await t.testDb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_event'))[0]!.n;
  const expense = (fields: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/admin/record_llc_expense', headers: bearer(maple.admin), payload: {
      expense_date: '2024-05-01', llc_name: 'Maple Holdings LLC', description: 'Bank fee', amount: '12.00', expense_category: 'Bank fees', payer: 'admin', ...fields,
    } });

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

  it('refuses NUL bytes, other control characters and lone surrogates in any text, in plain words', async () => {
    const before = await auditCount();
    for (const description of ['Bank\u0000fee', 'Bank\u001bfee', 'Bank\u007ffee', 'Bank \ud800 fee', 'Bank \udc00 fee']) {
      const res = await expense({ description });
      expect(res.statusCode, JSON.stringify(description)).toBe(400);
      expect(res.json()).toEqual({ message: 'Description must not contain control characters (such as NUL) or broken Unicode.' });
    }
    const query = await t.app.inject({ method: 'GET', url: '/admin/get_property_txns?selectedProperty=P%00', headers: bearer(maple.admin) });
    expect(query.statusCode).toBe(400);
    expect(query.json().message).toBe('SelectedProperty must not contain control characters (such as NUL) or broken Unicode.');
    expect(await auditCount()).toBe(before);
  });

  it('keeps line breaks and tabs in descriptions, and every printable character of any language', async () => {
    expect((await expense({ description: 'Line one\nline two\tend' })).statusCode).toBe(201);
    expect((await expense({ description: 'Zoë 李 Ñandú 🏠 مرحبا' })).statusCode).toBe(201);
  });

  it('wants names on one line with at least one visible letter or digit', async () => {
    const add = (name: string) => t.app.inject({ method: 'POST', url: '/admin/add_loren', headers: bearer(maple.admin), payload: { loren_name: name } });
    expect((await add('\u200b\u200b')).json()).toEqual({ message: 'Loren name must contain a visible letter or digit.' });
    expect((await add('Two\nlines')).json()).toEqual({ message: 'Loren name must be on one line.' });
    expect((await add('Åsa Lindqvist')).statusCode).toBe(201);
  });

  it('accepts the Authorization scheme in any case, and answers 401 to a validly signed token with malformed claims', async () => {
    const lower = await t.app.inject({ method: 'GET', url: '/auth/protected', headers: { authorization: `bearer ${maple.admin}` } });
    expect(lower.statusCode).toBe(200);
    const key = new TextEncoder().encode(TEST_JWT_SECRET);
    const forge = (claims: Record<string, unknown>, sub = '1') =>
      new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' }).setIssuer('investor-portal').setAudience('investor-portal')
        .setSubject(sub).setJti('x').setIssuedAt().setExpirationTime('10m').sign(key);
    for (const token of [await forge({ sid: 'not-a-uuid' }), await forge({ sid: { $ne: null } }), await forge({ sid: '00000000-0000-4000-8000-000000000000' }, '-1')]) {
      const res = await t.app.inject({ method: 'GET', url: '/auth/protected', headers: bearer(token) });
      expect(res.statusCode).toBe(401);
    }
  });

  it('answers odd URLs and paths with a 4xx in plain words, never a 500', async () => {
    for (const url of ['/api/investor_summary?investor_name=%E0%A4%A', '/admin/get_property_txns?selectedProperty[]=P', '/admin/audit_log?page=1e309']) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(maple.admin) });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.json().message, url).toMatch(/^[A-Z][^{}]*\.$/);
    }
    for (const url of ['/assets/%c0%ae%c0%ae/x.js', '/%00', '/assets/..%2f..%2fpackage.json', '/pictures/%ff']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.body, url).not.toContain('"name": "investor-portal"');
    }
  });

  it('answers no-store to every API call, however the path is spelled', async () => {
    for (const url of ['/admin/get_admin_helpers', '/%61dmin/get_admin_helpers', '/api/investor_summary?investor_name=A', '/ADMIN/get_admin_helpers']) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(maple.admin) });
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });
});
