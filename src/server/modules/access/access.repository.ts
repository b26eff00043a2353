import type { Queryable } from '../../db/client.js';

/** What a grant lets its holder read of an investor's page. */
export type AccessNeed = 'figures' | 'documents';

/**
 * The investor records a login reads besides its own portal_user.investor_id, in the order the switcher
 * shows them: its other entities first (an admin's grant: everything), then the pages it reads as a
 * delegate, where the investor allowed `need`.
 */
export async function grantedInvestorIds(db: Queryable, userId: number, need: AccessNeed): Promise<number[]> {
  const rows = await db.query<{ investor_id: number }>(
    `SELECT investor_id FROM investor_access
      WHERE user_id = $1 AND revoked_at IS NULL
        AND (relation = 'entity' OR (CASE WHEN $2 = 'figures' THEN can_see_figures ELSE can_see_documents END))
      ORDER BY relation = 'entity' DESC, id`,
    [userId, need],
  );
  return rows.map((r) => r.investor_id);
}

/** One row of investor_access, with the names it is shown by. */
export type AccessRow = {
  id: number;
  userId: number | null;
  username: string | null;
  investorId: number;
  investorName: string;
  relation: 'entity' | 'delegate';
  delegateName: string | null;
  canSeeFigures: boolean;
  canSeeDocuments: boolean;
  grantedAt: Date;
  revokedAt: Date | null;
};

const ACCESS_COLUMNS = `a.id, a.user_id AS "userId", u.username, a.investor_id AS "investorId", i.name AS "investorName", a.relation,
  a.delegate_name AS "delegateName", a.can_see_figures AS "canSeeFigures", a.can_see_documents AS "canSeeDocuments",
  a.granted_at AS "grantedAt", a.revoked_at AS "revokedAt"`;
const ACCESS_FROM = 'investor_access a JOIN investor i ON i.id = a.investor_id LEFT JOIN portal_user u ON u.id = a.user_id';

export async function insertAccess(
  tx: Queryable,
  a: {
    userId: number | null; investorId: number; relation: 'entity' | 'delegate'; delegateName: string | null;
    canSeeFigures: boolean; canSeeDocuments: boolean; grantedBy: number | null; at: Date;
  },
): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO investor_access (user_id, investor_id, relation, delegate_name, can_see_figures, can_see_documents, granted_by, granted_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [a.userId, a.investorId, a.relation, a.delegateName, a.canSeeFigures, a.canSeeDocuments, a.grantedBy, a.at.toISOString()],
  );
  return row!.id;
}

/** An investor's delegates, invited, active or revoked, in the order they were invited. */
export async function delegatesOf(db: Queryable, investorId: number): Promise<AccessRow[]> {
  return db.query<AccessRow>(
    `SELECT ${ACCESS_COLUMNS} FROM ${ACCESS_FROM} WHERE a.investor_id = $1 AND a.relation = 'delegate' ORDER BY a.id`,
    [investorId],
  );
}

/** One delegate row of this investor, locked for the change (revoking it); undefined for any other id. */
export async function lockDelegate(tx: Queryable, id: number, investorId: number): Promise<AccessRow | undefined> {
  const [row] = await tx.query<AccessRow>(
    `SELECT ${ACCESS_COLUMNS} FROM ${ACCESS_FROM}
      WHERE a.id = $1 AND a.investor_id = $2 AND a.relation = 'delegate' FOR UPDATE OF a`,
    [id, investorId],
  );
  return row;
}

export async function setRevoked(tx: Queryable, id: number, r: { at: Date; by: number | null }): Promise<void> {
  await tx.query('UPDATE investor_access SET revoked_at = $2, revoked_by = $3 WHERE id = $1', [id, r.at.toISOString(), r.by]);
}

/**
 * The one-time secret a delegate registers with: only its hash is kept, like an investor's (docs/security.md
 * A7). It names the invitation's row, not the investor, so it can never register (or replace) the investor's own login.
 */
export async function insertDelegateSecret(tx: Queryable, s: { accessId: number; secretHash: string; createdAt: Date; expiresAt: Date }): Promise<void> {
  await tx.query(
    `INSERT INTO registration_secret (role, access_id, secret_hash, created_at, expires_at) VALUES ('delegate', $1, $2, $3, $4)`,
    [s.accessId, s.secretHash, s.createdAt.toISOString(), s.expiresAt.toISOString()],
  );
}

/** Cancels an invitation not used yet: its secret stops working. */
export async function revokeUnusedSecrets(tx: Queryable, accessId: number, at: Date): Promise<void> {
  await tx.query(
    'UPDATE registration_secret SET revoked_at = $2 WHERE access_id = $1 AND used_at IS NULL AND revoked_at IS NULL',
    [accessId, at.toISOString()],
  );
}

/** The live rows through which a login reads investor records: entities first, then delegated pages, each by grant. */
export async function liveAccessOf(db: Queryable, userId: number): Promise<AccessRow[]> {
  return db.query<AccessRow>(
    `SELECT ${ACCESS_COLUMNS} FROM ${ACCESS_FROM}
      WHERE a.user_id = $1 AND a.revoked_at IS NULL ORDER BY a.relation = 'entity' DESC, a.id`,
    [userId],
  );
}

/** The live row of a login holding an investor record (either relation), locked; undefined when it holds none. */
export async function lockLiveAccess(tx: Queryable, userId: number, investorId: number): Promise<AccessRow | undefined> {
  const [row] = await tx.query<AccessRow>(
    `SELECT ${ACCESS_COLUMNS} FROM ${ACCESS_FROM}
      WHERE a.user_id = $1 AND a.investor_id = $2 AND a.revoked_at IS NULL FOR UPDATE OF a`,
    [userId, investorId],
  );
  return row;
}

/**
 * A delegate's invitation gets its login: the investor_access row the secret was made for now names the
 * user; false when the investor revoked it meanwhile (or it was used already), and nothing changes.
 */
export async function attachDelegateLogin(db: Queryable, accessId: number, userId: number): Promise<boolean> {
  const rows = await db.query(
    'UPDATE investor_access SET user_id = $2 WHERE id = $1 AND revoked_at IS NULL AND user_id IS NULL RETURNING id',
    [accessId, userId],
  );
  return rows.length === 1;
}
