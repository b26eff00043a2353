import type { Queryable } from '../../db/client.js';
import { KINDS, sqlKinds } from '../../domain/ledger-kinds.js';

/** Who has a summary to keep ahead: every active investor. */
export async function activeInvestorIds(db: Queryable): Promise<number[]> {
  return (await db.query<{ id: number }>('SELECT id FROM investor WHERE active ORDER BY id')).map((r) => r.id);
}

/** Every property's id, by its LLC. */
export async function propertyIdsByLlc(db: Queryable): Promise<Map<number, number[]>> {
  const rows = await db.query<{ llcId: number; ids: number[] }>(
    'SELECT llc_id AS "llcId", array_agg(id ORDER BY id) AS ids FROM property GROUP BY llc_id',
  );
  return new Map(rows.map((r) => [r.llcId, r.ids]));
}

/** The investors whose figures an LLC's books weigh: those with capital or their own expenses in it. */
export async function membersOf(db: Queryable, llcIds: number[]): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `SELECT DISTINCT e.investor_id AS id FROM ledger_entry e JOIN property p ON p.id = e.property_id
      WHERE p.llc_id = ANY($1::int[]) AND e.voided_at IS NULL
        AND e.kind IN ${sqlKinds(KINDS.investorInProperty)}`,
    [llcIds],
  );
  return rows.map((r) => r.id);
}
