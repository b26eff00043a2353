import type { Queryable } from '../../db/client.js';
import { KINDS, sqlKinds } from '../../domain/ledger-kinds.js';
import type { StatementEntry } from '../../domain/statement.js';

/** The investor's own dated entries of a period with their words: the movements a statement lists. */
export async function statementEntries(db: Queryable, investorId: number, from: string, to: string): Promise<StatementEntry[]> {
  return db.query<StatementEntry>(
    `SELECT e.id, e.date, e.kind, p.name AS "propertyName", coalesce(e.description, '') AS description,
            CASE e.kind WHEN 'investment' THEN e.amount_cents ELSE -e.amount_cents END AS cents
       FROM ledger_entry e LEFT JOIN property p ON p.id = e.property_id
      WHERE e.voided_at IS NULL AND e.investor_id = $1 AND e.date BETWEEN $2 AND $3
        AND e.kind IN ${sqlKinds(KINDS.investorMoney)}
      ORDER BY e.date, e.id`,
    [investorId, from, to],
  );
}

/** Investors who had any capital or cash movement up to `to`: only they can hold either in a period. */
export async function investorsWithMoneyBy(db: Queryable, to: string): Promise<{ id: number; name: string }[]> {
  return db.query<{ id: number; name: string }>(
    `SELECT i.id, i.name FROM investor i
      WHERE EXISTS (SELECT 1 FROM ledger_entry e WHERE e.investor_id = i.id AND e.voided_at IS NULL AND e.date <= $1
                       AND e.kind IN ${sqlKinds(KINDS.investorMoney)})
      ORDER BY lower(i.name), i.id`,
    [to],
  );
}
