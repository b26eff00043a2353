import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base32Decode, codeAt, stepAt } from '../../src/server/domain/totp.js';
import { DB_KINDS } from '../support/test-db.js';
import { addInvestor, ADMIN, bearer, createInvestorWithLogin, signIn, startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Accounts a person can recover: ten single-use recovery codes at two-factor
 * enrolment, two-factor sign-in turned off with a code, an admin who sets a new password or turns
 * two-factor off for an investor's login, and a registration that signs the new login in.
 */
const codeFor = (secret: string, at: Date) => codeAt(base32Decode(secret)!, stepAt(at));
const RECOVERY = /^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/;

describe.each(DB_KINDS)('account recovery on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await signIn(t.app, ADMIN.username, ADMIN.password);
  });
  afterAll(() => t?.close());

  const post = (url: string, payload: object, token?: string) =>
    t.app.inject({ method: 'POST', url, payload, headers: token ? bearer(token) : {} });
  const status = async (token: string) => (await t.app.inject({ method: 'GET', url: '/auth/totp/status', headers: bearer(token) })).json();

  /** An investor with two-factor sign-in on, and the recovery codes it answered. */
  async function enrolled(name: string) {
    const who = await createInvestorWithLogin(t, name);
    const { secret } = (await post('/auth/totp/enrol', {}, who.token)).json() as { secret: string };
    const on = await post('/auth/totp/enable', { code: codeFor(secret, t.clock.now()) }, who.token);
    expect(on.statusCode).toBe(200);
    t.clock.advance(30_000);
    return { ...who, secret, codes: on.json().recovery_codes as string[] };
  }
  const challenge = async (who: { username: string; password: string }) =>
    (await post('/auth/login', { username: who.username, password: who.password })).json().mfa_token as string;

  it('gives ten distinct recovery codes at enrolment; each signs in once, and the audit log says so', async () => {
    const who = await enrolled('Rita Recover');
    expect(who.codes).toHaveLength(10);
    expect(new Set(who.codes).size).toBe(10);
    for (const code of who.codes) expect(code).toMatch(RECOVERY);
    expect(await status(who.token)).toEqual({ totp_enabled: true, recovery_codes_left: 10, can_turn_off: true });

    // Typed loosely (capitals, no hyphen): still the code.
    const typed = who.codes[0]!.replace('-', ' ').toUpperCase();
    const ok = await post('/auth/mfa', { mfa_token: await challenge(who), recovery_code: typed });
    expect(ok.statusCode).toBe(200);
    const [audit] = await t.testDb.db.query<{ after: { codes_left: number } }>(
      `SELECT after FROM audit_event WHERE action = 'use_recovery_code' ORDER BY id DESC LIMIT 1`);
    expect(audit!.after.codes_left).toBe(9);
    expect((await status(ok.json().access_token)).recovery_codes_left).toBe(9);

    const again = await post('/auth/mfa', { mfa_token: await challenge(who), recovery_code: who.codes[0]! });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ message: 'The recovery code is not right, or it was already used.' });
  });

  it('takes either a code or a recovery code, never both or neither', async () => {
    const who = await enrolled('Rory Recover');
    const token = await challenge(who);
    const both = await post('/auth/mfa', { mfa_token: token, code: '123456', recovery_code: who.codes[0]! });
    const neither = await post('/auth/mfa', { mfa_token: token });
    for (const answer of [both, neither]) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ message: 'Give either the 6-digit code of your authenticator app or one recovery code.' });
    }
    expect((await post('/auth/mfa', { mfa_token: token, recovery_code: 'x'.repeat(41) })).json())
      .toEqual({ message: 'Recovery code must be at most 40 characters.' });
  });

  it('makes ten new recovery codes for a code of the app; the old ones stop working', async () => {
    const who = await enrolled('Reed Recover');
    const wrong = await post('/auth/totp/recovery_codes', { code: codeFor(who.secret, t.clock.now()) === '000000' ? '111111' : '000000' }, who.token);
    expect(wrong.statusCode).toBe(400);
    const fresh = await post('/auth/totp/recovery_codes', { code: codeFor(who.secret, t.clock.now()) }, who.token);
    expect(fresh.statusCode).toBe(200);
    const codes = fresh.json().recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(codes.filter((c) => who.codes.includes(c))).toEqual([]);
    expect((await post('/auth/mfa', { mfa_token: await challenge(who), recovery_code: who.codes[1]! })).statusCode).toBe(401);
    expect((await post('/auth/mfa', { mfa_token: await challenge(who), recovery_code: codes[1]! })).statusCode).toBe(200);
  });

  it('turns two-factor sign-in off with a recovery code (a lost phone), not with a wrong one', async () => {
    const who = await enrolled('Rae Recover');
    const wrong = await post('/auth/totp/disable', { recovery_code: 'aaaaa-aaaaa' }, who.token);
    expect(wrong.statusCode).toBe(400);
    expect((await status(who.token)).totp_enabled).toBe(true);
    const off = await post('/auth/totp/disable', { recovery_code: who.codes[3]! }, who.token);
    expect(off.statusCode).toBe(200);
    expect(off.json().message).toBe('Two-factor sign-in is off. Your next sign-in asks only for your password.');
    expect(await status(who.token)).toEqual({ totp_enabled: false, recovery_codes_left: 0, can_turn_off: false });
    const login = await post('/auth/login', { username: who.username, password: who.password });
    expect(Object.keys(login.json())).toEqual(['access_token']);
    // Off already: nothing to turn off, nothing to renew.
    expect((await post('/auth/totp/disable', { code: '123456' }, who.token)).statusCode).toBe(409);
    expect((await post('/auth/totp/recovery_codes', { code: '123456' }, who.token)).statusCode).toBe(409);
  });

  it('lets an admin set a new password for an investor: the old one and its sessions end, the wait is lifted', async () => {
    const who = await createInvestorWithLogin(t, 'Paula Password');
    for (let i = 0; i < 6; i++) await post('/auth/login', { username: who.username, password: 'not the password at all' });
    const reset = await post('/admin/reset_portal_user_password', { investor_name: 'Paula Password' }, admin);
    expect(reset.statusCode).toBe(200);
    const { message, password } = reset.json() as { message: string; password: string };
    expect(message).toBe('A new password is set. Give it to the investor; it is shown only now.');
    expect((await t.app.inject({ method: 'GET', url: '/auth/protected', headers: bearer(who.token) })).statusCode).toBe(401);
    expect((await post('/auth/login', { username: who.username, password: who.password })).statusCode).toBe(401);
    expect((await post('/auth/login', { username: who.username, password })).statusCode).toBe(200);
    const [audit] = await t.testDb.db.query<{ action: string; after: object }>(
      `SELECT action, after FROM audit_event WHERE action = 'admin_reset_password' ORDER BY id DESC LIMIT 1`);
    expect(audit!.after).toEqual({ username: who.username, investor: 'Paula Password' });
    expect(JSON.stringify(audit)).not.toContain(password);
  });

  it('lets an admin turn off the two-factor sign-in of an investor who lost the phone', async () => {
    const who = await enrolled('Tom Totp');
    const reset = await post('/admin/reset_portal_user_totp', { investor_name: 'tom totp' }, admin);
    expect(reset.statusCode).toBe(200);
    const login = await post('/auth/login', { username: who.username, password: who.password });
    expect(Object.keys(login.json())).toEqual(['access_token']);
    expect((await status(login.json().access_token)).totp_enabled).toBe(false);
    const [left] = await t.testDb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM recovery_code rc JOIN portal_user u ON u.id = rc.user_id WHERE u.username = $1', [who.username]);
    expect(left!.n).toBe(0);
  });

  it("tells the login's owner by e-mail when an admin sets a new password or turns two-factor off: a change they did not ask for is the alarm", async () => {
    const { secret } = await addInvestor(t, { name: 'Nina Notice', email: 'nina@example.com', phone: '', address: '', fee_percentage: '0' });
    expect((await post('/auth/register', { username: 'nina.notice', password: 'amber canyon whistle 77', secret })).statusCode).toBe(201);
    const told = () => t.testDb.db.query<{ event: string; address: string }>(
      `SELECT o.event, o.address FROM notice_outbox o JOIN portal_user u ON u.id = o.user_id WHERE u.username = 'nina.notice' ORDER BY o.id`);
    expect(await told()).toEqual([]);
    expect((await post('/admin/reset_portal_user_password', { investor_name: 'Nina Notice' }, admin)).statusCode).toBe(200);
    expect((await post('/admin/reset_portal_user_totp', { investor_name: 'Nina Notice' }, admin)).statusCode).toBe(200);
    expect(await told()).toEqual([
      { event: 'password_changed', address: 'nina@example.com' },
      { event: 'two_factor_changed', address: 'nina@example.com' },
    ]);
  });

  it('refuses a reset for an unknown investor or one without a login, with 404 and nothing changed', async () => {
    await addInvestor(t, { name: 'Nolan Nologin', email: '', phone: '', address: '', fee_percentage: '0' });
    const [before] = await t.testDb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_event');
    for (const url of ['/admin/reset_portal_user_password', '/admin/reset_portal_user_totp']) {
      expect((await post(url, { investor_name: 'Nobody At All' }, admin)).statusCode).toBe(404);
      const none = await post(url, { investor_name: 'Nolan Nologin' }, admin);
      expect(none.statusCode).toBe(404);
      expect(none.json()).toEqual({ message: 'Nolan Nologin has no portal login.' });
      expect((await post(url, {}, admin)).json()).toEqual({ message: 'Investor name is required.' });
    }
    const [after] = await t.testDb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_event');
    expect(after).toEqual(before);
  });

  it('signs a new registration in: its answer carries a session', async () => {
    const { secret } = await addInvestor(t, { name: 'Gina Greeting', email: '', phone: '', address: '', fee_percentage: '0' });
    const res = await post('/auth/register', { username: 'gina', password: 'amber canyon whistle 77', secret });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Registration successful. You can sign in now.');
    const who = await t.app.inject({ method: 'GET', url: '/auth/protected', headers: bearer(res.json().access_token) });
    expect(who.json()).toEqual({ logged_in_as: 'gina' });
  });
});

describe('recovery codes of an admin who must use two-factor sign-in', () => {
  it('come with the enrolment at sign-in, and two-factor cannot be turned off while required', async () => {
    const t = await startTestApp('pglite', { ADMIN_MFA: 'required' });
    try {
      const post = (url: string, payload: object, token?: string) =>
        t.app.inject({ method: 'POST', url, payload, headers: token ? bearer(token) : {} });
      const { setup_token } = (await post('/auth/login', ADMIN)).json();
      const { secret } = (await post('/auth/totp/setup', { setup_token })).json();
      const confirmed = (await post('/auth/totp/confirm', { setup_token, code: codeFor(secret, t.clock.now()) })).json();
      expect(confirmed.recovery_codes).toHaveLength(10);
      const off = await post('/auth/totp/disable', { recovery_code: confirmed.recovery_codes[0] }, confirmed.access_token);
      expect(off.statusCode).toBe(409);
      expect(off.json()).toEqual({ message: 'Two-factor sign-in is required for staff accounts (admin, bookkeeper, auditor): it cannot be turned off.' });
    } finally {
      await t.close();
    }
  });
});
