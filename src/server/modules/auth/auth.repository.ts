import type { Role } from '../../../contract/roles.js';
import { prepared, preparedRead, type Queryable } from '../../db/client.js';

export type SessionUser = {
  sessionId: string;
  userId: number;
  username: string;
  adminLevel: number;
  /** Read from the database on every request, so a change of role or an end of access holds at once. */
  role: Role;
  /** The login's own investor record (an investor's); more come through investor_access. */
  investorId: number | null;
  lastSeenAt: Date;
  expiresAt: Date;
  /** Set when the request came with a personal API token rather than a session (modules/api-tokens). */
  apiToken?: { id: number; readOnly: boolean } | null;
};

export async function insertSession(
  db: Queryable,
  s: { id: string; userId: number; createdAt: Date; expiresAt: Date; ip: string },
): Promise<void> {
  await db.query(
    `INSERT INTO session (id, user_id, created_at, last_seen_at, expires_at, ip) VALUES ($1, $2, $3, $3, $4, $5)`,
    [s.id, s.userId, s.createdAt.toISOString(), s.expiresAt.toISOString(), s.ip],
  );
}

/**
 * The live session with its user, as the database holds it at every authenticated request (on PGlite
 * from this process's memory until it writes anything: db/local-memo.ts): revocation, deletion,
 * disablement and role changes take effect at the next request (docs/security.md S5, Z6).
 */
export async function findLiveSession(db: Queryable, sessionId: string): Promise<SessionUser | undefined> {
  const [row] = await db.query<SessionUser>(LIVE_SESSION, [sessionId]);
  return row;
}

const LIVE_SESSION = preparedRead(
  'find_live_session',
  `SELECT s.id AS "sessionId", u.id AS "userId", u.username, u.admin_level AS "adminLevel", u.role,
            u.investor_id AS "investorId", s.last_seen_at AS "lastSeenAt", s.expires_at AS "expiresAt"
       FROM session s JOIN portal_user u ON u.id = s.user_id
      WHERE s.id = $1 AND s.revoked_at IS NULL AND u.deleted_at IS NULL AND u.disabled_at IS NULL`,
);

export async function touchSession(db: Queryable, sessionId: string, at: Date): Promise<void> {
  await db.query('UPDATE session SET last_seen_at = $2 WHERE id = $1 AND last_seen_at < $2', [
    sessionId,
    at.toISOString(),
  ]);
}

export async function revokeSession(db: Queryable, sessionId: string, at: Date): Promise<void> {
  await db.query('UPDATE session SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL', [
    sessionId,
    at.toISOString(),
  ]);
}

export async function revokeUserSessions(db: Queryable, userId: number, at: Date): Promise<void> {
  await db.query('UPDATE session SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL', [
    userId,
    at.toISOString(),
  ]);
}

export type LoginEvent = {
  action: 'login' | 'register' | 'mfa';
  outcome: 'success' | 'failure' | 'locked' | 'throttled';
  username: string;
  userId: number | null;
  ip: string;
  at: Date;
};

export async function insertLoginEvent(db: Queryable, e: LoginEvent): Promise<void> {
  await db.query(
    'INSERT INTO login_event (at, action, outcome, username, user_id, ip) VALUES ($1, $2, $3, $4, $5, $6)',
    [e.at.toISOString(), e.action, e.outcome, e.username.slice(0, 200), e.userId, e.ip],
  );
}

/**
 * Takes one attempt of a key's allowance per window (docs/security.md A6, B2): one atomic upsert, before any
 * password or code is checked, so concurrent attempts take turns on the row and a burst of any size is
 * let through at most `limit` times. The window starts at a key's first attempt and lasts
 * `windowSeconds`; answers whether this attempt is within the limit, and when the window ends.
 * The count stops growing past the limit, so no flood can overflow it.
 */
export async function takeAttempt(
  db: Queryable,
  key: string,
  at: Date,
  limit: number,
  windowSeconds: number,
): Promise<{ allowed: boolean; windowEnds: Date }> {
  const [row] = await db.query<{ attempts: number; windowStart: Date }>(TAKE_ATTEMPT, [key, at.toISOString(), windowSeconds, limit + 1]);
  const windowEnds = new Date(row!.windowStart.getTime() + windowSeconds * 1000);
  if (row!.attempts === 1) await forgetOldWindows(db, new Date(at.getTime() - 60 * windowSeconds * 1000));
  return { allowed: row!.attempts <= limit, windowEnds };
}

const TAKE_ATTEMPT = prepared(
  'take_auth_attempt',
  `INSERT INTO auth_attempt_window AS w (key, window_start, attempts) VALUES ($1, $2, 1)
   ON CONFLICT (key) DO UPDATE SET
     window_start = CASE WHEN w.window_start <= $2::timestamptz - make_interval(secs => $3) THEN $2::timestamptz ELSE w.window_start END,
     attempts = CASE WHEN w.window_start <= $2::timestamptz - make_interval(secs => $3) THEN 1 ELSE least(w.attempts + 1, $4) END
   RETURNING attempts, window_start AS "windowStart"`,
);

/** Windows long past are of no use: a few are dropped whenever a key starts a new one (bounded work). */
async function forgetOldWindows(db: Queryable, before: Date): Promise<void> {
  await db.query(
    'DELETE FROM auth_attempt_window WHERE key IN (SELECT key FROM auth_attempt_window WHERE window_start < $1 LIMIT 100)',
    [before.toISOString()],
  );
}

/**
 * Marks a sign-in challenge used, in the transaction that opens its session: false when it was used
 * already (an mfa_token opens one session, docs/security.md B2). Expired ones are dropped as it goes.
 */
export async function spendChallenge(db: Queryable, jti: string, expiresAt: Date, now: Date): Promise<boolean> {
  await db.query(
    'DELETE FROM spent_challenge WHERE jti IN (SELECT jti FROM spent_challenge WHERE expires_at < $1 LIMIT 100)',
    [new Date(now.getTime() - 60_000).toISOString()],
  );
  const rows = await db.query('INSERT INTO spent_challenge (jti, expires_at) VALUES ($1, $2) ON CONFLICT (jti) DO NOTHING RETURNING jti', [
    jti, expiresAt.toISOString(),
  ]);
  return rows.length === 1;
}

/** Ends every session of a user but one (the one that changed the password stays signed in). */
export async function revokeOtherSessions(db: Queryable, userId: number, keepSessionId: string, at: Date): Promise<number> {
  const rows = await db.query<{ id: string }>(
    'UPDATE session SET revoked_at = $3 WHERE user_id = $1 AND id <> $2 AND revoked_at IS NULL RETURNING id',
    [userId, keepSessionId, at.toISOString()],
  );
  return rows.length;
}
