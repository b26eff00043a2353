import type { Db, Queryable } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { findIdempotencyKey, insertIdempotencyKey } from './idempotency.repository.js';

export type IdempotencyRequest = { key: string; requestHash: string };

const REUSED = 'This Idempotency-Key was already used for a different request.';

/**
 * Runs one write in one transaction, at most once per Idempotency-Key (security.md L6): the key row is
 * written in the same transaction as the work, so a retry after a lost answer gets the stored answer
 * and writes nothing. A concurrent twin waits on the key's unique index, then replays the first answer.
 */
export function createIdempotentRunner({ db, clock }: { db: Db; clock: Clock }) {
  const replay = <T>(stored: { requestHash: string; body: unknown }, req: IdempotencyRequest): T => {
    if (stored.requestHash !== req.requestHash) throw new AppError(422, REUSED);
    return stored.body as T;
  };

  return async function runOnce<T>(
    userId: number,
    req: IdempotencyRequest | null,
    work: (tx: Queryable) => Promise<T>,
  ): Promise<T> {
    if (!req) return db.transaction(work);
    try {
      return await db.transaction(async (tx) => {
        const prior = await findIdempotencyKey(tx, userId, req.key);
        if (prior) return replay<T>(prior, req);
        const result = await work(tx);
        await insertIdempotencyKey(tx, { userId, key: req.key, requestHash: req.requestHash, statusCode: 201, body: result, at: clock.now() });
        return result;
      });
    } catch (err) {
      if ((err as { code?: string; constraint?: string }).code === '23505') {
        const prior = await findIdempotencyKey(db, userId, req.key);
        if (prior) return replay<T>(prior, req);
      }
      throw err;
    }
  };
}

export type RunOnce = ReturnType<typeof createIdempotentRunner>;
