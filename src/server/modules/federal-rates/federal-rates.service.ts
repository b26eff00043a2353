import type { FederalRatesResponse } from '../../../contract/schemas/land-contracts.js';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { FederalRateTerm } from '../../domain/imputed-interest.js';
import type { Clock } from '../../lib/clock.js';
import type { WriteContext } from '../../lib/write-context.js';
import { auditChange } from '../audit/audit.js';
import { ConflictError } from '../../lib/errors.js';
import { dateText } from '../../../contract/values/human-format.js';
import { closedContractOfRateMonth, listFederalRates, lockFederalRate, upsertFederalRate } from './federal-rates.repository.js';

/**
 * The applicable federal rates (docs/rules/tax-reports.md "Imputed interest"): the admin records the IRS
 * table's monthly-compounding rate of each month and term; the tax reports test land contracts against them.
 */
export function createFederalRatesService({ db, clock }: { db: Db; clock: Clock }) {
  return {
    async list(): Promise<z.infer<typeof FederalRatesResponse>> {
      const rows = await listFederalRates(db);
      return { rates: rows.map((r) => ({ ...r, recorded_at: new Date(r.recorded_at).toISOString() })) };
    },

    /** Records (or replaces) the rate of a month and term: `month` is the month's first day. */
    async set(input: { month: string; term: FederalRateTerm; rate_bps: number }, ctx: WriteContext): Promise<void> {
      const at = clock.now();
      await db.transaction(async (tx) => {
        const before = await lockFederalRate(tx, input.month, input.term);
        // A rate a contract sold in a closed period is tested against would change its filed years.
        const closed = before === input.rate_bps ? undefined : await closedContractOfRateMonth(tx, input.month);
        if (closed) {
          throw new ConflictError(
            `The books of ${closed.llcName} are closed through ${dateText(closed.closedThrough)}: the federal rate of ${input.month.slice(0, 7)} applies to ${closed.name}, sold ${dateText(closed.saleDate)}, and would change its filed tax figures. Reopen the period first.`,
          );
        }
        await upsertFederalRate(tx, { month: input.month, term: input.term, rateBps: input.rate_bps, userId: ctx.userId, at });
        const key = { month: input.month.slice(0, 7), term: input.term };
        await auditChange(tx, ctx, at, {
          action: 'set_federal_rate', entity: 'federal_rate', id: `${key.month}/${key.term}`,
          before: before === null ? null : { ...key, rate_bps: before }, after: { ...key, rate_bps: input.rate_bps },
        });
      });
    },
  };
}

export type FederalRatesService = ReturnType<typeof createFederalRatesService>;
