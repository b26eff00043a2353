import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { TooManyRequestsError, UnauthorizedError, ValidationError } from '../../lib/errors.js';
import { newPassword, sha256 } from '../../lib/random.js';
import { passwordProblem, type ContextWord } from '../../domain/password-policy.js';
import { appendAudit } from '../audit/audit.repository.js';
import {
  consumeRegistrationSecret,
  findUsableSecret,
} from '../investors/investors.repository.js';
import {
  clearLoginFailures,
  findUserByUsername,
  insertUser,
  recordLoginFailure,
  setPasswordHash,
  softDeleteInvestorUsers,
} from '../users/users.repository.js';
import {
  countAttemptsFromIp,
  findLiveSession,
  insertLoginEvent,
  insertSession,
  revokeOtherSessions,
  revokeSession,
  revokeUserSessions,
  touchSession,
  type SessionUser,
} from './auth.repository.js';
import { hashPassword, needsRehash, verifyPassword } from './password-hash.js';
import type { TokenSigner } from './tokens.js';

const MINUTE = 60_000;
/** Token lifetime, idle timeout and absolute session cap (security.md S4). */
export const TOKEN_TTL_MS = 30 * MINUTE;
export const SESSION_IDLE_MS = 30 * MINUTE;
export const SESSION_MAX_MS = 12 * 60 * MINUTE;
// Writing last_seen_at on every request would turn each read into a write; a minute's slack is enough.
const TOUCH_EVERY_MS = MINUTE;

/** Per-account throttle (security.md A5): 4 free failures, then 30 s doubling to 1 h; disabled at 50. */
export const LOCKOUT = { freeFailures: 5, baseDelaySeconds: 30, maxDelaySeconds: 3600, disableAfter: 50 };

const INVALID_LOGIN = 'Invalid username or password.';
const REGISTRATION_REFUSED =
  'The secret is not valid or has expired, or the username is already taken. Ask your administrator for a new secret.';

