import type { Queryable } from '../../db/client.js';

export type StoredResponse = { requestHash: string; statusCode: number; body: unknown };

export async function findIdempotencyKey(db: Queryable, userId: number, key: string): Promise<StoredResponse | undefined> {
  const [row] = await db.query<StoredResponse>(
    `SELECT request_hash AS "requestHash", status_code AS "statusCode", response_body AS body
       FROM idempotency_key WHERE user_id = $1 AND key = $2`,
    [userId, key],
  );
  return row;
}

export async function insertIdempotencyKey(
  db: Queryable,
  k: { userId: number; key: string; requestHash: string; statusCode: number; body: unknown; at: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO idempotency_key (user_id, key, request_hash, status_code, response_body, created_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [k.userId, k.key, k.requestHash, k.statusCode, JSON.stringify(k.body), k.at.toISOString()],
  );
}
