import type { StaffRole } from '../../src/contract/roles.js';
import { MAPLE_LLC } from '../fixtures/maple.js';
import { bearer, type TestApp } from './test-app.js';

export const STAFF_PASSWORD = 'copper meadow violin 58';

/** An LLC added through the API, with the Maple LLC's header fields. */
export async function addLlc(t: TestApp, admin: string, name: string): Promise<void> {
  const res = await t.app.inject({ method: 'POST', url: '/admin/add_llc', headers: bearer(admin), payload: { ...MAPLE_LLC, llc_name: name } });
  if (res.statusCode !== 201) throw new Error(`add_llc ${name}: ${res.statusCode} ${res.body}`);
}

/** Registers with a secret the way a person does, and answers the session the registration opens. */
export async function registerWith(t: TestApp, secret: string, username: string, password = STAFF_PASSWORD): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/auth/register', payload: { username, password, secret } });
  if (res.statusCode !== 201) throw new Error(`register ${username}: ${res.statusCode} ${res.body}`);
  return (res.json() as { access_token: string }).access_token;
}

/** A staff login made as production makes one: the admin's invitation, then registration with its secret. */
export async function inviteStaffLogin(
  t: TestApp, admin: string, s: { name: string; role: StaffRole; username: string; llc_names?: string[] },
): Promise<{ username: string; password: string; token: string }> {
  const res = await t.app.inject({
    method: 'POST', url: '/admin/invite_staff', headers: bearer(admin),
    payload: { name: s.name, role: s.role, ...(s.llc_names ? { llc_names: s.llc_names } : {}) },
  });
  if (res.statusCode !== 201) throw new Error(`invite_staff ${s.name}: ${res.statusCode} ${res.body}`);
  const { registration_secret } = res.json() as { registration_secret: string };
  return { username: s.username, password: STAFF_PASSWORD, token: await registerWith(t, registration_secret, s.username) };
}

/** A delegate's login: the investor's invitation (made here by the admin for them), then registration. */
export async function inviteDelegateLogin(t: TestApp, admin: string, investorName: string, name: string, username: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/invite_delegate', headers: bearer(admin), payload: { investor_name: investorName, name } });
  if (res.statusCode !== 201) throw new Error(`invite_delegate ${name}: ${res.statusCode} ${res.body}`);
  const { registration_secret } = res.json() as { registration_secret: string };
  return registerWith(t, registration_secret, username);
}
