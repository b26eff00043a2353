import type { Queryable } from '../../db/client.js';

/** A login's recovery codes (migration 0013), by their SHA-256: a new set replaces every old one. */
export async function replaceRecoveryCodes(db: Queryable, userId: number, hashes: string[]): Promise<void> {
  await db.query('DELETE FROM recovery_code WHERE user_id = $1', [userId]);
  await db.query('INSERT INTO recovery_code (user_id, code_hash) SELECT $1, unnest($2::text[])', [userId, hashes]);
}

/** Spends a code: one atomic UPDATE, so two requests with the same code cannot both use it. */
export async function spendRecoveryCode(db: Queryable, userId: number, hash: string, at: Date): Promise<boolean> {
  const rows = await db.query(
    'UPDATE recovery_code SET used_at = $3 WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING id',
    [userId, hash, at.toISOString()],
  );
  return rows.length === 1;
}

/** How many unused codes a login has left. */
export async function countRecoveryCodesLeft(db: Queryable, userId: number): Promise<number> {
  const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM recovery_code WHERE user_id = $1 AND used_at IS NULL', [userId]);
  return row!.n;
}

export async function deleteRecoveryCodes(db: Queryable, userId: number): Promise<void> {
  await db.query('DELETE FROM recovery_code WHERE user_id = $1', [userId]);
}
