import { dateText } from '../../../contract/values/human-format.js';
import type { Db, Queryable } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { ConflictError } from '../../lib/errors.js';
import type { WriteContext } from '../../lib/write-context.js';
import { auditChange } from '../audit/audit.js';
import { existingLlc } from '../references.js';
import { closedThroughFor, listPeriodLocks, lockClosedThrough, setClosedThrough } from './period-lock.repository.js';

/**
 * The period lock (docs/rules/ledger.md): once an LLC's books are closed through a date (a filed return),
 * no entry of that LLC dated on or before it can be recorded or voided until an admin reopens it.
 */
export async function requireOpenPeriod(tx: Queryable, ref: { llcId?: number | null; propertyId?: number | null }, date: string): Promise<void> {
  if (!ref.llcId && !ref.propertyId) return; // cash withdrawals belong to no LLC
  const lock = await closedThroughFor(tx, ref);
  if (lock?.closedThrough && date <= lock.closedThrough) {
    throw new ConflictError(
      `The books of ${lock.llcName} are closed through ${dateText(lock.closedThrough)}: nothing dated ${dateText(date)} can change. Reopen the period first.`,
    );
  }
}

export function createPeriodLockService({ db, clock }: { db: Db; clock: Clock }) {
  return {
    list: () => listPeriodLocks(db),

    async set(input: { llc_name: string; closed_through?: string | null }, ctx: WriteContext): Promise<{ closed_through: string | null }> {
      const closedThrough = input.closed_through || null;
      await db.transaction(async (tx) => {
        const llc = await existingLlc(tx, input.llc_name);
        const before = await lockClosedThrough(tx, llc.id);
        await setClosedThrough(tx, llc.id, closedThrough);
        await auditChange(tx, ctx, clock.now(), {
          action: closedThrough ? 'close_period' : 'reopen_period', entity: 'llc', id: llc.id,
          before: { closed_through: before }, after: { closed_through: closedThrough },
        });
      });
      return { closed_through: closedThrough };
    },
  };
}

export type PeriodLockService = ReturnType<typeof createPeriodLockService>;
