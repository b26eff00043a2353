import type { Role } from '../../../contract/roles.js';
import { preparedRead, type Queryable } from '../../db/client.js';

export type ApiTokenRecord = {
  id: number;
  name: string;
  readOnly: boolean;
  createdAt: Date;
  lastUsedAt: Date | null;
  expiresAt: Date;
  revokedAt: Date | null;
};

const COLUMNS = `id, name, read_only AS "readOnly", created_at AS "createdAt", last_used_at AS "lastUsedAt",
  expires_at AS "expiresAt", revoked_at AS "revokedAt"`;

/** Holds the user's row until the transaction ends, so two creations at once count each other's token. */
export async function lockTokenOwner(tx: Queryable, userId: number): Promise<void> {
  await tx.query('SELECT id FROM portal_user WHERE id = $1 FOR UPDATE', [userId]);
}

/** Tokens of the user that still work: neither revoked nor expired. */
export async function countLiveTokens(db: Queryable, userId: number, now: Date): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM api_token WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > $2',
    [userId, now.toISOString()],
  );
  return row!.n;
}

export async function insertApiToken(
  db: Queryable,
  t: { userId: number; name: string; tokenHash: string; readOnly: boolean; createdAt: Date; expiresAt: Date },
): Promise<ApiTokenRecord> {
  const [row] = await db.query<ApiTokenRecord>(
    `INSERT INTO api_token (user_id, name, token_hash, read_only, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
    [t.userId, t.name, t.tokenHash, t.readOnly, t.createdAt.toISOString(), t.expiresAt.toISOString()],
  );
  return row!;
}

/** The user's tokens, newest first. */
export async function listUserTokens(db: Queryable, userId: number): Promise<ApiTokenRecord[]> {
  return db.query<ApiTokenRecord>(`SELECT ${COLUMNS} FROM api_token WHERE user_id = $1 ORDER BY id DESC`, [userId]);
}

/** One of the user's own tokens, locked for a change; another's is not found. */
export async function findUserToken(tx: Queryable, userId: number, id: number): Promise<ApiTokenRecord | undefined> {
  const [row] = await tx.query<ApiTokenRecord>(`SELECT ${COLUMNS} FROM api_token WHERE id = $1 AND user_id = $2 FOR UPDATE`, [id, userId]);
  return row;
}

export async function revokeToken(tx: Queryable, id: number, at: Date): Promise<void> {
  await tx.query('UPDATE api_token SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL', [id, at.toISOString()]);
}

/** Every live token of a login: an admin's reset of its password or two-factor treats it as compromised. */
export async function revokeUserTokens(tx: Queryable, userId: number, at: Date): Promise<number> {
  const rows = await tx.query('UPDATE api_token SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL RETURNING id', [userId, at.toISOString()]);
  return rows.length;
}

export type TokenUser = {
  tokenId: number;
  readOnly: boolean;
  expiresAt: Date;
  lastUsedAt: Date | null;
  userId: number;
  username: string;
  adminLevel: number;
  role: Role;
  investorId: number | null;
};

/**
 * The live token of this hash with its user, checked on every request it makes (like a session, docs/security.md
 * S5): a revoked token, or one of a login deleted or disabled since, is not found. Its expiry the caller
 * checks against its clock (token-auth.ts), so the read depends on the database alone and this process
 * may hold it on the embedded database (db/local-memo.ts).
 */
export async function findLiveToken(db: Queryable, tokenHash: string): Promise<TokenUser | undefined> {
  const [row] = await db.query<TokenUser>(LIVE_TOKEN, [tokenHash]);
  return row;
}

const LIVE_TOKEN = preparedRead(
  'find_live_api_token',
  `SELECT t.id AS "tokenId", t.read_only AS "readOnly", t.expires_at AS "expiresAt", t.last_used_at AS "lastUsedAt",
          u.id AS "userId", u.username, u.admin_level AS "adminLevel", u.role, u.investor_id AS "investorId"
     FROM api_token t JOIN portal_user u ON u.id = t.user_id
    WHERE t.token_hash = $1 AND t.revoked_at IS NULL
      AND u.deleted_at IS NULL AND u.disabled_at IS NULL`,
);

/** Notes a use; the caller writes it at most once a minute per token, so a read stays a read. */
export async function touchToken(db: Queryable, id: number, at: Date): Promise<void> {
  await db.query('UPDATE api_token SET last_used_at = $2 WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < $2)', [id, at.toISOString()]);
}
