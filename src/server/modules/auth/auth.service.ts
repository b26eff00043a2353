import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { createLocalMemo } from '../../db/local-memo.js';
import type { Clock } from '../../lib/clock.js';
import { ConflictError, TooManyRequestsError, UnauthorizedError, ValidationError } from '../../lib/errors.js';
import { newPassword, newRecoveryCodes, sha256 } from '../../lib/random.js';
import {
  formatRecoveryCode, normalizeRecoveryCode, RECOVERY_ALPHABET, RECOVERY_CODE_COUNT, RECOVERY_CODE_LENGTH,
} from '../../domain/recovery-code.js';
import { passwordProblem, type ContextWord } from '../../domain/password-policy.js';
import { matchingStep, newTotpSecret, otpauthUrl } from '../../domain/totp.js';
import { isStaff, type Role } from '../../../contract/roles.js';
import { auditChange } from '../audit/audit.js';
import { grantRegisteredLogin } from '../staff/staff.js';
import { createTokenAuthentication, isApiTokenText } from '../api-tokens/api-tokens.js';
import {
  consumeRegistrationSecret,
  findUsableSecret,
} from '../investors/investors.js';
import {
  clearLoginFailures,
  clearTotp,
  enableTotp,
  findUserById,
  findUserByUsername,
  insertUser,
  returnSignInGuess,
  setPasswordHash,
  setPendingTotp,
  softDeleteInvestorUsers,
  spendTotpStep,
  takeSignInGuess,
  type BackOff,
  type PortalUser,
} from '../users/users.js';
import {
  findLiveSession,
  insertLoginEvent,
  insertSession,
  revokeOtherSessions,
  revokeSession,
  revokeUserSessions,
  spendChallenge,
  takeAttempt,
  touchSession,
  type SessionUser,
} from './auth.repository.js';
import { hashPassword, needsRehash, verifyPassword } from './password-hash.js';
import { countRecoveryCodesLeft, deleteRecoveryCodes, replaceRecoveryCodes, spendRecoveryCode } from './recovery-codes.repository.js';
import type { Challenge, TokenSigner } from './tokens.js';
import type { NoticesService } from '../notices/notices.service.js';

const MINUTE = 60_000;
/** Token lifetime, idle timeout and absolute session cap (docs/security.md S4). */
export const TOKEN_TTL_MS = 30 * MINUTE;
export const SESSION_IDLE_MS = 30 * MINUTE;
export const SESSION_MAX_MS = 12 * 60 * MINUTE;
// Writing last_seen_at on every request would turn each read into a write; a minute's slack is enough.
const TOUCH_EVERY_MS = MINUTE;

/**
 * Per-account back-off (docs/security.md A5, B3): 5 guesses, then a wait of 30 s doubling with each further
 * failure to a cap of 1 h. Never a permanent lockout: anyone can send wrong passwords for any account,
 * so the worst a stranger can do is make its owner wait an hour. At the cap, 100 consecutive failures
 * (NIST SP 800-63B's limit) take more than three days.
 */
export const LOCKOUT: BackOff = { freeFailures: 5, baseDelaySeconds: 30, maxDelaySeconds: 3600 };

const INVALID_LOGIN = 'Invalid username or password.';
const REGISTRATION_REFUSED =
  'The secret is not valid or has expired, or the username is already taken. Ask your administrator for a new secret.';

export type AuthDeps = {
  db: Db;
  clock: Clock;
  tokens: TokenSigner;
  portalName: string;
  attemptsPerMinute: number;
  /** Staff (admin, bookkeeper, auditor) must give a TOTP code (docs/decisions.md #14); false only in development and tests. */
  adminMfaRequired: boolean;
  /** E-mail notices of security changes, written in the change's transaction (absent: none). */
  notices?: Pick<NoticesService, 'queueNotice' | 'signedIn'>;
};

/** What a right password leads to: a session, or first a code, or first enrolling a TOTP secret. */
export type LoginResult = { accessToken: string } | { mfaToken: string } | { setupToken: string };

