import { prepared, type Queryable } from '../../db/client.js';

export type SessionUser = {
  sessionId: string;
  userId: number;
  username: string;
  adminLevel: number;
  investorId: number | null;
  lastSeenAt: Date;
  expiresAt: Date;
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
 * The live session with its user, read on every authenticated request: revocation, deletion,
 * disablement and role changes take effect at the next request (security.md S5, Z6).
 */
export async function findLiveSession(db: Queryable, sessionId: string): Promise<SessionUser | undefined> {
  const [row] = await db.query<SessionUser>(LIVE_SESSION, [sessionId]);
  return row;
}

const LIVE_SESSION = prepared(
  'find_live_session',
  `SELECT s.id AS "sessionId", u.id AS "userId", u.username, u.admin_level AS "adminLevel",
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

/** Attempts from one address since a moment, for the per-address throttle (security.md A6). */
export async function countAttemptsFromIp(db: Queryable, ip: string, action: string, since: Date): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM login_event WHERE ip = $1 AND action = $2 AND at > $3',
    [ip, action, since.toISOString()],
  );
  return row!.n;
}

/** Ends every session of a user but one (the one that changed the password stays signed in). */
export async function revokeOtherSessions(db: Queryable, userId: number, keepSessionId: string, at: Date): Promise<number> {
  const rows = await db.query<{ id: string }>(
    'UPDATE session SET revoked_at = $3 WHERE user_id = $1 AND id <> $2 AND revoked_at IS NULL RETURNING id',
    [userId, keepSessionId, at.toISOString()],
  );
  return rows.length;
}