export type AuthDeps = {
  db: Db;
  clock: Clock;
  tokens: TokenSigner;
  portalName: string;
  attemptsPerMinute: number;
};

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService({ db, clock, tokens, portalName, attemptsPerMinute }: AuthDeps) {
  // Unknown usernames are still checked against a hash, so both failures take the same time (A9).
  const dummyHash = hashPassword(newPassword());

  async function throttleAddress(ip: string, action: 'login' | 'register', username: string) {
    const now = clock.now();
    const recent = await countAttemptsFromIp(db, ip, action, new Date(now.getTime() - MINUTE));
    if (recent >= attemptsPerMinute) {
      await insertLoginEvent(db, { action, outcome: 'throttled', username, userId: null, ip, at: now });
      throw new TooManyRequestsError(60);
    }
  }

  async function issueToken(userId: number, sessionId: string, sessionExpiresAt: Date) {
    const now = clock.now();
    const exp = new Date(Math.min(now.getTime() + TOKEN_TTL_MS, sessionExpiresAt.getTime()));
    return tokens.sign({ userId, sessionId }, now, exp);
  }

  return {
    async login(input: { username: string; password: string; ip: string }): Promise<{ accessToken: string }> {
      const { username, password, ip } = input;
      await throttleAddress(ip, 'login', username);
      const now = clock.now();
      const user = await findUserByUsername(db, username);
      const event = { action: 'login' as const, username, ip, at: now };
      if (!user) {
        await verifyPassword(await dummyHash, password);
        await insertLoginEvent(db, { ...event, outcome: 'failure', userId: null });
        throw new UnauthorizedError(INVALID_LOGIN);
      }
      const passwordOk = await verifyPassword(user.passwordHash, password);
      const locked = user.disabledAt !== null || (user.lockedUntil !== null && user.lockedUntil > now);
      if (locked) {
        // Same answer as a wrong password: a lockout must not tell an attacker the password was right.
        await insertLoginEvent(db, { ...event, outcome: 'locked', userId: user.id });
        throw new UnauthorizedError(INVALID_LOGIN);
      }
      if (!passwordOk) {
        await db.transaction(async (tx) => {
          await recordLoginFailure(tx, user.id, now, LOCKOUT);
          await insertLoginEvent(tx, { ...event, outcome: 'failure', userId: user.id });
        });
        throw new UnauthorizedError(INVALID_LOGIN);
      }
      const upgradedHash = needsRehash(user.passwordHash) ? await hashPassword(password) : null;
      const sessionId = randomUUID();
      const expiresAt = new Date(now.getTime() + SESSION_MAX_MS);
      await db.transaction(async (tx) => {
        await clearLoginFailures(tx, user.id);
        if (upgradedHash) await setPasswordHash(tx, user.id, upgradedHash);
        await insertSession(tx, { id: sessionId, userId: user.id, createdAt: now, expiresAt, ip });
        await insertLoginEvent(tx, { ...event, outcome: 'success', userId: user.id });
      });
      return { accessToken: await issueToken(user.id, sessionId, expiresAt) };
    },

    /**
     * Registration with an investor's single-use secret (A7). A secret re-issued to an investor who
     * already has a login replaces that login: it is how an investor who lost a password gets back in.
     */
    async register(input: { username: string; password: string; secret: string; ip: string }): Promise<void> {
      const { username, password, secret, ip } = input;
      await throttleAddress(ip, 'register', username);
      const now = clock.now();
      const event = { action: 'register' as const, username, ip, at: now };
      const secretHash = sha256(secret);
      const usable = await findUsableSecret(db, secretHash, now);
      const context: ContextWord[] = [
        { word: portalName, label: 'the product name' },
        { word: username, label: 'your username' },
        { word: 'loren', label: 'the word "loren"' },
        ...(usable ? [{ word: usable.investorName, label: 'your name' }] : []),
      ];
      const problem = passwordProblem(password, context);
      if (problem || !usable) {
        await insertLoginEvent(db, { ...event, outcome: 'failure', userId: null });
        throw new ValidationError(problem ?? REGISTRATION_REFUSED);
      }
      const passwordHash = await hashPassword(password);
      try {
        await db.transaction(async (tx) => {
          const consumed = await consumeRegistrationSecret(tx, secretHash, now);
          if (!consumed) throw new ValidationError(REGISTRATION_REFUSED);
          if (await findUserByUsername(tx, username)) throw new ValidationError(REGISTRATION_REFUSED);
          const replaced = await softDeleteInvestorUsers(tx, consumed.investorId, now);
          for (const old of replaced) await revokeUserSessions(tx, old.id, now);
          const user = await insertUser(tx, { username, passwordHash, investorId: consumed.investorId, adminLevel: 0 });
          await appendAudit(tx, {
            at: now,
            userId: user.id,
            action: 'register',
            entity: 'portal_user',
            entityId: String(user.id),
            before: replaced[0] ? { replaced_user: replaced[0] } : null,
            after: { username, investor_id: consumed.investorId },
            ip,
          });
          await insertLoginEvent(tx, { ...event, outcome: 'success', userId: user.id });
        });
      } catch (err) {
        await insertLoginEvent(db, { ...event, outcome: 'failure', userId: null });
        // A username taken by a concurrent registration surfaces as a unique violation: same answer.
        if ((err as { code?: string }).code === '23505') throw new ValidationError(REGISTRATION_REFUSED);
        throw err;
      }
    },

    /**
     * A signed-in user changes their own password (issue 11 item 2): the current one must be right (a
     * wrong one counts against the address like a failed sign-in), the new one passes the policy, and
     * every other session of the user ends.
     */
    async changePassword(user: SessionUser, input: { current_password: string; new_password: string }, ip: string): Promise<void> {
      await throttleAddress(ip, 'login', user.username);
      const now = clock.now();
      const account = await findUserByUsername(db, user.username);
      if (!account || !(await verifyPassword(account.passwordHash, input.current_password))) {
        await insertLoginEvent(db, { action: 'login', outcome: 'failure', username: user.username, userId: user.userId, ip, at: now });
        throw new ValidationError('The current password is not right.');
      }
      if (input.new_password === input.current_password) throw new ValidationError('The new password must differ from the current one.');
      const problem = passwordProblem(input.new_password, [
        { word: portalName, label: 'the product name' },
        { word: user.username, label: 'your username' },
      ]);
      if (problem) throw new ValidationError(problem);
      const passwordHash = await hashPassword(input.new_password);
      await db.transaction(async (tx) => {
        await setPasswordHash(tx, user.userId, passwordHash);
        await clearLoginFailures(tx, user.userId);
        const ended = await revokeOtherSessions(tx, user.userId, user.sessionId, now);
        await appendAudit(tx, {
          at: now, userId: user.userId, action: 'change_password', entity: 'portal_user', entityId: String(user.userId),
          before: null, after: { username: user.username, other_sessions_ended: ended }, ip,
        });
      });
    },

    /** The signed-in user behind a bearer token, or 401 for anything else. */
    async authenticate(token: string): Promise<SessionUser> {
      const now = clock.now();
      const claims = await tokens.verify(token, now);
      if (!claims) throw new UnauthorizedError();
      const session = await findLiveSession(db, claims.sessionId);
      if (
        !session ||
        session.userId !== claims.userId ||
        session.expiresAt <= now ||
        now.getTime() - session.lastSeenAt.getTime() > SESSION_IDLE_MS
      ) {
        throw new UnauthorizedError();
      }
      if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
        await touchSession(db, session.sessionId, now);
      }
      return session;
    },

    /** A fresh token for an active session, never past the session's absolute cap. */
    async renew(user: SessionUser): Promise<{ accessToken: string }> {
      return { accessToken: await issueToken(user.userId, user.sessionId, user.expiresAt) };
    },

    async logout(user: SessionUser): Promise<void> {
      await revokeSession(db, user.sessionId, clock.now());
    },
  };
}
