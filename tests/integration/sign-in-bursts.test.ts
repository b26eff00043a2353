import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base32Decode, codeAt, stepAt } from '../../src/server/domain/totp.js';
import { LOCKOUT } from '../../src/server/modules/auth/auth.service.js';
import { DB_KINDS } from '../support/test-db.js';
import { ADMIN, bearer, createInvestorWithLogin, startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Sign-in limits under bursts (docs/security.md B2, B3): every guess takes its place in
 * a counter in the database before the password or code is checked, so requests sent all at once get no
 * more guesses checked than requests sent one by one. "Checked" is read from the login events: a guess
 * whose password or code was compared is a `failure` (or a success); one refused before it is `locked`
 * or `throttled`. On PostgreSQL the requests run on several connections at once.
 */
const BURST = 100;
const WRONG = 'not the right password at all';
const codeFor = (secret: string, at: Date, offset = 0) => codeAt(base32Decode(secret)!, stepAt(at) + offset);
const credentials = ({ username, password }: { username: string; password: string }) => ({ username, password });
const wrongCode = (secret: string, at: Date) => (codeFor(secret, at) === '000000' ? '111111' : '000000');

describe.each(DB_KINDS)('sign-in bursts on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t?.close());

  // Each test sends from its own address, so the per-address limit of one never touches another's.
  const post = (url: string, payload: object, from: string) => t.app.inject({ method: 'POST', url, payload, remoteAddress: from });
  /** What became of each guess for a username, since the last event before the burst (its sign-up's aside). */
  const lastEvent = async () => (await t.testDb.db.query<{ id: number }>('SELECT coalesce(max(id), 0)::int AS id FROM login_event'))[0]!.id;
  let mark = 0;
  const outcomes = async (username: string, action = 'login') => {
    const rows = await t.testDb.db.query<{ outcome: string; n: number }>(
      'SELECT outcome, count(*)::int AS n FROM login_event WHERE lower(username) = lower($1) AND action = $2 AND id > $3 GROUP BY outcome',
      [username, action, mark],
    );
    return Object.fromEntries(rows.map((r) => [r.outcome, r.n])) as Record<string, number>;
  };

  const withTotp = (name: string) => withTotpOn(t, name);

  it(`checks only ${LOCKOUT.freeFailures} of ${BURST} wrong passwords sent at once, and then refuses the right one`, async () => {
    const who = await createInvestorWithLogin(t, 'Burst Bea');
    mark = await lastEvent();
    const answers = await Promise.all(Array.from({ length: BURST }, () => post('/auth/login', { username: who.username, password: WRONG }, '10.1.0.1')));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(BURST).fill(401));
    expect(new Set(answers.map((a) => a.body))).toEqual(new Set(['{"message":"Invalid username or password."}']));
    const seen = await outcomes(who.username);
    console.log(`${kind}: a burst of ${BURST} wrong passwords had ${seen.failure} checked, ${seen.locked} refused unchecked`);
    expect(seen.failure).toBe(LOCKOUT.freeFailures);
    expect(seen.locked).toBe(BURST - LOCKOUT.freeFailures);
    expect((await post('/auth/login', { username: who.username, password: who.password }, '10.1.0.1')).statusCode).toBe(401);
  });

  it(`refuses the right password sent last in a burst of ${BURST}: it is past the limit`, async () => {
    const who = await createInvestorWithLogin(t, 'Burst Ben');
    mark = await lastEvent();
    const burst = [...Array.from({ length: BURST - 1 }, () => WRONG), who.password];
    const answers = await Promise.all(burst.map((password) => post('/auth/login', { username: who.username, password }, '10.1.0.2')));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(BURST).fill(401));
    expect(await outcomes(who.username)).toEqual({ failure: LOCKOUT.freeFailures, locked: BURST - LOCKOUT.freeFailures });
  });

  it('accepts the right password inside a burst of 9 wrong ones only when it is among the first 5 checked', async () => {
    const who = await createInvestorWithLogin(t, 'Burst Bill');
    mark = await lastEvent();
    const burst = [...Array.from({ length: 9 }, () => WRONG), who.password];
    const answers = await Promise.all(burst.map((password) => post('/auth/login', { username: who.username, password }, '10.1.0.8')));
    // Which guess the database takes first is its choice. The right one opens a session only if fewer than
    // five wrong ones were checked before it; otherwise it is refused like a wrong one.
    const events = await t.testDb.db.query<{ outcome: string }>(
      `SELECT outcome FROM login_event WHERE username = $1 AND action = 'login' AND outcome IN ('failure', 'success') AND id > $2 ORDER BY id`, [who.username, mark]);
    const before = events.findIndex((e) => e.outcome === 'success');
    const accepted = answers.filter((a) => a.statusCode === 200).length;
    expect(accepted).toBe(before === -1 ? 0 : 1);
    if (before === -1) expect(events).toHaveLength(LOCKOUT.freeFailures);
    else expect(before).toBeLessThan(LOCKOUT.freeFailures);
  });

  it('lets a burst make the owner wait, never disable the login, also for an admin (B3)', async () => {
    const answers = await Promise.all(Array.from({ length: BURST }, () => post('/auth/login', { username: ADMIN.username, password: WRONG }, '10.1.0.3')));
    expect(answers.every((a) => a.statusCode === 401)).toBe(true);
    expect((await post('/auth/login', ADMIN, '10.1.0.4')).statusCode).toBe(401); // waiting
    // The admin sees the wait (and the failures) of an investor's login; the operator's list shows an admin's.
    t.clock.advance(LOCKOUT.baseDelaySeconds * 1000);
    const back = await post('/auth/login', ADMIN, '10.1.0.4');
    expect(back.statusCode).toBe(200);
    const [row] = await t.testDb.db.query<{ failed_logins: number; locked_until: Date | null }>(
      'SELECT failed_logins, locked_until FROM portal_user WHERE username = $1', [ADMIN.username]);
    expect(row).toEqual({ failed_logins: 0, locked_until: null });
  });

  it('shows the admin which investor logins are waiting, until when, and after how many failures', async () => {
    const who = await createInvestorWithLogin(t, 'Burst Bo');
    const admin = (await post('/auth/login', ADMIN, '10.1.0.5')).json().access_token as string;
    await Promise.all(Array.from({ length: 20 }, () => post('/auth/login', { username: who.username, password: WRONG }, '10.1.0.5')));
    const summary = await t.app.inject({ method: 'GET', url: '/admin/get_login_summary', headers: bearer(admin) });
    const row = (summary.json() as { investor_name: string; failed_sign_ins: number; locked_until: string | null }[])
      .find((r) => r.investor_name === 'Burst Bo');
    const until = new Date(t.clock.now().getTime() + LOCKOUT.baseDelaySeconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    expect(row).toMatchObject({ failed_sign_ins: LOCKOUT.freeFailures, locked_until: until });
  });

  it(`checks only ${LOCKOUT.freeFailures} of ${BURST / 2 + 10} codes sent at once with one challenge, and refuses the right code among them`, async () => {
    const who = await withTotp('Burst Cy');
    mark = await lastEvent();
    const challenge = (await post('/auth/login', credentials(who), '10.1.0.6')).json().mfa_token as string;
    const now = t.clock.now();
    const codes = [...Array.from({ length: BURST / 2 + 9 }, () => wrongCode(who.secret, now)), codeFor(who.secret, now)];
    const answers = await Promise.all(codes.map((code) => post('/auth/mfa', { mfa_token: challenge, code }, '10.1.0.6')));
    expect(answers.filter((a) => a.statusCode === 200)).toEqual([]);
    const seen = await outcomes(who.username, 'mfa');
    console.log(`${kind}: a burst of ${codes.length} codes had ${seen.failure} checked, ${seen.locked} refused unchecked`);
    expect(seen.failure).toBe(LOCKOUT.freeFailures);
    // Refused unchecked, said as a wait, with when to try again.
    const waiting = answers.find((a) => a.statusCode === 429)!;
    expect(waiting.json()).toEqual({ message: 'Too many wrong codes. Wait a few minutes, then try again.' });
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts codes toward the per-address limit too', async () => {
    const limited = await startTestApp(kind, { AUTH_RATE_LIMIT_PER_MINUTE: '10' });
    try {
      const who = await withTotpOn(limited, 'Burst Di');
      const challenge = (await limited.app.inject({ method: 'POST', url: '/auth/login', payload: credentials(who) })).json().mfa_token as string;
      const answers = await Promise.all(Array.from({ length: 30 }, () => limited.app.inject({
        method: 'POST', url: '/auth/mfa', remoteAddress: '10.2.0.1',
        payload: { mfa_token: challenge, code: wrongCode(who.secret, limited.clock.now()) },
      })));
      // The address's ten: five codes checked, five refused unchecked by the account's wait; twenty more
      // refused by the address before the account is even asked.
      const tooMany = answers.filter((a) => a.json().message === 'Too many attempts. Please wait a minute and try again.');
      expect(tooMany).toHaveLength(20);
      const rows = await limited.testDb.db.query<{ outcome: string; n: number }>(
        `SELECT outcome, count(*)::int AS n FROM login_event WHERE action = 'mfa' GROUP BY outcome ORDER BY outcome`);
      expect(rows).toEqual([{ outcome: 'failure', n: LOCKOUT.freeFailures }, { outcome: 'locked', n: 10 - LOCKOUT.freeFailures }]);
    } finally {
      await limited.close();
    }
  });

  it('lets a challenge open one session only, whatever codes it is given', async () => {
    const who = await withTotp('Burst Ed');
    const challenge = (await post('/auth/login', credentials(who), '10.1.0.7')).json().mfa_token as string;
    const first = await post('/auth/mfa', { mfa_token: challenge, code: codeFor(who.secret, t.clock.now()) }, '10.1.0.7');
    expect(first.statusCode, first.body).toBe(200);
    t.clock.advance(30_000);
    const again = await post('/auth/mfa', { mfa_token: challenge, code: codeFor(who.secret, t.clock.now()) }, '10.1.0.7');
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ message: 'Your sign-in has expired. Sign in again.' });
  });

  it(`lets ${BURST} sign-ins sent at once from one address through no more than its limit`, async () => {
    const limited = await startTestApp(kind, { AUTH_RATE_LIMIT_PER_MINUTE: '10' });
    try {
      const answers = await Promise.all(Array.from({ length: BURST }, (_, i) =>
        limited.app.inject({ method: 'POST', url: '/auth/login', payload: { username: `nobody-${i}`, password: WRONG } })));
      expect(answers.filter((a) => a.statusCode === 401)).toHaveLength(10);
      expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(BURST - 10);
      // The window ends a minute after its first attempt: then the address may try again.
      limited.clock.advance(60_000);
      expect((await limited.app.inject({ method: 'POST', url: '/auth/login', payload: { username: 'nobody', password: WRONG } })).statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });

  /** An investor whose sign-in asks for a code: enrolled from the Account page. */
  async function withTotpOn(app: TestApp, name: string) {
    const who = await createInvestorWithLogin(app, name);
    const offer = await app.app.inject({ method: 'POST', url: '/auth/totp/enrol', headers: bearer(who.token) });
    const secret = offer.json().secret as string;
    const on = await app.app.inject({ method: 'POST', url: '/auth/totp/enable', headers: bearer(who.token), payload: { code: codeFor(secret, app.clock.now()) } });
    expect(on.statusCode).toBe(200);
    app.clock.advance(30_000); // that step's code is spent
    return { username: who.username, password: who.password, secret };
  }
});
