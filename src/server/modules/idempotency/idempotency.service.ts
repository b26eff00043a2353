import type { Db, Transaction } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { IdempotencyRequest } from '../../lib/write-context.js';
import { claimIdempotencyKey, findIdempotencyKey, storeIdempotentResponse, storeIdempotentResponseStatement } from './idempotency.repository.js';


const REUSED = 'This Idempotency-Key was already used for a different request.';

/**
 * Runs one write in one transaction, at most once per Idempotency-Key (docs/security.md L6). The key is
 * claimed first, in the same transaction as the work: a retry after a lost answer gets the stored
 * answer and writes nothing, and a concurrent twin waits on the key until the first one commits,
 * then replays its answer (it never re-runs the work against the changed balance).
 */
export function createIdempotentRunner({ db, clock }: { db: Db; clock: Clock }) {
  const replay = <T>(stored: { requestHash: string; body: unknown }, req: IdempotencyRequest): T => {
    // The IETF draft says 422 here, but the spec's web client reads 422 as "session ended" and signs the
    // user out (docs/product.md "Screens"), so a reused key answers 409 Conflict instead.
    if (stored.requestHash !== req.requestHash) throw new AppError(409, REUSED);
    return stored.body as T;
  };

  /**
   * `work` may give its answer to `keep` before its last statement (a write ending in
   * `tx.queryThenCommit`): the answer is then stored under the key by a statement sent with that last one,
   * in the same message and transaction (no round trip of its own). Otherwise it is stored when `work` returns.
   */
  return async function runOnce<T>(
    userId: number,
    req: IdempotencyRequest | null,
    work: (tx: Transaction, keep: (answer: T) => Promise<void>) => Promise<T>,
  ): Promise<T> {
    if (!req) return db.transaction((tx) => work(tx, async () => {}));
    return db.transaction(async (tx) => {
      if (!(await claimIdempotencyKey(tx, { userId, key: req.key, requestHash: req.requestHash, at: clock.now() }))) {
        const prior = await findIdempotencyKey(tx, userId, req.key);
        if (prior) return replay<T>(prior, req);
      }
      const stored = (body: T) => ({ userId, key: req.key, statusCode: 201, body });
      let kept: { answer: T } | undefined;
      // After a last statement nothing can be stored, and on PostgreSQL it has committed: the answer must be kept first.
      const keyed: Transaction = {
        ...tx,
        queryThenCommit: async (statement, params, ahead = []) => {
          if (!kept) throw new Error('keep the answer under the Idempotency-Key before the last statement');
          return tx.queryThenCommit(statement, params, [storeIdempotentResponseStatement(stored(kept.answer)), ...ahead]);
        },
      };
      const result = await work(keyed, async (answer) => {
        kept = { answer };
      });
      // Not sent with a last statement (none was, or it was refused before sending): stored now.
      if (!tx.lastSent()) await storeIdempotentResponse(tx, stored(kept ? kept.answer : result));
      return result;
    });
  };
}

export type RunOnce = ReturnType<typeof createIdempotentRunner>;
