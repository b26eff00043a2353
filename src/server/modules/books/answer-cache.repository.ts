import type { Queryable } from '../../db/client.js';

/** The current version of the books (migration 0005): every change to them bumps it in its transaction. */
export async function booksVersion(db: Queryable): Promise<number> {
  const [row] = await db.query<{ version: number }>('SELECT version FROM books_version');
  return row!.version;
}

/**
 * The current version of the books and the answer kept for `key` at it, if any: in one statement, so a
 * kept answer is never one of an older version. `known` is the version of the answer the caller already
 * holds: when it is still the current one, the body is not sent again (the caller has it).
 */
export async function keptAnswer(
  db: Queryable,
  key: string,
  known: number | null = null,
): Promise<{ version: number; body: string | undefined }> {
  const [row] = await db.query<{ version: number; body: string | null }>(
    `SELECT v.version, CASE WHEN v.version IS DISTINCT FROM $2 THEN c.body END AS body
       FROM books_version v LEFT JOIN answer_cache c ON c.key = $1 AND c.version = v.version`,
    [key, known],
  );
  return { version: row!.version, body: row!.body ?? undefined };
}

/**
 * Keeps an answer computed at `version`. A newer one for the same key wins (two servers may race), and
 * answers of older versions, which can never be served again, are deleted.
 */
export async function keepAnswer(db: Queryable, key: string, version: number, body: string): Promise<void> {
  await db.query('DELETE FROM answer_cache WHERE version < $1', [version]);
  await db.query(
    `INSERT INTO answer_cache (key, version, body) VALUES ($1, $2, $3)
     ON CONFLICT (key) DO UPDATE SET version = EXCLUDED.version, body = EXCLUDED.body
      WHERE answer_cache.version < EXCLUDED.version`,
    [key, version, body],
  );
}

/**
 * Forgets every kept answer: at start-up, since the code that computed them may have changed with this
 * deploy (a rule fixed, a field added), and an answer is only as right as the code behind it.
 */
export async function forgetAnswers(db: Queryable): Promise<void> {
  await db.query('DELETE FROM answer_cache');
}
