import type { Queryable } from '../../db/client.js';
import { KINDS, sqlKinds } from '../../domain/ledger-kinds.js';

export type TotalDifference = {
  propertyId: number;
  investorId: number;
  forMonth: string;
  dateMonth: string;
  keptCents: number;
  ledgerCents: number;
  keptEntries: number;
  ledgerEntries: number;
};

/**
 * Recomputes the monthly totals (migration 0005) from the ledger in one snapshot-consistent statement
 * and answers every (property, investor, month, date month) where they differ from the kept ones, and
 * how many groups were compared. Empty groups (every entry voided) count as zero on both sides.
 */
export async function monthlyTotalDifferences(db: Queryable): Promise<{ compared: number; differences: TotalDifference[] }> {
  const [row] = await db.query<{ compared: number; differences: TotalDifference[] }>(
    `WITH ledger AS (
       SELECT property_id, CASE WHEN kind = 'investor_property_expense' THEN investor_id ELSE 0 END AS investor_id, for_month,
              date_trunc('month', date)::date AS date_month,
              sum(CASE WHEN kind = 'property_expense' THEN -amount_cents ELSE amount_cents END)::bigint AS cents, count(*)::int AS entries
         FROM ledger_entry
        WHERE voided_at IS NULL
          AND ((kind IN ${sqlKinds(KINDS.propertyNet)} AND period_start IS NULL) OR kind = 'investor_property_expense')
        GROUP BY 1, 2, 3, 4),
     kept AS (SELECT * FROM property_month_total WHERE entries <> 0 OR cents <> 0),
     joined AS (
       SELECT coalesce(k.property_id, l.property_id) AS "propertyId", coalesce(k.investor_id, l.investor_id) AS "investorId",
              coalesce(k.for_month, l.for_month)::text AS "forMonth", coalesce(k.date_month, l.date_month)::text AS "dateMonth",
              coalesce(k.cents, 0) AS "keptCents", coalesce(l.cents, 0) AS "ledgerCents",
              coalesce(k.entries, 0) AS "keptEntries", coalesce(l.entries, 0) AS "ledgerEntries"
         FROM kept k FULL JOIN ledger l USING (property_id, investor_id, for_month, date_month))
     SELECT count(*)::int AS compared,
            coalesce(json_agg(j) FILTER (WHERE "keptCents" <> "ledgerCents" OR "keptEntries" <> "ledgerEntries"), '[]') AS differences
       FROM joined j`,
  );
  return row!;
}
