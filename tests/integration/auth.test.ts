import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../src/server/lib/random.js';
import { LOCKOUT, SESSION_MAX_MS } from '../../src/server/modules/auth/auth.service.js';
import { DB_KINDS } from '../support/test-db.js';
import { addInvestor, ADMIN, bearer, createInvestorWithLogin, signIn, startTestApp, TEST_JWT_SECRET, type TestApp } from '../support/test-app.js';

const MINUTE = 60_000;
const GOOD_PASSWORD = 'copper meadow sailing 19';

describe.each(DB_KINDS)('sign-in, registration and sessions on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t?.close());

  const login = (payload: unknown) => t.app.inject({ method: 'POST', url: '/auth/login', payload: payload as object });
  const register = (payload: unknown) => t.app.inject({ method: 'POST', url: '/auth/register', payload: payload as object });
  const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

  describe('login', () => {
    it('answers a token that identifies the admin, with admin_level 1', async () => {
      const token = await signIn(t.app, ADMIN.username, ADMIN.password);
      expect((await get('/auth/protected', token)).json()).toEqual({ logged_in_as: 'admin' });
      expect((await get('/admin/get_admin_level', token)).json()).toEqual({ admin_level: 1, role: 'admin' });
    });

    it('treats the username case-insensitively', async () => {
      const res = await login({ username: 'ADMIN', password: ADMIN.password });
      expect(res.statusCode).toBe(200);
    });

    it('gives a wrong password and an unknown user byte-identical answers (A9)', async () => {
      const wrong = await login({ username: ADMIN.username, password: 'not the password at all' });
      const unknown = await login({ username: 'nobody-here', password: 'not the password at all' });
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.body).toBe(unknown.body);
      expect(wrong.json()).toEqual({ message: 'Invalid username or password.' });
      await signIn(t.app, ADMIN.username, ADMIN.password); // a success resets the failure count
    });

    it.each([
      [{ username: 'admin' }, 'Password is required.'],
      [{ password: 'x' }, 'Username is required.'],
      [{ username: 'admin', password: 5 }, 'Password must be a string.'],
      [{ username: 'admin', password: 'x', admin_level: 1 }, 'Unknown field: admin_level.'],
      [{ username: '', password: 'x' }, 'Username is required.'],
    ])('refuses %j with 400 and a plain message', async (payload, message) => {
      const res = await login(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
    });

    it('refuses a body that is not JSON, and one over 64 KiB', async () => {
      const bad = await t.app.inject({
        method: 'POST', url: '/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"username":',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ message: 'The request body is not valid JSON.' });
      const big = await login({ username: 'admin', password: 'x'.repeat(70 * 1024) });
      expect(big.statusCode).toBe(413);
      expect(big.json()).toEqual({ message: 'The request body is too large.' });
    });

    describe('after two sign-ins of the admin', () => {
      beforeAll(async () => {
        await signIn(t.app, ADMIN.username, ADMIN.password);
        await signIn(t.app, ADMIN.username, ADMIN.password);
      });

      it('records successful logins for the login summary', async () => {
        const rows = await t.testDb.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM login_event WHERE action = 'login' AND outcome = 'success' AND username ILIKE 'admin'`,
        );
        expect(rows[0]!.n).toBeGreaterThanOrEqual(2);
        const users = await t.services.users.listUsers();
        expect(users.find((u) => u.username === 'admin')!.loginCount).toBe(rows[0]!.n);
      });
    });
  });

  describe('registration with a secret', () => {
    it('links the new login to the investor, and the login works', async () => {
      const { secret } = await addInvestor(t, { name: 'Rita Investor', email: 'rita@example.com', phone: '', address: '', fee_percentage: '0.05' });
      const res = await register({ username: 'rita', password: GOOD_PASSWORD, secret });
      expect(res.statusCode).toBe(201);
      const token = await signIn(t.app, 'rita', GOOD_PASSWORD);
      expect((await get('/auth/protected', token)).json()).toEqual({ logged_in_as: 'rita' });
      expect((await get('/admin/get_admin_level', token)).json()).toEqual({ admin_level: 0, role: 'investor' });
      const [row] = await t.testDb.db.query<{ investor: string }>(
        `SELECT i.name AS investor FROM portal_user u JOIN investor i ON i.id = u.investor_id WHERE u.username = 'rita'`,
      );
      expect(row!.investor).toBe('Rita Investor');
    });

    it('stores secrets hashed only, and a used secret does not work twice (A7)', async () => {
      const { secret, investor } = await addInvestor(t, { name: 'Sam Once', email: '', phone: '', address: '', fee_percentage: '0' });
      const stored = await t.testDb.db.query<{ secret_hash: string }>(
        'SELECT secret_hash FROM registration_secret WHERE investor_id = $1',
        [investor.id],
      );
      expect(stored).toEqual([{ secret_hash: sha256(secret) }]);
      expect(secret).toMatch(/^[A-Za-z0-9_-]{22}$/); // 128 bits, base64url
      expect((await register({ username: 'sam', password: GOOD_PASSWORD, secret })).statusCode).toBe(201);
      const again = await register({ username: 'sam2', password: GOOD_PASSWORD, secret });
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toMatch(/secret is not valid/);
    });

    it('gives one generic message for a bad secret, a used secret and a taken username (A9)', async () => {
      const existing = await createInvestorWithLogin(t, 'Ted Taken');
      const { secret } = await addInvestor(t, { name: 'Tia Taken', email: '', phone: '', address: '', fee_percentage: '0' });
      const taken = await register({ username: existing.username, password: GOOD_PASSWORD, secret });
      const bad = await register({ username: 'tia', password: GOOD_PASSWORD, secret: 'not-a-real-secret-value' });
      expect(taken.statusCode).toBe(400);
      expect(taken.body).toBe(bad.body);
      // The refused attempt did not consume the secret.
      expect((await register({ username: 'tia', password: GOOD_PASSWORD, secret })).statusCode).toBe(201);
    });

    it('refuses a secret after 7 days', async () => {
      const { secret } = await addInvestor(t, { name: 'Uma Late', email: '', phone: '', address: '', fee_percentage: '0' });
      t.clock.advance(7 * 24 * 60 * MINUTE + 1000);
      const res = await register({ username: 'uma', password: GOOD_PASSWORD, secret });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/secret is not valid/);
    });

    it('makes a re-issued secret replace the old one and the old login (password recovery)', async () => {
      const first = await createInvestorWithLogin(t, 'Vic Again');
      const oldSecretRes = await t.services.investors.reissueSecret('Vic Again', { userId: null, ip: null });
      const newer = await t.services.investors.reissueSecret('Vic Again', { userId: null, ip: null });
      expect((await register({ username: 'vic.new', password: GOOD_PASSWORD, secret: oldSecretRes })).statusCode).toBe(400);
      expect((await register({ username: 'vic.new', password: GOOD_PASSWORD, secret: newer })).statusCode).toBe(201);
      expect((await get('/auth/protected', first.token)).statusCode).toBe(401);
      expect((await login({ username: first.username, password: first.password })).statusCode).toBe(401);
      expect((await login({ username: 'vic.new', password: GOOD_PASSWORD })).statusCode).toBe(200);
    });

    it.each([
      ['too short', 'short one', /at least 15 characters/],
      ['containing the username', 'wendy walks the long road', /must not contain your username/],
      ['containing the investor name', 'xx wendy wilson yy zz', /must not contain your (username|name)/],
      ['a common password', 'passwordpassword1', /too easy to guess|commonly used/],
    ])('tells the reason for a password %s (A1–A3)', async (_, password, reason) => {
      const { secret } = await addInvestor(t, { name: `Wendy Wilson ${password.length}${password.slice(0, 3)}`, email: '', phone: '', address: '', fee_percentage: '0' });
      const res = await register({ username: 'wendy', password, secret });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(reason);
    });

    it.each([
      [{ username: 'x', password: GOOD_PASSWORD, secret: 's' }, 'Username must be at least 3 characters long.'],
      [{ username: 'has space', password: GOOD_PASSWORD, secret: 's' }, 'Username may contain letters, digits and . _ @ + - only.'],
      [{ username: 'okname', password: GOOD_PASSWORD }, 'Secret is required.'],
      [{ username: 'okname', password: GOOD_PASSWORD, secret: 's', admin_level: 1 }, 'Unknown field: admin_level.'],
    ])('refuses %j with 400', async (payload, message) => {
      const res = await register(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
    });

    describe('after a registration', () => {
      beforeAll(() => createInvestorWithLogin(t, 'Ada Audited'));

      it('writes one audit row per registration, and the audit chain verifies', async () => {
        const { verifyAuditChain } = await import('../../src/server/modules/audit/audit.service.js');
        const rows = await t.testDb.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM audit_event WHERE action = 'register'`,
        );
        const registered = await t.testDb.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM login_event WHERE action = 'register' AND outcome = 'success'`,
        );
        expect(rows[0]!.n).toBe(registered[0]!.n);
        expect(await verifyAuditChain(t.testDb.db)).toBeNull();
      });
    });
  });

  describe('tokens and sessions (S1–S5)', () => {
    const key = new TextEncoder().encode(TEST_JWT_SECRET);
    const claims = (over: Record<string, unknown> = {}) => ({ sid: '00000000-0000-4000-8000-000000000000', ...over });

    it.each([
      ['no token', undefined],
      ['a malformed token', 'Bearer not.a.token'],
      ['a token in the wrong scheme', 'Basic YWRtaW46eA=='],
    ])('answers 401 with WWW-Authenticate for %s', async (_, header) => {
      const res = await t.app.inject({ method: 'GET', url: '/auth/protected', headers: header ? { authorization: header } : {} });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.json()).toEqual({ message: 'Please sign in.' });
    });

    it('refuses forged tokens: alg none, wrong key, other algorithm, wrong audience, tampered', async () => {
      const valid = await signIn(t.app, ADMIN.username, ADMIN.password);
      const [h, p, s] = valid.split('.');
      const payload = JSON.parse(Buffer.from(p!, 'base64url').toString()) as Record<string, unknown>;
      const now = Math.floor(t.clock.now().getTime() / 1000);
      const base = () =>
        new SignJWT(payload).setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' }).setIssuedAt(now).setExpirationTime(now + 600);
      const forged = [
        new UnsecuredJWT(payload).encode(),
        await base().sign(new TextEncoder().encode('another-secret-another-secret-another-secret')),
        await new SignJWT(payload).setProtectedHeader({ alg: 'HS512', typ: 'at+jwt' }).sign(key),
        await new SignJWT({ ...payload, aud: 'someone-else' }).setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' }).sign(key),
        await new SignJWT({ ...payload, iss: 'someone-else' }).setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' }).sign(key),
        await new SignJWT(payload).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key),
        await new SignJWT(claims({ ...payload, jti: undefined })).setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' }).sign(key),
        `${h}.${Buffer.from(JSON.stringify({ ...payload, sub: '999' })).toString('base64url')}.${s}`,
      ];
      for (const token of forged) {
        expect((await get('/auth/protected', token)).statusCode, token).toBe(401);
      }
      expect((await get('/auth/protected', valid)).statusCode).toBe(200);
    });

    it('expires a token after 30 minutes, and renewal keeps an active session going', async () => {
      const token = await signIn(t.app, ADMIN.username, ADMIN.password);
      t.clock.advance(20 * MINUTE);
      const renewed = await t.app.inject({ method: 'POST', url: '/auth/renew', headers: bearer(token) });
      expect(renewed.statusCode).toBe(200);
      const fresh = renewed.json().access_token as string;
      t.clock.advance(15 * MINUTE); // 35 minutes after sign-in: the first token is dead, the renewed one lives
      expect((await get('/auth/protected', token)).statusCode).toBe(401);
      expect((await get('/auth/protected', fresh)).statusCode).toBe(200);
    });

    it('ends a session after 30 idle minutes even with a live token', async () => {
      const token = await signIn(t.app, ADMIN.username, ADMIN.password);
      t.clock.advance(29 * MINUTE);
      const renewed = (await t.app.inject({ method: 'POST', url: '/auth/renew', headers: bearer(token) })).json()
        .access_token as string;
      t.clock.advance(31 * MINUTE);
      expect((await get('/auth/protected', renewed)).statusCode).toBe(401);
    });

    it('never renews past the 12-hour cap', async () => {
      let token = await signIn(t.app, ADMIN.username, ADMIN.password);
      for (let elapsed = 0; elapsed < SESSION_MAX_MS; elapsed += 20 * MINUTE) {
        t.clock.advance(20 * MINUTE);
        const res = await t.app.inject({ method: 'POST', url: '/auth/renew', headers: bearer(token) });
        if (res.statusCode !== 200) break;
        token = res.json().access_token as string;
      }
      expect((await get('/auth/protected', token)).statusCode).toBe(401);
    });

    it('revokes the session on logout: the old token stops working at once', async () => {
      const token = await signIn(t.app, ADMIN.username, ADMIN.password);
      const out = await t.app.inject({ method: 'POST', url: '/auth/logout', headers: bearer(token) });
      expect(out.statusCode).toBe(200);
      expect(out.headers['clear-site-data']).toBe('"storage"');
      expect((await get('/auth/protected', token)).statusCode).toBe(401);
    });

    it('ends every session of a user whose password an operator resets', async () => {
      const token = await signIn(t.app, ADMIN.username, ADMIN.password);
      await t.services.users.resetPassword(ADMIN.username, ADMIN.password);
      expect((await get('/auth/protected', token)).statusCode).toBe(401);
    });
  });

  describe('throttling', () => {
    it('slows an account after 5 failures, doubling the wait to an hour, and never disables it (A5, B3)', async () => {
      const who = await createInvestorWithLogin(t, 'Lockout Larry');
      const attempt = (password: string) => login({ username: who.username, password });
      for (let i = 0; i < LOCKOUT.freeFailures; i++) expect((await attempt('wrong password here')).statusCode).toBe(401);
      // Waiting 30 s: even the right password gets the same 401 as a wrong one.
      const locked = await attempt(who.password);
      expect(locked.statusCode).toBe(401);
      expect(locked.json()).toEqual({ message: 'Invalid username or password.' });
      t.clock.advance(31_000);
      expect((await attempt(who.password)).statusCode).toBe(200); // and the count starts again

      // 100 consecutive failures (NIST's cap), each after the wait before it: each wait is the one before
      // doubled, up to an hour; the right password inside a wait is refused.
      for (let i = 0; i < LOCKOUT.freeFailures; i++) await attempt('wrong password here');
      let wait = LOCKOUT.baseDelaySeconds;
      for (let failures = LOCKOUT.freeFailures; failures < 100; failures++) {
        t.clock.advance((wait - 1) * 1000);
        expect((await attempt(who.password)).statusCode).toBe(401); // a second early
        t.clock.advance(1000);
        expect((await attempt('wrong password here')).statusCode).toBe(401);
        wait = Math.min(wait * 2, LOCKOUT.maxDelaySeconds);
      }
      expect(wait).toBe(3600);
      // Never disabled: once the last wait has passed, the owner signs in.
      t.clock.advance(wait * 1000);
      expect((await attempt(who.password)).statusCode).toBe(200);
    });
  });

  describe('access policy (Z1)', () => {
    it('refuses an admin route to an investor with 403 and to nobody with 401', async () => {
      const fresh = await startTestApp('pglite');
      try {
        // A probe route registered by the test on the real guard: admin policy, nothing else. It lives
        // outside the API's paths, where only the endpoint table may add routes.
        fresh.app.get('/probe/admin-only', { config: { policy: 'admin' } }, async () => ({ ok: true }));
        // A route without a policy cannot be added, nor an API route that is not an entry of the table.
        expect(() => fresh.app.get('/probe/unguarded', async () => ({}))).toThrow(/declares no access policy/);
        expect(() => fresh.app.get('/admin/probe', { config: { policy: 'admin' } }, async () => ({}))).toThrow(/not an entry of the endpoint table/);
        const investor = await createInvestorWithLogin(fresh, 'Policy Pat');
        const admin = await signIn(fresh.app, ADMIN.username, ADMIN.password);
        const as = (token?: string) =>
          fresh.app.inject({ method: 'GET', url: '/probe/admin-only', headers: token ? bearer(token) : {} });
        expect((await as()).statusCode).toBe(401);
        expect((await as(investor.token)).statusCode).toBe(403);
        expect((await as(investor.token)).json()).toEqual({ message: 'You are not authorized to do this.' });
        expect((await as(admin)).statusCode).toBe(200);
      } finally {
        await fresh.close();
      }
    });
  });
});

describe('per-address throttle (A6)', () => {
  it('answers 429 with Retry-After to the 11th sign-in attempt in a minute', async () => {
    const t = await startTestApp('pglite', { AUTH_RATE_LIMIT_PER_MINUTE: '10' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 11; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/auth/login',
          payload: { username: 'someone', password: 'guess number ' + i },
          // A spoofed forwarding header must not change the address (trustProxy is off).
          headers: { 'x-forwarded-for': `10.0.0.${i}` },
        });
        codes.push(res.statusCode);
        if (i === 10) {
          expect(res.headers['retry-after']).toBe('60');
          expect(res.json().message).toMatch(/Too many attempts/);
        }
      }
      expect(codes).toEqual([...Array(10).fill(401), 429]);
      t.clock.advance(61_000);
      expect((await t.app.inject({ method: 'POST', url: '/auth/login', payload: ADMIN })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
