import type { Queryable } from '../../db/client.js';
import type { FederalRateTerm } from '../../domain/imputed-interest.js';

/** The SQL of the applicable federal rates (migration 0028: federal_rate, one row per month and term). */

export type FederalRateRow = { month: string; term: FederalRateTerm; rate_bps: number; recorded_by: string; recorded_at: Date | string };

/** Every rate recorded, newest month first, then short, mid, long; who recorded it by username. */
export async function listFederalRates(db: Queryable): Promise<FederalRateRow[]> {
  return db.query<FederalRateRow>(
    `SELECT to_char(f.month, 'YYYY-MM') AS month, f.term, f.rate_bps, u.username AS recorded_by, f.recorded_at
       FROM federal_rate f JOIN portal_user u ON u.id = f.recorded_by
      ORDER BY f.month DESC, array_position(ARRAY['short', 'mid', 'long'], f.term)`,
  );
}

/** The rate of a month and term, its row locked, or null when none is recorded. */
export async function lockFederalRate(db: Queryable, month: string, term: FederalRateTerm): Promise<number | null> {
  const [row] = await db.query<{ rateBps: number }>(
    'SELECT rate_bps AS "rateBps" FROM federal_rate WHERE month = $1 AND term = $2 FOR UPDATE',
    [month, term],
  );
  return row?.rateBps ?? null;
}

/** Records the rate of a month and term, replacing the one recorded. */
export async function upsertFederalRate(db: Queryable, r: { month: string; term: FederalRateTerm; rateBps: number; userId: number; at: Date }): Promise<void> {
  await db.query(
    `INSERT INTO federal_rate (month, term, rate_bps, recorded_by, recorded_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (month, term) DO UPDATE SET rate_bps = EXCLUDED.rate_bps, recorded_by = EXCLUDED.recorded_by, recorded_at = EXCLUDED.recorded_at`,
    [r.month, r.term, r.rateBps, r.userId, r.at.toISOString()],
  );
}

/**
 * A land contract the rate of `month` applies to (sold that month or in the two after: the lowest 3-month
 * rate, docs/rules/tax-reports.md) whose sale lies in a closed period, if any: its filed years would change.
 * The LLC rows are held until the write commits, so a period closed meanwhile waits for it.
 */
export async function closedContractOfRateMonth(db: Queryable, month: string): Promise<{ name: string; saleDate: string; llcName: string; closedThrough: string } | undefined> {
  const [row] = await db.query<{ name: string; saleDate: string; llcName: string; closedThrough: string }>(
    `SELECT p.name, to_char(p.lc_sale_date, 'YYYY-MM-DD') AS "saleDate", l.name AS "llcName", to_char(l.closed_through, 'YYYY-MM-DD') AS "closedThrough"
       FROM property p JOIN llc l ON l.id = p.llc_id
      WHERE p.lc_sale_date IS NOT NULL AND l.closed_through >= p.lc_sale_date
        AND p.lc_sale_date >= $1::date AND p.lc_sale_date < ($1::date + interval '3 months')
      ORDER BY p.lc_sale_date, p.name LIMIT 1
      FOR SHARE OF l`,
    [month],
  );
  return row;
}
