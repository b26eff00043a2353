import { MAPLE_INVESTORS, MAPLE_LLC, MAPLE_PROPERTIES, MAPLE_RECORDINGS, MAPLE_WITHDRAWALS } from '../fixtures/maple.js';
import { ADMIN, seedAs, sharedAppTemplate, signIn, type AppTemplate, type TestApp } from './test-app.js';
import type { DbKind } from './test-db.js';

export const MAPLE_PASSWORD = 'amber canyon whistle 77';

/** The portal login of a Maple investor (A, B or C), when the books were recorded with logins. */
export const mapleLogin = (name: string) => ({ username: `investor.${name.toLowerCase()}`, password: MAPLE_PASSWORD });

export type MapleBooks = {
  /** The admin's token. */
  admin: string;
  /** Each investor's token, by investor name (A, B, C), when logins were asked for. */
  investors: Record<string, string>;
};

export type MapleOptions = {
  /** Portal logins for A, B and C (see mapleLogin). Default: none. */
  logins?: boolean;
  /** Every recording of the example. Default: yes; `false` leaves the LLC, its properties and the investors alone. */
  recordings?: boolean;
  /** The example's withdrawals, after the recordings. Default: yes. */
  withdrawals?: boolean;
};

/**
 * Records the Maple Holdings worked example through the API, as an admin would: the LLC, its two
 * properties, the three investors (with portal logins when asked), every recording and, unless told
 * otherwise, the example's withdrawals. Fails loudly on the first refused call.
 */
export async function recordMapleBooks(t: TestApp, adminToken: string, opts: MapleOptions = {}): Promise<MapleBooks> {
  const post = seedAs(t, adminToken);
  await post('/admin/add_llc', MAPLE_LLC);
  for (const p of MAPLE_PROPERTIES) await post('/admin/add_investment_property', p);
  const investors: Record<string, string> = {};
  for (const i of MAPLE_INVESTORS) {
    const { secret } = await post('/admin/add_investor', i);
    if (!opts.logins) continue;
    const { username, password } = mapleLogin(i.name);
    const reg = await t.app.inject({ method: 'POST', url: '/auth/register', payload: { username, password, secret } });
    if (reg.statusCode !== 201) throw new Error(`registration of ${username}: ${reg.body}`);
    investors[i.name] = await signIn(t.app, username, password);
  }
  if (opts.recordings ?? true) {
    for (const [url, body] of MAPLE_RECORDINGS) await post(url, body);
    if (opts.withdrawals ?? true) await recordMapleWithdrawals(t, adminToken);
  }
  return { admin: adminToken, investors };
}

/** The example's withdrawals (A takes 25,000.00 of capital from P and 6,000.00 in cash), on books without them. */
export async function recordMapleWithdrawals(t: TestApp, adminToken: string): Promise<void> {
  const post = seedAs(t, adminToken);
  for (const [url, body] of MAPLE_WITHDRAWALS) await post(url, body);
}

/**
 * The Maple books recorded once for the run (the first file to ask records them, see sharedAppTemplate),
 * as a template: each `start()` is a fresh app on a copy, so a test writes into books of its own. Its `state` holds the tokens, valid on every copy. Given `from`
 * (an empty template, say), the books are written into a copy of it instead of a new database.
 */
export async function mapleBooksTemplate(
  kind: DbKind,
  opts: MapleOptions = {},
  from?: AppTemplate<unknown>,
): Promise<AppTemplate<MapleBooks>> {
  const write = async (t: TestApp) => recordMapleBooks(t, await signIn(t.app, ADMIN.username, ADMIN.password), opts);
  if (from) return from.extend(write);
  // The same books whichever file asks: recorded once for the run and copied by every file.
  const key = { logins: opts.logins ?? false, recordings: opts.recordings ?? true, withdrawals: opts.withdrawals ?? true };
  return sharedAppTemplate(`maple ${JSON.stringify(key)}`, kind, write);
}
