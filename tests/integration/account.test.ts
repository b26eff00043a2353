import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createInvestorWithLogin, signIn, startTestApp, type TestApp } from '../support/test-app.js';

/** Accounts a person can run alone: changing one's own password ends the other sessions. */
describe('change password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(() => t?.close());

  it('checks the current password and the policy, then ends every other session of the user', async () => {
    const who = await createInvestorWithLogin(t, 'Pat Change');
    const other = await signIn(t.app, who.username, who.password);
    const change = (body: object, token = who.token) =>
      t.app.inject({ method: 'POST', url: '/auth/change_password', headers: bearer(token), payload: body });
    const protectedAs = async (token: string) => (await t.app.inject({ method: 'GET', url: '/auth/protected', headers: bearer(token) })).statusCode;

    expect((await change({ current_password: 'not it at all 99', new_password: 'harbor violet reading 31' })).json())
      .toEqual({ message: 'The current password is not right.' });
    const weak = await change({ current_password: who.password, new_password: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toMatch(/at least 15 characters/);
    expect((await change({ current_password: who.password, new_password: who.password })).json())
      .toEqual({ message: 'The new password must differ from the current one.' });
    expect((await change({ current_password: who.password })).json()).toEqual({ message: 'New password is required.' });
    expect(await protectedAs(other)).toBe(200); // nothing has changed yet

    const ok = await change({ current_password: who.password, new_password: 'harbor violet reading 31' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'Password changed successfully' });
    expect(await protectedAs(who.token)).toBe(200);
    expect(await protectedAs(other)).toBe(401);
    const login = (password: string) => t.app.inject({ method: 'POST', url: '/auth/login', payload: { username: who.username, password } });
    expect((await login(who.password)).statusCode).toBe(401);
    expect((await login('harbor violet reading 31')).statusCode).toBe(200);
    const [audit] = await t.testDb.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_event WHERE action = 'change_password'`);
    expect(audit!.n).toBe(1);
    expect((await t.app.inject({ method: 'POST', url: '/auth/change_password', payload: {} })).statusCode).toBe(401);
  });
});
