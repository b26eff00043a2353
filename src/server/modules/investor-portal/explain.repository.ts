import type { Queryable } from '../../db/client.js';
import type { LlcExpenseWords } from '../../domain/explain-types.js';

/** The words of LLC expenses (LLC, category, description), by entry id: the labels of their explain items. */
export async function llcExpenseWords(db: Queryable, ids: number[]): Promise<Map<number, LlcExpenseWords>> {
  if (ids.length === 0) return new Map();
  const rows = await db.query<LlcExpenseWords & { id: number }>(
    `SELECT e.id, l.name AS "llcName", coalesce(c.name, '') AS category, coalesce(e.description, '') AS description
       FROM ledger_entry e JOIN llc l ON l.id = e.llc_id LEFT JOIN category c ON c.id = e.category_id
      WHERE e.id = ANY($1::bigint[])`,
    [ids],
  );
  return new Map(rows.map(({ id, ...words }) => [id, words]));
}
