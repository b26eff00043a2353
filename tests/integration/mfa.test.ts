import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base32Decode, codeAt, stepAt } from '../../src/server/domain/totp.js';
import { ADMIN, bearer, startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Two-factor sign-in (docs/security.md A10): required for admins. An admin without TOTP
 * enrols at the first sign-in; with it, a code follows the password; each code works once.
 */
const codeFor = (secret: string, at: Date, offset = 0) => codeAt(base32Decode(secret)!, stepAt(at) + offset);

describe('two-factor sign-in for admins', () => {
  let t: TestApp;
  const post = (url: string, payload: object, headers = {}) => t.app.inject({ method: 'POST', url, payload, headers });
  const login = () => post('/auth/login', { username: ADMIN.username, password: ADMIN.password });
  let secret = '';

  beforeAll(async () => {
    t = await startTestApp('pglite', { ADMIN_MFA: 'required' });
  });
  afterAll(() => t?.close());

  it('takes an admin without TOTP through enrolment: the setup challenge opens nothing else', async () => {
    const first = (await login()).json();
    expect(first).toEqual({ totp_setup_required: true, setup_token: expect.any(String) });
    expect(first.access_token).toBeUndefined();
    // The challenge is not a session token.
    expect((await t.app.inject({ method: 'GET', url: '/auth/protected', headers: bearer(first.setup_token) })).statusCode).toBe(401);
    const setup = (await post('/auth/totp/setup', { setup_token: first.setup_token })).json();
    expect(setup.otpauth_url).toBe(`otpauth://totp/App%3Aadmin?secret=${setup.secret}&issuer=App&algorithm=SHA1&digits=6&period=30`);
    secret = setup.secret;
    const wrong = await post('/auth/totp/confirm', { setup_token: first.setup_token, code: '000000' === codeFor(secret, t.clock.now()) ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(401);
    const confirmed = await post('/auth/totp/confirm', { setup_token: first.setup_token, code: codeFor(secret, t.clock.now()) });
    expect(confirmed.statusCode).toBe(200);
    const token = confirmed.json().access_token;
    expect((await t.app.inject({ method: 'GET', url: '/admin/get_admin_helpers', headers: bearer(token) })).statusCode).toBe(200);
    expect((await post('/auth/totp/setup', { setup_token: first.setup_token })).statusCode).toBe(409);
  });

  it('asks an enrolled admin for a code after the password, and accepts each code once', async () => {
    t.clock.advance(30_000); // the enrolment spent this step's code
    const challenge = (await login()).json();
    expect(challenge).toEqual({ mfa_required: true, mfa_token: expect.any(String) });
    const code = codeFor(secret, t.clock.now());
    const ok = await post('/auth/mfa', { mfa_token: challenge.mfa_token, code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().access_token).toMatch(/^ey/);
    // The same code again, even with a fresh challenge: refused.
    const again = await post('/auth/mfa', { mfa_token: (await login()).json().mfa_token, code });
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe('The code is not right, or it was already used. Wait for the next code and try again.');
    // The next step's code works (one step of drift allowed).
    t.clock.advance(30_000);
    expect((await post('/auth/mfa', { mfa_token: (await login()).json().mfa_token, code: codeFor(secret, t.clock.now()) })).statusCode).toBe(200);
  });

  it('refuses malformed codes and forged or expired challenges, in plain words', async () => {
    t.clock.advance(30_000);
    const { mfa_token } = (await login()).json();
    expect((await post('/auth/mfa', { mfa_token, code: '12345' })).json().message).toBe('Code must be the 6 digits your authenticator app shows.');
    expect((await post('/auth/mfa', { mfa_token: 'forged.token.here', code: '123456' })).statusCode).toBe(401);
    t.clock.advance(6 * 60_000); // past the five-minute challenge
    expect((await post('/auth/mfa', { mfa_token, code: codeFor(secret, t.clock.now()) })).json().message).toBe('Your sign-in has expired. Sign in again.');
  });

  it('locks the account after repeated wrong codes, like wrong passwords', async () => {
    t.clock.advance(60_000);
    for (let k = 0; k < 5; k++) {
      const { mfa_token } = (await login()).json();
      expect((await post('/auth/mfa', { mfa_token, code: '999999' === codeFor(secret, t.clock.now()) ? '888888' : '999999' })).statusCode).toBe(401);
    }
    expect((await login()).statusCode).toBe(401); // locked for a while now, as after five wrong passwords
    const [events] = await t.testDb.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM login_event WHERE action = 'mfa' AND outcome = 'failure'`);
    expect(events!.n).toBeGreaterThanOrEqual(5);
  });

  it('clears a lost TOTP by the operator command: the next sign-in enrols again', async () => {
    t.clock.advance(2 * 3600_000);
    await t.services.users.resetPassword(ADMIN.username, ADMIN.password); // lifts the lockout
    await t.services.users.resetTotp(ADMIN.username);
    expect((await login()).json()).toEqual({ totp_setup_required: true, setup_token: expect.any(String) });
  });

  it('enrols an admin created with a secret (ADMIN_TOTP_SECRET) at once: the first sign-in asks for a code', async () => {
    await t.services.users.createAdmin('second.admin', 'copper meadow sailing 19', 'JBSWY3DPEHPK3PXPJBSWY3DP');
    const answer = (await post('/auth/login', { username: 'second.admin', password: 'copper meadow sailing 19' })).json();
    expect(answer).toEqual({ mfa_required: true, mfa_token: expect.any(String) });
    const ok = await post('/auth/mfa', { mfa_token: answer.mfa_token, code: codeFor('JBSWY3DPEHPK3PXPJBSWY3DP', t.clock.now()) });
    expect(ok.statusCode).toBe(200);
  });
});