const CHALLENGE_EXPIRED = 'Your sign-in has expired. Sign in again.';
const WRONG_CODE = 'The code is not right, or it was already used. Wait for the next code and try again.';
const CODES_WAIT = 'Too many wrong codes. Wait a few minutes, then try again.';
const WRONG_RECOVERY_CODE = 'The recovery code is not right, or it was already used.';
const TOTP_REQUIRED = 'Two-factor sign-in is required for staff accounts (admin, bookkeeper, auditor): it cannot be turned off.';

/** What proves the second factor: a code of the authenticator app, or one of the recovery codes (the contract requires one). */
export type SecondFactorAnswer = { code?: string; recovery_code?: string };
const TOTP_ALREADY_ON = 'Two-factor sign-in is already set up for this account.';

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService({ db, clock, tokens, portalName, attemptsPerMinute, adminMfaRequired, notices }: AuthDeps) {
  // Unknown usernames are still checked against a hash, so both failures take the same time (A9).
  const dummyHash = hashPassword(newPassword());
  // On the embedded database the session rows this process read stay in its memory until it writes
  // anything (a revocation, a touch, a demotion …): a session check then costs no database round trip.
  const liveSessions = createLocalMemo<string, SessionUser | undefined>(db, 10_000);
  const authenticateApiToken = createTokenAuthentication(db);

  /**
   * The per-address limit (docs/security.md A6, B2), taken before anything is checked: passwords and codes
   * (sign-in, two-factor, the Account page) share one allowance per address, registration has its own.
   */
  async function throttleAddress(ip: string, action: 'login' | 'register', username: string) {
    const now = clock.now();
    const { allowed, windowEnds } = await takeAttempt(db, `${action}:${ip}`, now, attemptsPerMinute, 60);
    if (!allowed) {
      await insertLoginEvent(db, { action, outcome: 'throttled', username, userId: null, ip, at: now });
      throw new TooManyRequestsError(Math.max(1, Math.ceil((windowEnds.getTime() - now.getTime()) / 1000)));
    }
  }

  /**
   * Takes one guess of the account's allowance before its password or code is checked (B2): null while
   * the account waits after repeated failures (then nothing may be checked). The guess counts as a
   * failure until a right answer gives it back or opens a session.
   */
  async function takeGuess(user: PortalUser): Promise<{ lockedUntil: Date | null } | null> {
    if (user.disabledAt !== null) return null;
    return takeSignInGuess(db, user.id, clock.now(), LOCKOUT);
  }

  /** A failure that started a wait says so in the log (docs/security.md E4, B3): who, how many, until when. */
  function refusal(err: UnauthorizedError | ValidationError, user: PortalUser, guess: { lockedUntil: Date | null }) {
    if (guess.lockedUntil) err.logDetails = { event: 'lockout', username: user.username, locked_until: guess.lockedUntil.toISOString() };
    return err;
  }

  async function issueToken(userId: number, sessionId: string, sessionExpiresAt: Date) {
    const now = clock.now();
    const exp = new Date(Math.min(now.getTime() + TOKEN_TTL_MS, sessionExpiresAt.getTime()));
    return tokens.sign({ userId, sessionId }, now, exp);
  }

  /**
   * Opens a session for a user who has passed every factor, and records the successful sign-in. The
   * challenge that led here (a code after the password) is spent in the same transaction: it opens one
   * session only, however many codes its holder has.
   */
  async function openSession(user: PortalUser, ip: string, username: string, challenge: Challenge | null = null): Promise<{ accessToken: string }> {
    const now = clock.now();
    const sessionId = randomUUID();
    const expiresAt = new Date(now.getTime() + SESSION_MAX_MS);
    await db.transaction(async (tx) => {
      if (challenge && !(await spendChallenge(tx, challenge.jti, challenge.expiresAt, now))) throw new UnauthorizedError(CHALLENGE_EXPIRED);
      await clearLoginFailures(tx, user.id);
      await insertSession(tx, { id: sessionId, userId: user.id, createdAt: now, expiresAt, ip });
      await insertLoginEvent(tx, { action: 'login', username, ip, at: now, outcome: 'success', userId: user.id });
      await notices?.signedIn(tx, user.id);
    });
    return { accessToken: await issueToken(user.id, sessionId, expiresAt) };
  }

  /**
   * A code is a guess like a password (B2): it takes the address's and the account's allowance before it
   * is checked, and answers the step it matches, or null when it is wrong or already used. While the
   * account waits, no code is checked, the right one neither. At sign-in a wrong code answers 401; a
   * signed-in user (the Account page) gets 400, which leaves the session alone.
   */
  async function checkCode(user: PortalUser, secret: string, answer: SecondFactorAnswer, ip: string, signedIn: boolean): Promise<void> {
    await throttleAddress(ip, 'login', user.username);
    const now = clock.now();
    const guess = await takeGuess(user);
    if (!guess) {
      const waiting = user.lockedUntil && user.lockedUntil > now ? user.lockedUntil : new Date(now.getTime() + MINUTE);
      await insertLoginEvent(db, { action: 'mfa', username: user.username, ip, at: now, outcome: 'locked', userId: user.id });
      throw new TooManyRequestsError(Math.max(1, Math.ceil((waiting.getTime() - now.getTime()) / 1000)), CODES_WAIT);
    }
    if (answer.code !== undefined) {
      const step = matchingStep(secret, answer.code, now, user.totpLastStep);
      if (step !== null && (await spendTotpStep(db, user.id, step))) return;
    } else {
      const typed = normalizeRecoveryCode(answer.recovery_code ?? '');
      if (typed && (await spendRecoveryCode(db, user.id, sha256(typed), now))) return;
    }
    await insertLoginEvent(db, { action: 'mfa', username: user.username, ip, at: now, outcome: 'failure', userId: user.id });
    const words = answer.code !== undefined ? WRONG_CODE : WRONG_RECOVERY_CODE;
    throw refusal(signedIn ? new ValidationError(words) : new UnauthorizedError(words), user, guess);
  }

  /** A new set of recovery codes replaces the old (shown once, kept hashed), in the caller's transaction. */
  async function issueRecoveryCodes(tx: Parameters<typeof replaceRecoveryCodes>[0], userId: number): Promise<string[]> {
    const codes = newRecoveryCodes(RECOVERY_CODE_COUNT, RECOVERY_CODE_LENGTH, RECOVERY_ALPHABET);
    await replaceRecoveryCodes(tx, userId, codes.map(sha256));
    return codes.map(formatRecoveryCode);
  }

  /** The signed-in user's TOTP must be on, for turning it off or for new recovery codes. */
  async function enrolledAccount(session: SessionUser): Promise<PortalUser & { totpSecret: string }> {
    const user = await sessionAccount(session);
    if (!user.totpEnabledAt || !user.totpSecret) throw new ConflictError('Two-factor sign-in is not on for this account.');
    return user as PortalUser & { totpSecret: string };
  }

  /**
   * Enrolment, first step, whichever way it was reached (the setup challenge of an admin's sign-in, or the
   * Account page): a fresh secret, kept pending until a code confirms it, and its otpauth:// address.
   */
  async function offerTotp(user: PortalUser): Promise<{ otpauth_url: string; secret: string }> {
    if (user.totpEnabledAt) throw new ConflictError(TOTP_ALREADY_ON);
    const secret = newTotpSecret();
    await setPendingTotp(db, user.id, secret);
    return { otpauth_url: otpauthUrl(portalName, user.username, secret), secret };
  }

  /**
   * Enrolment, second step: a code from the app proves it holds the pending secret, and two-factor
   * sign-in is on, audited. The code is spent (single use); a wrong one counts like a wrong password.
   */
  async function enableTotpWithCode(user: PortalUser, code: string, ip: string, signedIn: boolean): Promise<string[]> {
    if (user.totpEnabledAt) throw new ConflictError(TOTP_ALREADY_ON);
    if (!user.totpSecret) throw new ValidationError('Start the setup first: no secret was offered yet.');
    await checkCode(user, user.totpSecret, { code }, ip, signedIn);
    const now = clock.now();
    return db.transaction(async (tx) => {
      // The right code gives its guess back (at sign-in, the session that follows clears the count).
      if (signedIn) await returnSignInGuess(tx, user.id);
      await enableTotp(tx, user.id, now);
      await auditChange(tx, { userId: user.id, ip }, now, { action: 'enable_totp', entity: 'portal_user', id: user.id, after: { username: user.username } });
      await notices?.queueNotice(tx, { event: 'two_factor_changed', recipients: [{ userId: user.id }], params: { on: true } });
      return issueRecoveryCodes(tx, user.id);
    });
  }

  /** The account behind a session, with its TOTP state; a locked account waits like at sign-in. */
  async function sessionAccount(session: SessionUser): Promise<PortalUser> {
    const user = await findUserById(db, session.userId);
    if (!user) throw new UnauthorizedError();
    const now = clock.now();
    if (user.lockedUntil !== null && user.lockedUntil > now) {
      throw new TooManyRequestsError(Math.ceil((user.lockedUntil.getTime() - now.getTime()) / 1000));
    }
    return user;
  }

  async function challengedUser(token: string, purpose: 'mfa' | 'totp_setup'): Promise<{ user: PortalUser; challenge: Challenge }> {
    const now = clock.now();
    const challenge = await tokens.verifyChallenge(token, purpose, now);
    const user = challenge === null ? undefined : await findUserById(db, challenge.userId);
    if (!user || !challenge || user.disabledAt !== null) throw new UnauthorizedError(CHALLENGE_EXPIRED);
    return { user, challenge };
  }

  return {
    async login(input: { username: string; password: string; ip: string }): Promise<LoginResult> {
      const { username, password, ip } = input;
      await throttleAddress(ip, 'login', username);
      const now = clock.now();
      const user = await findUserByUsername(db, username);
      const event = { action: 'login' as const, username, ip, at: now };
      const guess = user ? await takeGuess(user) : null;
      if (!user || !guess) {
        // Unknown, or waiting after repeated failures: nothing is checked, but a hash is, so the answer
        // takes the time of a wrong password and says the same (A9): a wait must not tell an attacker
        // whether the password was right.
        await verifyPassword(await dummyHash, password);
        await insertLoginEvent(db, { ...event, outcome: user ? 'locked' : 'failure', userId: user?.id ?? null });
        throw new UnauthorizedError(INVALID_LOGIN);
      }
      if (!(await verifyPassword(user.passwordHash, password))) {
        await insertLoginEvent(db, { ...event, outcome: 'failure', userId: user.id });
        throw refusal(new UnauthorizedError(INVALID_LOGIN), user, guess);
      }
      if (needsRehash(user.passwordHash)) await setPasswordHash(db, user.id, await hashPassword(password));
      // The second factor (A10): whoever has TOTP gives a code; staff without it enrol first. The right
      // password gives its guess back, so the code has the allowance the failures before it left.
      if (user.totpEnabledAt || (isStaff(user.role) && adminMfaRequired)) {
        await returnSignInGuess(db, user.id);
        return user.totpEnabledAt
          ? { mfaToken: await tokens.signChallenge(user.id, 'mfa', now) }
          : { setupToken: await tokens.signChallenge(user.id, 'totp_setup', now) };
      }
      return openSession(user, ip, username);
    },

    /** The code step of a sign-in: a code of the user's TOTP, each code once. */
    /** The code step of a sign-in: a code of the user's TOTP (each once), or one of their recovery codes. */
    async verifyMfa(input: SecondFactorAnswer & { mfa_token: string; ip: string }): Promise<{ accessToken: string }> {
      const { user, challenge } = await challengedUser(input.mfa_token, 'mfa');
      if (!user.totpSecret) throw new UnauthorizedError(CHALLENGE_EXPIRED);
      await checkCode(user, user.totpSecret, input, input.ip, false);
      if (input.recovery_code !== undefined) {
        await auditChange(db, { userId: user.id, ip: input.ip }, clock.now(), {
          action: 'use_recovery_code', entity: 'portal_user', id: user.id,
          after: { username: user.username, codes_left: await countRecoveryCodesLeft(db, user.id) },
        });
      }
      return openSession(user, input.ip, user.username, challenge);
    },

    /** Enrolment at sign-in, first step: a fresh secret and the otpauth:// address the QR code shows. */
    async totpSetup(input: { setup_token: string }): Promise<{ otpauth_url: string; secret: string }> {
      return offerTotp((await challengedUser(input.setup_token, 'totp_setup')).user);
    },

    /** Enrolment at sign-in, second step: a code from the app turns TOTP on, and the sign-in completes. */
    async totpConfirm(input: { setup_token: string; code: string; ip: string }): Promise<{ accessToken: string; recoveryCodes: string[] }> {
      const { user, challenge } = await challengedUser(input.setup_token, 'totp_setup');
      const recoveryCodes = await enableTotpWithCode(user, input.code, input.ip, false);
      return { ...(await openSession(user, input.ip, user.username, challenge)), recoveryCodes };
    },

    /** Whether the signed-in user's next sign-in asks for a code. */
    async totpStatus(session: SessionUser): Promise<{ totp_enabled: boolean; recovery_codes_left: number; can_turn_off: boolean }> {
      const user = await findUserById(db, session.userId);
      const on = Boolean(user?.totpEnabledAt);
      return {
        totp_enabled: on,
        recovery_codes_left: on ? await countRecoveryCodesLeft(db, session.userId) : 0,
        can_turn_off: on && !(isStaff(user!.role) && adminMfaRequired),
      };
    },

    /** Enrolment from the Account page (any signed-in user), first step: as at sign-in. */
    async totpEnrol(session: SessionUser): Promise<{ otpauth_url: string; secret: string }> {
      return offerTotp(await sessionAccount(session));
    },

    /** Enrolment from the Account page, second step: the session goes on; the next sign-in asks for a code. */
    async totpEnable(session: SessionUser, input: { code: string }, ip: string): Promise<{ recovery_codes: string[] }> {
      return { recovery_codes: await enableTotpWithCode(await sessionAccount(session), input.code, ip, true) };
    },

    /**
     * Turns two-factor sign-in off from the Account page, proven by a code of the app or a recovery code
     * (a session alone is not enough: a borrowed session must not remove the second factor). Admins
     * cannot while it is required for them.
     */
    async totpDisable(session: SessionUser, input: SecondFactorAnswer, ip: string): Promise<void> {
      const user = await enrolledAccount(session);
      if (isStaff(user.role) && adminMfaRequired) throw new ConflictError(TOTP_REQUIRED);
      await checkCode(user, user.totpSecret, input, ip, true);
      const now = clock.now();
      await db.transaction(async (tx) => {
        await returnSignInGuess(tx, user.id);
        await clearTotp(tx, user.id);
        await deleteRecoveryCodes(tx, user.id);
        await auditChange(tx, { userId: user.id, ip }, now, { action: 'disable_totp', entity: 'portal_user', id: user.id, after: { username: user.username } });
        await notices?.queueNotice(tx, { event: 'two_factor_changed', recipients: [{ userId: user.id }], params: { on: false } });
      });
    },

    /** Ten new recovery codes for a code of the app; the old ones stop working. */
    async renewRecoveryCodes(session: SessionUser, input: { code: string }, ip: string): Promise<{ recovery_codes: string[] }> {
      const user = await enrolledAccount(session);
      await checkCode(user, user.totpSecret, input, ip, true);
      const now = clock.now();
      return db.transaction(async (tx) => {
        await returnSignInGuess(tx, user.id);
        await auditChange(tx, { userId: user.id, ip }, now, { action: 'renew_recovery_codes', entity: 'portal_user', id: user.id, after: { username: user.username } });
        return { recovery_codes: await issueRecoveryCodes(tx, user.id) };
      });
    },

    /**
     * Registration with a single-use secret (A7): an investor's, a staff member's (their role, an auditor's
     * LLCs) or a delegate's (the investor's invitation). A secret re-issued to an investor who
     * already has a login replaces that login: it is how an investor who lost a password gets back in.
     * The new login is signed in at once: the person just proved the secret and chose
     * the password, and asking for it again on a bare sign-in page led nowhere.
     */
    async register(input: { username: string; password: string; secret: string; ip: string }): Promise<{ accessToken: string | null; role: Role }> {
      const { username, password, secret, ip } = input;
      await throttleAddress(ip, 'register', username);
      const now = clock.now();
      const event = { action: 'register' as const, username, ip, at: now };
      const secretHash = sha256(secret);
      const usable = await findUsableSecret(db, secretHash, now);
      // Whom the secret registers: the investor, or the staff member or delegate as they were invited.
      const personName = usable?.investorName ?? usable?.personName;
      const context: ContextWord[] = [
        { word: portalName, label: 'the product name' },
        { word: username, label: 'your username' },
        { word: 'loren', label: 'the word "loren"' },
        ...(personName ? [{ word: personName, label: 'your name' }] : []),
      ];
      const problem = await passwordProblem(password, context);
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
          // An investor's secret re-issued replaces their login; a staff or delegate secret makes a new one.
          const replaced = consumed.investorId === null ? [] : await softDeleteInvestorUsers(tx, consumed.investorId, now);
          for (const old of replaced) await revokeUserSessions(tx, old.id, now);
          const user = await insertUser(tx, {
            username, passwordHash, investorId: consumed.investorId, role: consumed.role, personName: usable.personName,
          });
          // An auditor's LLCs; a delegate's invitation, unless the investor revoked it meanwhile.
          if (!(await grantRegisteredLogin(tx, consumed, user.id, now))) throw new ValidationError(REGISTRATION_REFUSED);
          await auditChange(tx, { userId: user.id, ip }, now, {
            action: 'register', entity: 'portal_user', id: user.id,
            before: replaced[0] ? { replaced_user: replaced[0] } : null,
            after: consumed.role === 'investor' ? { username, investor_id: consumed.investorId } : { username, role: consumed.role, name: usable.personName },
          });
          await insertLoginEvent(tx, { ...event, outcome: 'success', userId: user.id });
        });
      } catch (err) {
        await insertLoginEvent(db, { ...event, outcome: 'failure', userId: null });
        // A username taken by a concurrent registration surfaces as a unique violation: same answer.
        if ((err as { code?: string }).code === '23505') throw new ValidationError(REGISTRATION_REFUSED);
        throw err;
      }
      const user = await findUserByUsername(db, username);
      if (!user) throw new UnauthorizedError();
      // Staff sign in next and enrol in two-factor first (A10): a registration must not be a way around it.
      if (isStaff(user.role) && adminMfaRequired) return { accessToken: null, role: user.role };
      return { ...(await openSession(user, ip, username)), role: user.role };
    },

    /**
     * A signed-in user changes their own password: the current one must be right (a
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
      const problem = await passwordProblem(input.new_password, [
        { word: portalName, label: 'the product name' },
        { word: user.username, label: 'your username' },
      ]);
      if (problem) throw new ValidationError(problem);
      const passwordHash = await hashPassword(input.new_password);
      await db.transaction(async (tx) => {
        await setPasswordHash(tx, user.userId, passwordHash);
        await clearLoginFailures(tx, user.userId);
        const ended = await revokeOtherSessions(tx, user.userId, user.sessionId, now);
        await auditChange(tx, { userId: user.userId, ip }, now, {
          action: 'change_password', entity: 'portal_user', id: user.userId, after: { username: user.username, other_sessions_ended: ended },
        });
        await notices?.queueNotice(tx, { event: 'password_changed', recipients: [{ userId: user.userId }] });
      });
    },

    /** The signed-in user behind a bearer token, or 401 for anything else. */
    async authenticate(token: string): Promise<SessionUser> {
      const now = clock.now();
      // A personal API token (`ipt_…`, no dots) is never a JWT: it is looked up by its hash instead.
      if (isApiTokenText(token)) {
        const user = await authenticateApiToken(token, now);
        if (!user) throw new UnauthorizedError();
        return user;
      }
      const claims = await tokens.verify(token, now);
      if (!claims) throw new UnauthorizedError();
      const session = await liveSessions.get(claims.sessionId, async () => {
        const found = await findLiveSession(db, claims.sessionId);
        return found && Object.freeze(found);
      });
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
