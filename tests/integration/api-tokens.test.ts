import { PassThrough } from 'node:stream';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { endpoints } from '../../src/contract/endpoints.js';
import { verifyAuditChain } from '../../src/server/modules/audit/audit.js';
import { MAPLE_LLC } from '../fixtures/maple.js';
import { mapleBooksTemplate, mapleLogin, type MapleBooks } from '../support/maple-books.js';
import { DB_KINDS } from '../support/test-db.js';
import { bearer, signIn, type AppTemplate, type TestApp } from '../support/test-app.js';

/**
 * Personal API tokens (issue 29 item 5, docs/security.md "API tokens"): made from a session on the Account
 * page, used as a bearer on the API, refused where a session is needed, named in the audit trail.
 */
describe.each(DB_KINDS)('personal API tokens on %s', (kind) => {
  let maple: AppTemplate<MapleBooks>;
  let t: TestApp;
  let admin: string;
  let investors: Record<string, string>;
  const lines: string[] = [];

  const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const post = (url: string, payload: object, token: string) => t.app.inject({ method: 'POST', url, payload, headers: bearer(token) });
  const create = (session: string, body: object) => post('/auth/api_tokens', body, session);
  const newToken = async (session: string, body: Partial<{ name: string; expires_in_days: number; read_only: boolean }> = {}) => {
    const res = await create(session, { name: 'script', expires_in_days: 90, read_only: true, ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; token: string; name: string; read_only: boolean; expires_at: string; message: string };
  };
  const count = async (table: 'api_token' | 'audit_event') =>
    (await t.testDb.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n;

  beforeAll(async () => {
    maple = await mapleBooksTemplate(kind, { logins: true });
    ({ admin, investors } = maple.state);
  });
  afterAll(() => maple?.close());
  beforeEach(async () => {
    lines.length = 0;
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString('utf8').split('\n').filter(Boolean)));
    t = await maple.start({ LOG_LEVEL: 'info' }, { logStream: stream });
  });
  afterEach(() => t?.close());

  it('answers the token once, and the token reads the same JSON as the session, noting its use at most once a minute', async () => {
    const made = await newToken(investors.A!, { name: 'Spreadsheet import', expires_in_days: 30 });
    expect(made).toMatchObject({ name: 'Spreadsheet import', read_only: true, expires_at: '2026-02-14T12:00:00.000Z' });
    expect(made.message).toBe('Token created. Copy it now: it is shown only once.');
    expect(made.token).toMatch(/^ipt_[A-Za-z0-9_-]{43}$/);
    const [stored] = await t.testDb.db.query<{ token_hash: string }>('SELECT token_hash FROM api_token WHERE id = $1', [made.id]);
    expect(stored!.token_hash).not.toContain(made.token.slice(4));

    const bySession = await get('/api/investor_summary', investors.A!);
    const byToken = await get('/api/investor_summary', made.token);
    expect(byToken.statusCode).toBe(200);
    expect(byToken.body).toBe(bySession.body);
    expect(byToken.json().investor_name).toBe('A');

    const lastUsed = async () => ((await get('/auth/api_tokens', investors.A!)).json() as { tokens: { id: number; last_used_at: string | null }[] })
      .tokens.find((x) => x.id === made.id)!.last_used_at;
    expect(await lastUsed()).toBe('2026-01-15T12:00:00.000Z');
    t.clock.advance(30_000);
    await get('/api/investor_summary', made.token);
    expect(await lastUsed()).toBe('2026-01-15T12:00:00.000Z'); // within the minute: no write
    t.clock.advance(60_000);
    await get('/api/investor_summary', made.token);
    expect(await lastUsed()).toBe('2026-01-15T12:01:30.000Z');

    const list = await get('/auth/api_tokens', investors.A!);
    expect(list.json()).toEqual({
      tokens: [{ id: made.id, name: 'Spreadsheet import', read_only: true, created_at: '2026-01-15T12:00:00.000Z', last_used_at: '2026-01-15T12:01:30.000Z', expires_at: '2026-02-14T12:00:00.000Z', status: 'active' }],
    });
    expect(list.body).not.toContain(made.token);
    // The investor's token reads no one else's page: another investor is as missing as a name that is none.
    const other = await get('/api/investor_summary?investor_name=B', made.token);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual((await get('/api/investor_summary?investor_name=Nobody', made.token)).json());

    // Each use is logged with the token's id, the user, the method and the route; the token itself never.
    await vi.waitFor(() => expect(lines.filter((l) => l.includes('"api_token_use"')).length).toBeGreaterThanOrEqual(3));
    const use = JSON.parse(lines.find((l) => l.includes('"api_token_use"'))!) as Record<string, unknown>;
    expect(use).toMatchObject({ level: 30, token: made.id, method: 'GET', path: '/api/investor_summary' });
    expect(typeof use.user).toBe('number');
    expect(lines.join('\n')).not.toContain(made.token);
    const [audit] = await t.testDb.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_event WHERE action = 'create_api_token' AND entity_id = $1`, [String(made.id)]);
    expect(audit!.n).toBe(1);
  }, 30_000);

  it('refuses a read-only token every write, in words', async () => {
    const investorToken = await newToken(investors.A!);
    const adminToken = await newToken(admin);
    const before = await count('audit_event');
    const settings = await post('/api/change_notice_settings', { updates: false }, investorToken.token);
    expect(settings.statusCode).toBe(403);
    expect(settings.json()).toEqual({ message: 'This API token is read-only: it cannot make changes.' });
    const loren = await post('/admin/add_loren', { loren_name: 'Read-only Loren' }, adminToken.token);
    expect(loren.statusCode).toBe(403);
    expect(loren.json()).toEqual({ message: 'This API token is read-only: it cannot make changes.' });
    expect(await count('audit_event')).toBe(before);
    // It still reads.
    expect((await get('/admin/get_admin_summary', adminToken.token)).statusCode).toBe(200);
  });

  it('refuses a token, even an admin\'s that may write, on every session-only entry of the table', async () => {
    const token = (await newToken(admin, { read_only: false })).token;
    const sessionOnly = Object.entries(endpoints).filter(([, e]) => 'sessionOnly' in e && e.sessionOnly);
    // Tokens, passwords, two-factor, sessions and users are all among them.
    const paths = sessionOnly.map(([, e]) => e.path);
    for (const p of ['/auth/api_tokens', '/auth/revoke_api_token', '/auth/change_password', '/auth/renew', '/auth/logout', '/auth/totp/disable',
      '/admin/delete_portal_user', '/admin/reset_portal_user_password', '/admin/reset_portal_user_totp', '/admin/get_investor_secret']) {
      expect(paths).toContain(p);
    }
    const tokens = await count('api_token');
    const audit = await count('audit_event');
    for (const [name, e] of sessionOnly) {
      const res = e.method === 'GET' ? await get(e.path, token) : await post(e.path, {}, token);
      expect(res.statusCode, name).toBe(403);
      expect(res.json(), name).toEqual({ message: 'An API token cannot manage tokens, passwords, two-factor sign-in or users: sign in to the portal for that.' });
    }
    expect(await count('api_token')).toBe(tokens);
    expect(await count('audit_event')).toBe(audit);
    // The token still works where it may (it was not logged out by /auth/logout).
    expect((await get('/auth/protected', token)).json()).toEqual({ logged_in_as: 'admin' });
  });

  it('answers 401 to a revoked token, an expired one, an unknown one, and one whose login was deleted', async () => {
    const revoked = await newToken(investors.A!, { name: 'old laptop' });
    const other = await newToken(investors.B!);
    // Only one's own: B's id is not A's to revoke.
    const notYours = await post('/auth/revoke_api_token', { id: other.id }, investors.A!);
    expect(notYours.statusCode).toBe(404);
    expect(notYours.json()).toEqual({ message: 'There is no such API token of yours.' });
    expect((await get('/api/investor_summary', other.token)).statusCode).toBe(200);

    const ok = await post('/auth/revoke_api_token', { id: revoked.id }, investors.A!);
    expect(ok.json()).toEqual({ message: 'Token revoked' });
    const refused = await get('/api/investor_summary', revoked.token);
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['www-authenticate']).toBe('Bearer');
    const tokens = (await get('/auth/api_tokens', investors.A!)).json() as { tokens: { id: number; status: string }[] };
    expect(tokens.tokens.find((x) => x.id === revoked.id)!.status).toBe('revoked');
    const log = await get('/admin/audit_log?entity=api_token', admin);
    expect(log.json().events.map((e: { summary: string }) => e.summary)).toContain('investor.a revoked the API token “old laptop”');

    const unknown = `ipt_${'A'.repeat(43)}`;
    expect((await get('/api/investor_summary', unknown)).statusCode).toBe(401);

    // B's login is deleted by the admin: B's token ends with it.
    const deleted = await post('/admin/delete_portal_user', { investor_name: 'B' }, admin);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await get('/api/investor_summary', other.token)).statusCode).toBe(401);

    const short = await newToken(investors.C!, { expires_in_days: 1 });
    expect((await get('/api/investor_summary', short.token)).statusCode).toBe(200);
    t.clock.advance(86_400_000 + 1000);
    expect((await get('/api/investor_summary', short.token)).statusCode).toBe(401);
    const c = await signIn(t.app, mapleLogin('C').username, mapleLogin('C').password);
    expect(((await get('/auth/api_tokens', c)).json() as { tokens: { status: string }[] }).tokens[0]!.status).toBe('expired');
  });

  it('names the token of a write in the audit row and its sentence, and the chain verifies with it and without', async () => {
    const made = await newToken(admin, { name: 'nightly import', read_only: false });
    // A write without a token first, then two with it: master data and the ledger's own audit row.
    expect((await post('/admin/add_loren', { loren_name: 'Session Loren' }, admin)).statusCode).toBe(201);
    expect((await post('/admin/add_loren', { loren_name: 'Token Loren' }, made.token)).statusCode).toBe(201);
    const expense = { expense_date: '2024-12-02', llc_name: MAPLE_LLC.llc_name, description: 'Bank fee by script', amount: '12.50', expense_category: 'Bank fees', payer: 'admin' };
    const recorded = await post('/admin/record_llc_expense', expense, made.token);
    expect(recorded.statusCode, recorded.body).toBe(201);

    const rows = await t.testDb.db.query<{ id: number; action: string; entity: string; api_token_id: number | null }>(
      `SELECT id, action, entity, api_token_id FROM audit_event WHERE action IN ('create', 'record') AND entity IN ('loren', 'ledger_entry') ORDER BY id DESC LIMIT 3`,
    );
    expect(rows.map((r) => [r.entity, r.api_token_id])).toEqual([['ledger_entry', made.id], ['loren', made.id], ['loren', null]]);
    expect(await verifyAuditChain(t.testDb.db)).toBeNull();
    // The token is part of the row's hash: taking it off behind the app's back breaks the chain there.
    const tokenRow = rows[1]!.id;
    const db = t.testDb.db;
    await db.exec('ALTER TABLE audit_event DISABLE TRIGGER audit_event_guard');
    await db.query('UPDATE audit_event SET api_token_id = NULL WHERE id = $1', [tokenRow]);
    expect(await verifyAuditChain(db)).toBe(tokenRow);
    await db.query('UPDATE audit_event SET api_token_id = $2 WHERE id = $1', [tokenRow, made.id]);
    await db.exec('ALTER TABLE audit_event ENABLE TRIGGER audit_event_guard');
    expect(await verifyAuditChain(db)).toBeNull();

    const log = (await get('/admin/audit_log', admin)).json() as { events: { summary: string; entity: string }[] };
    const summaries = log.events.map((e) => e.summary);
    expect(summaries).toContain('admin added the loren Token Loren with the API token “nightly import”');
    expect(summaries).toContain('admin added the loren Session Loren');
    expect(summaries.find((s) => s.includes('Bank fee') || s.includes('LLC expense of $12.50'))).toMatch(/with the API token “nightly import”$/);
    expect(summaries).toContain('admin created the API token “nightly import” (may make changes, until 04/15/2026)');
  });

  it('refuses bad input in words and writes nothing; at most 20 live tokens a user', async () => {
    const before = { tokens: await count('api_token'), audit: await count('audit_event') };
    const cases: [object, RegExp][] = [
      [{ name: 'x', expires_in_days: 0, read_only: true }, /at least 1 day/],
      [{ name: 'x', expires_in_days: 367, read_only: true }, /at most 366 days/],
      [{ name: 'x', expires_in_days: 3.5, read_only: true }, /whole number of days/],
      [{ expires_in_days: 90, read_only: true }, /name/i],
      [{ name: 'x', expires_in_days: '90', read_only: true }, /number of days/],
      [{ name: 'x', expires_in_days: 90 }, /true or false|read/i],
      [{ name: 'x', expires_in_days: 90, read_only: true, user_id: 1 }, /.+/],
    ];
    for (const [body, words] of cases) {
      const res = await create(investors.A!, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(words);
    }
    expect(await count('api_token')).toBe(before.tokens);
    expect(await count('audit_event')).toBe(before.audit);
    expect((await post('/auth/revoke_api_token', { id: 0 }, investors.A!)).statusCode).toBe(400);

    const made = [];
    for (let i = 1; i <= 20; i++) made.push(await newToken(investors.A!, { name: `token ${i}` }));
    const tooMany = await create(investors.A!, { name: 'token 21', expires_in_days: 90, read_only: true });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toEqual({ message: 'You have 20 API tokens that still work, the most allowed: revoke one you no longer use first.' });
    // Another user's count is their own, and revoking one makes room.
    await newToken(investors.B!);
    expect((await post('/auth/revoke_api_token', { id: made[0]!.id }, investors.A!)).statusCode).toBe(200);
    await newToken(investors.A!, { name: 'token 21' });
  }, 60_000);
});
