import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base32Decode, codeAt, stepAt } from '../../src/server/domain/totp.js';
import { ADMIN, bearer, createInvestorWithLogin, signIn, startTestApp, type TestApp } from '../support/test-app.js';
import { DB_KINDS } from '../support/test-db.js';

/**
 * Two-factor sign-in from one's own Account page ("Investors may enrol from their
 * page"; docs/security.md A10): any signed-in user asks for a secret, confirms it with a code, and from then
 * on signs in with a code. The same implementation as the admins' enrolment at sign-in
 * (tests/integration/mfa.test.ts): single-use codes, wrong codes counted toward the lockout, audited.
 */
const codeFor = (secret: string, at: Date, offset = 0) => codeAt(base32Decode(secret)!, stepAt(at) + offset);
/** A 6-digit code that is not the right one now (nor one step either way). */
const wrongCodeFor = (secret: string, at: Date) => {
  const right = new Set([-1, 0, 1].map((o) => codeFor(secret, at, o)));
  return ['000000', '111111', '222222', '333333'].find((c) => !right.has(c))!;
};
const WRONG_CODE = 'The code is not right, or it was already used. Wait for the next code and try again.';

describe.each(DB_KINDS)('two-factor enrolment from the Account page on %s', (kind) => {
  let t: TestApp;
  const post = (url: string, token: string | null, payload?: unknown) =>
    t.app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  const status = async (token: string) => (await t.app.inject({ method: 'GET', url: '/auth/totp/status', headers: bearer(token) })).json();
  const login = (username: string, password: string) => post('/auth/login', null, { username, password });
  const auditCount = async () => (await t.testDb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_event'))[0]!.n;

  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t?.close());

  it('takes an investor from off to on: secret and QR address, a wrong code refused in words, a right one enables it, audited', async () => {
    const rita = await createInvestorWithLogin(t, 'Rita Enrol');
    expect(await status(rita.token)).toEqual({ totp_enabled: false, recovery_codes_left: 0, can_turn_off: false });

    const enrol = await post('/auth/totp/enrol', rita.token);
    expect(enrol.statusCode).toBe(200);
    expect(enrol.headers['cache-control']).toContain('no-store');
    const { secret, otpauth_url } = enrol.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_url).toBe(`otpauth://totp/App%3A${rita.username}?secret=${secret}&issuer=App&algorithm=SHA1&digits=6&period=30`);
    // A secret offered but not confirmed changes nothing: the sign-in still needs no code.
    expect(await status(rita.token)).toEqual({ totp_enabled: false, recovery_codes_left: 0, can_turn_off: false });
    expect((await login(rita.username, rita.password)).json()).toEqual({ access_token: expect.any(String) });

    // A wrong code: 400 in plain words (not 401, so the page keeps its session), counted as a failure.
    const wrong = await post('/auth/totp/enable', rita.token, { code: wrongCodeFor(secret, t.clock.now()) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: WRONG_CODE });
    expect((await t.app.inject({ method: 'GET', url: '/auth/protected', headers: bearer(rita.token) })).statusCode).toBe(200);
    const [failures] = await t.testDb.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM login_event WHERE action = 'mfa' AND outcome = 'failure' AND username = $1`, [rita.username]);
    expect(failures!.n).toBe(1);

    const before = await auditCount();
    const code = codeFor(secret, t.clock.now());
    const ok = await post('/auth/totp/enable', rita.token, { code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'Two-factor sign-in is on. Your next sign-in asks for a code.', recovery_codes: expect.any(Array) });
    expect(ok.json().recovery_codes).toHaveLength(10);
    expect(await status(rita.token)).toEqual({ totp_enabled: true, recovery_codes_left: 10, can_turn_off: true });
    // The session that enabled it goes on.
    expect((await t.app.inject({ method: 'GET', url: '/api/investor_summary', headers: bearer(rita.token) })).statusCode).toBe(200);
    const audit = await t.testDb.db.query<{ action: string; entity: string; after: unknown }>(
      'SELECT action, entity, after FROM audit_event ORDER BY id DESC LIMIT 1');
    expect(audit).toEqual([{ action: 'enable_totp', entity: 'portal_user', after: { username: rita.username } }]);
    expect(await auditCount()).toBe(before + 1);

    // The next sign-in asks for a code; the code spent on enabling is refused, the next one works.
    const challenge = (await login(rita.username, rita.password)).json();
    expect(challenge).toEqual({ mfa_required: true, mfa_token: expect.any(String) });
    const reused = await post('/auth/mfa', null, { mfa_token: challenge.mfa_token, code });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().message).toBe(WRONG_CODE);
    t.clock.advance(30_000);
    const signedIn = await post('/auth/mfa', null, { mfa_token: challenge.mfa_token, code: codeFor(secret, t.clock.now()) });
    expect(signedIn.statusCode).toBe(200);
    expect(await status(signedIn.json().access_token)).toEqual({ totp_enabled: true, recovery_codes_left: 10, can_turn_off: true });
  });

  it('refuses a second enrolment or enabling once on (409), and writes nothing', async () => {
    const sam = await createInvestorWithLogin(t, 'Sam Twice');
    const { secret } = (await post('/auth/totp/enrol', sam.token)).json();
    expect((await post('/auth/totp/enable', sam.token, { code: codeFor(secret, t.clock.now()) })).statusCode).toBe(200);
    const before = await auditCount();
    const [row] = await t.testDb.db.query<{ s: string }>('SELECT totp_secret AS s FROM portal_user WHERE username = $1', [sam.username]);
    const again = await post('/auth/totp/enrol', sam.token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'Two-factor sign-in is already set up for this account.' });
    t.clock.advance(30_000);
    const enableAgain = await post('/auth/totp/enable', sam.token, { code: codeFor(secret, t.clock.now()) });
    expect(enableAgain.statusCode).toBe(409);
    // The secret stays the one confirmed; no audit row for a refusal.
    expect(await t.testDb.db.query('SELECT totp_secret AS s FROM portal_user WHERE username = $1', [sam.username])).toEqual([row]);
    expect(await auditCount()).toBe(before);
  });

  it('asks for the setup first, and a fresh enrolment replaces an unconfirmed secret', async () => {
    const una = await createInvestorWithLogin(t, 'Una Pending');
    const first = await post('/auth/totp/enable', una.token, { code: '123456' });
    expect(first.statusCode).toBe(400);
    expect(first.json()).toEqual({ message: 'Start the setup first: no secret was offered yet.' });
    const old = (await post('/auth/totp/enrol', una.token)).json().secret as string;
    const fresh = (await post('/auth/totp/enrol', una.token)).json().secret as string;
    expect(fresh).not.toBe(old);
    t.clock.advance(30_000);
    const oldCode = codeFor(old, t.clock.now());
    if (oldCode !== codeFor(fresh, t.clock.now())) {
      expect((await post('/auth/totp/enable', una.token, { code: oldCode })).statusCode).toBe(400);
    }
    expect((await post('/auth/totp/enable', una.token, { code: codeFor(fresh, t.clock.now(), 1) })).statusCode).toBe(200);
  });

  it('counts wrong codes toward the lockout: after five the account waits, at sign-in too', async () => {
    t.clock.advance(60_000);
    const lou = await createInvestorWithLogin(t, 'Lou Locked');
    const { secret } = (await post('/auth/totp/enrol', lou.token)).json();
    for (let k = 0; k < 5; k++) {
      expect((await post('/auth/totp/enable', lou.token, { code: wrongCodeFor(secret, t.clock.now()) })).statusCode).toBe(400);
    }
    const locked = await post('/auth/totp/enable', lou.token, { code: codeFor(secret, t.clock.now()) });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(lou.username, lou.password)).statusCode).toBe(401); // locked, as after five wrong passwords
    expect(await status(lou.token)).toEqual({ totp_enabled: false, recovery_codes_left: 0, can_turn_off: false });
    // Once the wait is over a right code enables it.
    t.clock.advance(31_000);
    expect((await post('/auth/totp/enable', lou.token, { code: codeFor(secret, t.clock.now()) })).statusCode).toBe(200);
  });

  it('lets an admin (two-factor optional here) enrol from the Account page too', async () => {
    const admin = await signIn(t.app, ADMIN.username, ADMIN.password);
    expect(await status(admin)).toEqual({ totp_enabled: false, recovery_codes_left: 0, can_turn_off: false });
    const { secret } = (await post('/auth/totp/enrol', admin)).json();
    t.clock.advance(30_000);
    expect((await post('/auth/totp/enable', admin, { code: codeFor(secret, t.clock.now()) })).statusCode).toBe(200);
    expect((await login(ADMIN.username, ADMIN.password)).json()).toEqual({ mfa_required: true, mfa_token: expect.any(String) });
  });

  it('answers 401 without a session and 400 to junk, never 5xx, writing nothing', async () => {
    const vic = await createInvestorWithLogin(t, 'Vic Junk');
    const before = await auditCount();
    expect((await t.app.inject({ method: 'GET', url: '/auth/totp/status' })).statusCode).toBe(401);
    expect((await post('/auth/totp/enrol', null)).statusCode).toBe(401);
    expect((await post('/auth/totp/enable', null, { code: '123456' })).statusCode).toBe(401);
    const junk: [unknown, string][] = [
      [{}, 'Code'],
      [{ code: '12345' }, 'Code must be the 6 digits your authenticator app shows.'],
      [{ code: 123456 }, 'Code'],
      [{ code: '１２３４５６' }, 'Code must be the 6 digits your authenticator app shows.'],
      [{ code: '123456', user_id: 1 }, 'Unknown field: user_id.'],
      [{ code: '12\u00003456' }, 'Code'],
      [[], ''],
      [null, ''],
    ];
    for (const [payload, message] of junk) {
      const res = await t.app.inject({
        method: 'POST', url: '/auth/totp/enable', headers: { ...bearer(vic.token), 'content-type': 'application/json' }, payload: JSON.stringify(payload),
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message, JSON.stringify(payload)).toContain(message);
    }
    // Not JSON at all: refused before the schema (415), still a 4xx in the { message } shape.
    const text = await post('/auth/totp/enable', vic.token, 'code');
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toEqual(expect.any(String));
    const withBody = await post('/auth/totp/enrol', vic.token, { secret: 'AAAA' });
    expect(withBody.statusCode).toBeLessThan(500);
    expect(await auditCount()).toBe(before);
  });
});
