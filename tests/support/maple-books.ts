import { MAPLE_INVESTORS, MAPLE_LLC, MAPLE_PROPERTIES, MAPLE_RECORDINGS } from '../fixtures/maple.js';
import { bearer, signIn, type TestApp } from './test-app.js';

export const MAPLE_PASSWORD = 'amber canyon whistle 77';

/** The withdrawals of the worked example (domain.md §4.10). */
export const MAPLE_WITHDRAWALS: [string, Record<string, unknown>][] = [
  ['/admin/record_investment_withdrawal', { investor_name: 'A', property_name: 'P', date: '2024-09-10', amount: '25000' }],
  ['/admin/record_cash_withdrawal', { investor_name: 'A', date: '2024-07-01', description: 'Q2 distribution', amount: '6000' }],
];

export type MapleBooks = {
  /** The admin's token. */
  admin: string;
  /** Each investor's token, by investor name (A, B, C), when logins were asked for. */
  investors: Record<string, string>;
};

/**
 * Records the Maple Holdings worked example through the API, as an admin would: the LLC, its two
 * properties, the three investors (with portal logins when asked), every recording and, unless told
 * otherwise, the example's withdrawals. Fails loudly on the first refused call.
 */
export async function recordMapleBooks(
  t: TestApp,
  adminToken: string,
  opts: { logins?: boolean; withdrawals?: boolean } = {},
): Promise<MapleBooks> {
  const post = async (url: string, payload: unknown) => {
    const res = await t.app.inject({ method: 'POST', url, payload: payload as object, headers: bearer(adminToken) });
    if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json() as Record<string, unknown>;
  };
  await post('/admin/add_llc', MAPLE_LLC);
  for (const p of MAPLE_PROPERTIES) await post('/admin/add_investment_property', p);
  const investors: Record<string, string> = {};
  for (const i of MAPLE_INVESTORS) {
    const { secret } = await post('/admin/add_investor', i);
    if (!opts.logins) continue;
    const username = `investor.${i.name.toLowerCase()}`;
    const reg = await t.app.inject({ method: 'POST', url: '/auth/register', payload: { username, password: MAPLE_PASSWORD, secret } });
    if (reg.statusCode !== 201) throw new Error(`registration of ${username}: ${reg.body}`);
    investors[i.name] = await signIn(t.app, username, MAPLE_PASSWORD);
  }
  for (const [url, body] of MAPLE_RECORDINGS) await post(url, body);
  if (opts.withdrawals ?? true) for (const [url, body] of MAPLE_WITHDRAWALS) await post(url, body);
  return { admin: adminToken, investors };
}
