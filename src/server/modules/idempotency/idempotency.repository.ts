import { prepared, type Queryable, type Statement } from '../../db/client.js';

// Prepared: every keyed write runs these (docs/performance.md, a write's statements).
const FIND_KEY = prepared(
  'idempotency_find',
  `SELECT request_hash AS "requestHash", status_code AS "statusCode", response_body AS body
     FROM idempotency_key WHERE user_id = $1 AND key = $2`,
);
const CLAIM_KEY = prepared(
  'idempotency_claim',
  `INSERT INTO idempotency_key (user_id, key, request_hash, status_code, response_body, created_at)
   VALUES ($1, $2, $3, 0, 'null', $4) ON CONFLICT (user_id, key) DO NOTHING RETURNING 1`,
);
const STORE_ANSWER = prepared('idempotency_store', 'UPDATE idempotency_key SET status_code = $3, response_body = $4 WHERE user_id = $1 AND key = $2');

export type StoredResponse = { requestHash: string; statusCode: number; body: unknown };

export async function findIdempotencyKey(db: Queryable, userId: number, key: string): Promise<StoredResponse | undefined> {
  const [row] = await db.query<StoredResponse>(FIND_KEY, [userId, key]);
  return row;
}

/**
 * Claims a key before the work starts. A twin request blocks here until the first one commits (then
 * gets false and replays its answer) or rolls back (then gets true and does the work itself).
 */
export async function claimIdempotencyKey(
  db: Queryable,
  k: { userId: number; key: string; requestHash: string; at: Date },
): Promise<boolean> {
  const rows = await db.query(CLAIM_KEY, [k.userId, k.key, k.requestHash, k.at.toISOString()]);
  return rows.length === 1;
}

type Answer = { userId: number; key: string; statusCode: number; body: unknown };

/** The statement that stores the answer under a claimed key (sent with a write's last statement). */
export const storeIdempotentResponseStatement = (k: Answer): Statement => ({
  statement: STORE_ANSWER,
  params: [k.userId, k.key, k.statusCode, JSON.stringify(k.body)],
});

export async function storeIdempotentResponse(db: Queryable, k: Answer): Promise<void> {
  const { statement, params } = storeIdempotentResponseStatement(k);
  await db.query(statement, params);
}
