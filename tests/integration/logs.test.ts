import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAPLE_LLC } from '../fixtures/maple.js';
import { mapleLogin, recordMapleBooks, type MapleBooks } from '../support/maple-books.js';
import { ADMIN, bearer, signIn, startTestApp, type TestApp } from '../support/test-app.js';

/**
 * The log (docs/security.md E3–E5): JSON lines, with no password, token or secret in
 * them, and a line for each security event: failed sign-ins, throttling, denied access, refused
 * withdrawals and period-lock refusals.
 */
describe('the log', () => {
  let t: TestApp;
  let maple: MapleBooks;
  const lines: string[] = [];
  const used: string[] = [];

  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString('utf8').split('\n').filter(Boolean)));
    // At debug, so each request's own lines are read for secrets too (they are debug lines).
    t = await startTestApp('pglite', { LOG_LEVEL: 'debug', AUTH_RATE_LIMIT_PER_MINUTE: '30' }, { logStream: stream });
    const admin = await signIn(t.app, ADMIN.username, ADMIN.password);
    maple = await recordMapleBooks(t, admin, { logins: true });
    used.push(ADMIN.password, mapleLogin('A').password, admin, ...Object.values(maple.investors));

    const post = (url: string, payload: object, token?: string) => t.app.inject({ method: 'POST', url, payload, headers: token ? bearer(token) : {} });
    await post('/auth/login', { username: 'admin', password: 'a wrong guess of words 1' });
    const secret = (await t.app.inject({ method: 'GET', url: '/admin/get_investor_secret?investor_name=C', headers: bearer(admin) })).json().investor_secret;
    used.push(secret, 'a wrong guess of words 1');
    await post('/auth/register', { username: 'c.second', password: 'lantern meadow copper 12', secret });
    used.push('lantern meadow copper 12');
    await post('/auth/change_password', { current_password: mapleLogin('B').password, new_password: 'violet harbor reading 44' }, maple.investors.B);
    used.push('violet harbor reading 44');
    await t.app.inject({ method: 'GET', url: '/admin/get_admin_helpers', headers: bearer(maple.investors.A!) });
    await post('/admin/record_cash_withdrawal', { investor_name: 'A', date: '2024-12-01', description: 'Too much', amount: '999999' }, admin);
    await post('/admin/set_period_lock', { llc_name: MAPLE_LLC.llc_name, closed_through: '2024-06-30' }, admin);
    await post('/admin/record_llc_expense', { expense_date: '2024-01-02', llc_name: MAPLE_LLC.llc_name, description: 'x', amount: '1', expense_category: 'Bank fees', payer: 'admin' }, admin);
    // pino writes asynchronously: wait until the last refusal's line has arrived.
    await vi.waitFor(() => expect(lines.some((l) => l.includes('closed through 06/30/2024'))).toBe(true));
  }, 120_000);
  afterAll(() => t?.close());

  it('is JSON, one object per line', () => {
    expect(lines.length).toBeGreaterThan(50);
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
  });

  it('holds no password, token or registration secret that the run used', () => {
    const text = lines.join('\n');
    for (const secret of used) expect(text.includes(secret), `a secret of length ${secret.length} is in the log`).toBe(false);
  });

  it('logs each request at debug, so the default level (info) shows only what matters', () => {
    const events = lines.map((l) => JSON.parse(l) as { level: number; msg?: string; event?: string });
    const requests = events.filter((e) => e.msg === 'incoming request' || e.msg === 'request completed');
    expect(requests.length).toBeGreaterThan(50);
    expect(new Set(requests.map((e) => e.level))).toEqual(new Set([20]));
    // The refusals stay at info or above: the default level still logs every one of them.
    const refusals = events.filter((e) => e.event === 'unauthenticated' || e.event === 'forbidden');
    expect(refusals.length).toBeGreaterThan(0);
    for (const e of refusals) expect(e.level).toBeGreaterThanOrEqual(30);
  });

  it('logs each security event with who, which call and why', () => {
    const events = lines.map((l) => JSON.parse(l) as { event?: string; endpoint?: string; reason?: string; status?: number });
    const find = (endpoint: string, status: number) => events.find((e) => e.endpoint === endpoint && e.status === status);
    expect(find('login', 401)).toMatchObject({ event: 'unauthenticated', reason: 'Invalid username or password.' });
    expect(find('adminHelpers', 403)).toMatchObject({ event: 'forbidden' });
    expect(find('recordCashWithdrawal', 400)?.reason).toMatch(/^Amount cannot exceed the maximum withdrawal amount/);
    expect(find('recordLlcExpense', 409)?.reason).toMatch(/closed through 06\/30\/2024/);
  });
});
