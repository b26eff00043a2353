import type { Role } from '../../../contract/roles.js';
import type { Queryable } from '../../db/client.js';

export type PortalUser = {
  id: number;
  username: string;
  passwordHash: string;
  investorId: number | null;
  adminLevel: number;
  role: Role;
  failedLogins: number;
  lockedUntil: Date | null;
  disabledAt: Date | null;
  totpSecret: string | null;
  totpEnabledAt: Date | null;
  totpLastStep: number | null;
};

const USER_COLUMNS = `id, username, password_hash AS "passwordHash", investor_id AS "investorId",
  admin_level AS "adminLevel", role, failed_logins AS "failedLogins", locked_until AS "lockedUntil",
  disabled_at AS "disabledAt", totp_secret AS "totpSecret", totp_enabled_at AS "totpEnabledAt", totp_last_step AS "totpLastStep"`;

/** Active (not deleted) user by username, case-insensitively. */
export async function findUserByUsername(db: Queryable, username: string): Promise<PortalUser | undefined> {
  const [row] = await db.query<PortalUser>(
    `SELECT ${USER_COLUMNS} FROM portal_user WHERE lower(username) = lower($1) AND deleted_at IS NULL`,
    [username],
  );
  return row;
}

export async function insertUser(
  db: Queryable,
  u: { username: string; passwordHash: string; investorId: number | null; role: Role; personName?: string | null },
): Promise<PortalUser> {
  // admin_level is the specification's view of the role: 1 for an admin (migration 0024's constraint).
  const [row] = await db.query<PortalUser>(
    `INSERT INTO portal_user (username, password_hash, investor_id, admin_level, role, person_name)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${USER_COLUMNS}`,
    [u.username, u.passwordHash, u.investorId, u.role === 'admin' ? 1 : 0, u.role, u.personName ?? null],
  );
  return row!;
}

export async function countActiveAdmins(db: Queryable): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM portal_user WHERE admin_level > 0 AND deleted_at IS NULL',
  );
  return row!.n;
}

export async function setPasswordHash(db: Queryable, userId: number, passwordHash: string): Promise<void> {
  await db.query('UPDATE portal_user SET password_hash = $2 WHERE id = $1', [userId, passwordHash]);
}

/**
 * Clears the sign-in throttle: after a successful sign-in or a password reset. It leaves `disabled_at`
 * alone: since migration 0011 nothing but a staff login's ended access sets it, and a password reset must
 * not give that access back (an admin invites the person again instead).
 */
export async function clearLoginFailures(db: Queryable, userId: number): Promise<void> {
  await db.query(
    'UPDATE portal_user SET failed_logins = 0, locked_until = NULL WHERE id = $1',
    [userId],
  );
}

/** Back-off after consecutive failures (docs/security.md A5, B3): how many are free, then a wait doubling to a cap. */
export type BackOff = { freeFailures: number; baseDelaySeconds: number; maxDelaySeconds: number };

/**
 * Takes one guess of an account's allowance before the password or code is checked (docs/security.md B2):
 * the guess counts as a failure at once, and from the free failures on it starts the wait before the
 * next one. One atomic UPDATE, refused while the account waits: concurrent guesses take turns on the
 * row, so a burst of any size gets at most the free failures evaluated, then one per wait. Answers the
 * count and the wait it set (a lockout to log), or null when the account is waiting (nothing checked).
 * The doubling's exponent is capped, so no count can overflow the interval.
 */
export async function takeSignInGuess(
  db: Queryable,
  userId: number,
  at: Date,
  policy: BackOff,
): Promise<{ failedLogins: number; lockedUntil: Date | null } | null> {
  const [row] = await db.query<{ failedLogins: number; lockedUntil: Date | null }>(
    `UPDATE portal_user SET
        failed_logins = failed_logins + 1,
        locked_until = CASE WHEN failed_logins + 1 >= $3
          THEN $2::timestamptz + make_interval(secs => least($5::float8, $4::float8 * power(2, least(failed_logins + 1 - $3, 30))))
          ELSE NULL END
      WHERE id = $1 AND (locked_until IS NULL OR locked_until <= $2::timestamptz)
      RETURNING failed_logins AS "failedLogins", locked_until AS "lockedUntil"`,
    [userId, at.toISOString(), policy.freeFailures, policy.baseDelaySeconds, policy.maxDelaySeconds],
  );
  return row ?? null;
}

/**
 * Gives back the guess a right password took when a second factor follows (the failures before it stay,
 * and so does their count toward the next wait); the wait this guess started is lifted, so the owner
 * can give the code. Only a right password gives a guess back.
 */
export async function returnSignInGuess(db: Queryable, userId: number): Promise<void> {
  await db.query('UPDATE portal_user SET failed_logins = greatest(failed_logins - 1, 0), locked_until = NULL WHERE id = $1', [userId]);
}

