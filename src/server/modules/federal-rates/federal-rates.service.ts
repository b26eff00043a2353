import type { FederalRatesResponse } from '../../../contract/schemas/land-contracts.js';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { FederalRateTerm } from '../../domain/imputed-interest.js';
import type { Clock } from '../../lib/clock.js';
import type { WriteContext } from '../../lib/write-context.js';
import { auditChange } from '../audit/audit.js';
import { listFederalRates, lockFederalRate, upsertFederalRate } from './federal-rates.repository.js';

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
