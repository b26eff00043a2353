import { endpoints } from '../../../src/contract/endpoints.js';
import { mapleLogin, MAPLE_PASSWORD } from '../maple-books.js';
import { ADMIN, bearer, createInvestorWithLogin, type TestApp } from '../test-app.js';
import type { FuzzCase, Role } from './cases.js';
import type { Answer } from './oracle.js';

/**
 * The sessions the fuzzer sends its cases with, kept alive through cases that end them: a logout, a
 * password change, a deleted portal login, a lockout from wrong codes. The session calls (/auth/…) use an
 * account of their own, so the admin's and the investor's sessions only end when a valid-looking call
 * deletes a login on purpose; then the fuzzer signs in again, or registers a fresh login for the investor.
 */
export type Sessions = {
  authorization(role: Role): string | undefined;
  accountPassword(): string;
  /** Follows what a case did to the sessions; true when it had to sign in again (which writes rows). */
  afterCase(c: FuzzCase, a: Answer): Promise<boolean>;
  /** How many times a session had to be restored, by role. */
  restored: Record<Role, number>;
};

type Login = { username: string; password: string; token: string };

/** The investor whose figures the investor calls read: Maple's A, with real books behind them. */
const INVESTOR = 'A';

/** Signs in; undefined when the answer is not a session (a refusal, or a second factor being asked for). */
async function trySignIn(t: TestApp, username: string, password: string): Promise<string | undefined> {
  const res = await t.app.inject({ method: 'POST', url: endpoints.login.path, payload: { username, password } });
  const token = res.statusCode === 200 ? (res.json() as { access_token?: unknown }).access_token : undefined;
  return typeof token === 'string' ? token : undefined;
}

async function isAlive(t: TestApp, token: string): Promise<boolean> {
  const res = await t.app.inject({ method: 'GET', url: endpoints.protectedCheck.path, headers: bearer(token) });
  return res.statusCode === 200;
}

export async function openSessions(t: TestApp, adminToken: string, investorToken: string): Promise<Sessions> {
  let n = 0;
  const admin: Login = { ...ADMIN, token: adminToken };
  const investor: Login = { ...mapleLogin(INVESTOR), token: investorToken };
  const newAccount = async (): Promise<Login> => {
    n += 1;
    const login = { username: `fuzz.account.${n}`, password: MAPLE_PASSWORD };
    return createInvestorWithLogin(t, `Fuzz Account ${n}`, login);
  };
  let account = await newAccount();
  const restored: Record<Role, number> = { none: 0, investor: 0, account: 0, admin: 0 };

  const restoreAdmin = async () => {
    const token = await trySignIn(t, admin.username, admin.password);
    if (!token) throw new Error('the admin cannot sign in any more: the fuzzer must never lock the admin out');
    admin.token = token;
  };
  // The investor's login may have been deleted (Manage Portal Users): a fresh secret brings A back, as in production.
  const restoreInvestor = async () => {
    const token = await trySignIn(t, investor.username, investor.password);
    if (token) return void (investor.token = token);
    const res = await t.app.inject({ method: 'GET', url: `${endpoints.investorSecret.path}?investor_name=${INVESTOR}`, headers: bearer(admin.token) });
    const secret = (res.json() as { investor_secret: string }).investor_secret;
    n += 1;
    const login = { username: `investor.a.${n}`, password: MAPLE_PASSWORD };
    const reg = await t.app.inject({ method: 'POST', url: endpoints.register.path, payload: { ...login, secret } });
    if (reg.statusCode !== 201) throw new Error(`re-registration of ${INVESTOR} failed: ${reg.body}`);
    const fresh = await trySignIn(t, login.username, login.password);
    if (!fresh) throw new Error(`${login.username} cannot sign in after registering`);
    Object.assign(investor, login, { token: fresh });
  };
  // Wrong codes lock the account and an enabled second factor changes its sign-in: a new account is simplest.
  const restoreAccount = async () => {
    const token = await trySignIn(t, account.username, account.password);
    account = token ? { ...account, token } : await newAccount();
  };

  const checks: [Role, Login, () => Promise<void>][] = [
    ['admin', admin, restoreAdmin],
    ['investor', investor, restoreInvestor],
  ];

  return {
    restored,
    accountPassword: () => account.password,
    authorization(role) {
      const token = { none: undefined, admin: admin.token, investor: investor.token, account: account.token }[role];
      return token ? `Bearer ${token}` : undefined;
    },
    async afterCase(c, a) {
      // An accepted password change: the account's password is now the one sent.
      if (c.role === 'account' && a.status < 300 && c.payload?.includes('"new_password"')) {
        account.password = (JSON.parse(c.payload) as { new_password: string }).new_password;
      }
      // What can end a session: a session call of the account, an accepted write (a deleted login), and a
      // 401 to a session that should have been good. A refused sign-in touches no session of ours.
      const signedIn = c.role !== 'none' && !c.authorization;
      const risky = (signedIn && c.url.startsWith('/auth/')) || (c.method === 'POST' && a.status < 300) || (signedIn && a.status === 401);
      if (!risky) return false;
      let changed = false;
      for (const [role, login, restore] of [...checks, ['account', account, restoreAccount] as const]) {
        if (await isAlive(t, login.token)) continue;
        await restore();
        restored[role] += 1;
        changed = true;
      }
      return changed;
    },
  };
}