export type UserListRow = {
  id: number;
  username: string;
  adminLevel: number;
  role: Role;
  investorName: string | null;
  disabled: boolean;
  /** Consecutive failed sign-ins, and the wait they set (a lockout while it is in the future). */
  failedLogins: number;
  lockedUntil: Date | null;
  loginCount: number;
  lastLogin: Date | null;
};

export async function listUsers(db: Queryable): Promise<UserListRow[]> {
  return db.query<UserListRow>(
    `SELECT u.id, u.username, u.admin_level AS "adminLevel", u.role, i.name AS "investorName",
            (u.disabled_at IS NOT NULL) AS disabled, u.failed_logins AS "failedLogins", u.locked_until AS "lockedUntil",
            count(e.id)::int AS "loginCount", max(e.at) AS "lastLogin"
       FROM portal_user u
       LEFT JOIN investor i ON i.id = u.investor_id
       LEFT JOIN login_event e ON e.user_id = u.id AND e.action = 'login' AND e.outcome = 'success'
      WHERE u.deleted_at IS NULL
      GROUP BY u.id, i.name
      ORDER BY lower(u.username)`,
  );
}

/** Removes an investor's login (the row stays, marked deleted) and returns what was removed. */
export async function softDeleteInvestorUsers(
  db: Queryable,
  investorId: number,
  at: Date,
): Promise<{ id: number; username: string }[]> {
  return db.query<{ id: number; username: string }>(
    `UPDATE portal_user SET deleted_at = $2 WHERE investor_id = $1 AND deleted_at IS NULL RETURNING id, username`,
    [investorId, at.toISOString()],
  );
}

export type LoginSummaryRow = {
  investorName: string; loginCount: number; lastLogin: string | null; failedLogins: number; lockedUntil: string | null;
};

/**
 * Each investor login with its successful sign-ins (login_event): how often, and when last; and its
 * consecutive failures with the wait they set, while it lasts (docs/security.md B3: lockouts are shown).
 */
export async function loginSummary(db: Queryable, now: Date): Promise<LoginSummaryRow[]> {
  return db.query<LoginSummaryRow>(
    `SELECT i.name AS "investorName", count(e.id)::int AS "loginCount",
            to_char(max(e.at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "lastLogin",
            u.failed_logins AS "failedLogins",
            CASE WHEN u.locked_until > $1::timestamptz
              THEN to_char(u.locked_until AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') END AS "lockedUntil"
       FROM portal_user u
       JOIN investor i ON i.id = u.investor_id
       LEFT JOIN login_event e ON e.user_id = u.id AND e.action = 'login' AND e.outcome = 'success'
      WHERE u.deleted_at IS NULL
      GROUP BY u.id, i.name
      ORDER BY lower(i.name)`,
    [now.toISOString()],
  );
}

/** An investor's live login, if they have one. */
export async function findUserByInvestorId(db: Queryable, investorId: number): Promise<PortalUser | undefined> {
  const [row] = await db.query<PortalUser>(`SELECT ${USER_COLUMNS} FROM portal_user WHERE investor_id = $1 AND deleted_at IS NULL`, [investorId]);
  return row;
}

export async function findUserById(db: Queryable, id: number): Promise<PortalUser | undefined> {
  const [row] = await db.query<PortalUser>(`SELECT ${USER_COLUMNS} FROM portal_user WHERE id = $1 AND deleted_at IS NULL`, [id]);
  return row;
}

/** A secret offered for enrolment, not yet confirmed by a code. */
export async function setPendingTotp(db: Queryable, userId: number, secret: string): Promise<void> {
  await db.query('UPDATE portal_user SET totp_secret = $2, totp_enabled_at = NULL, totp_last_step = NULL WHERE id = $1', [userId, secret]);
}

export async function enableTotp(db: Queryable, userId: number, at: Date): Promise<void> {
  await db.query('UPDATE portal_user SET totp_enabled_at = $2 WHERE id = $1 AND totp_secret IS NOT NULL', [userId, at.toISOString()]);
}

/**
 * Spends a code's step, atomically: true only for the first request with a step later than any used
 * before, so two requests racing with one code cannot both pass (each code works once).
 */
export async function spendTotpStep(db: Queryable, userId: number, step: number): Promise<boolean> {
  const rows = await db.query(
    'UPDATE portal_user SET totp_last_step = $2 WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2) RETURNING id',
    [userId, step],
  );
  return rows.length === 1;
}

export async function clearTotp(db: Queryable, userId: number): Promise<void> {
  await db.query('UPDATE portal_user SET totp_secret = NULL, totp_enabled_at = NULL, totp_last_step = NULL WHERE id = $1', [userId]);
}
