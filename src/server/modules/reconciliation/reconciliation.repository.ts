import type { Queryable } from '../../db/client.js';
import { KINDS, sqlKinds } from '../../domain/ledger-kinds.js';
import type { BooksInput } from '../../domain/allocation.js';

/**
 * The reconciliation's reads: straight from the tables, never through the read model or the kept
 * answers it checks, through one snapshot `tx`. What the database can compare row by row (a ledger row
 * against its audit rows) or sum (a property-month's rows) it does here, so the check holds in memory
 * only what the domain functions need, not every row of a ledger of a million entries.
 */

/**
 * A ledger row whose audit trail is not as it must be, with what its audit rows say: not exactly one
 * `record` row, one that names another kind, amount or date, a void count other than 1 (voided) or 0
 * (live), or a linked row voided without it.
 */
export type AuditTrailProblem = {
  id: number;
  kind: string;
  cents: number;
  date: string;
  voided: boolean;
  records: number;
  recordKind: string | null;
  recordCents: number | null;
  recordDate: string | null;
  voids: number;
  linkedId: number | null;
  linkedVoided: boolean | null;
};

/** An audit row that names a ledger entry by something that is no entry's id (only a hand can write one). */
export type UnreadableReference = { auditId: number; ref: string | null };

export async function auditTrailProblems(
  tx: Queryable,
): Promise<{ problems: AuditTrailProblem[]; unknownIds: number[]; unreadable: UnreadableReference[] }> {
  // Every ledger entry an audit row names, as the text it names it by: the entity of a `record` row;
  // the entity of a `void` row and the linked entries it voided too (also_voided, JSON numbers). Text
  // that is not an id is kept apart (`id` null) rather than cast, so one tampered row cannot stop the
  // check. Only the few void rows are unfolded; the record rows (one per entry) are read as they are.
  const named = `
    void_refs AS (
      SELECT a.id AS audit_id, r.ref
        FROM audit_event a
       CROSS JOIN LATERAL (
             SELECT a.entity_id AS ref
             UNION ALL
             SELECT CASE WHEN jsonb_typeof(x) = 'number' THEN x #>> '{}' ELSE x::text END
               FROM jsonb_array_elements(CASE WHEN jsonb_typeof(a.after->'also_voided') = 'array' THEN a.after->'also_voided' ELSE '[]'::jsonb END) x) r
       WHERE a.entity = 'ledger_entry' AND a.action = 'void'),
    refs AS (
      SELECT id AS audit_id, 'record' AS action, after, entity_id AS ref FROM audit_event WHERE entity = 'ledger_entry' AND action = 'record'
      UNION ALL
      SELECT audit_id, 'void', NULL, ref FROM void_refs),
    ids AS (SELECT *, CASE WHEN ref ~ '^[0-9]{1,18}$' THEN ref::bigint END AS id FROM refs),
    rec AS (
      SELECT id, count(*)::int AS n, min(after->>'kind') AS kind,
             min(CASE WHEN after->>'amountCents' ~ '^-?[0-9]{1,18}$' THEN (after->>'amountCents')::bigint END) AS cents,
             min(after->>'date') AS date
        FROM ids WHERE action = 'record' AND id IS NOT NULL GROUP BY id),
    vd AS (SELECT id, count(*)::int AS n FROM ids WHERE action = 'void' AND id IS NOT NULL GROUP BY id)`;
  const problems = await tx.query<AuditTrailProblem>(
    `WITH ${named}
     SELECT le.id, le.kind, le.amount_cents AS cents, le.date, le.voided_at IS NOT NULL AS voided,
            coalesce(rec.n, 0) AS records, rec.kind AS "recordKind", rec.cents AS "recordCents", rec.date AS "recordDate",
            coalesce(vd.n, 0) AS voids, linked.id AS "linkedId", linked.voided_at IS NOT NULL AS "linkedVoided"
       FROM ledger_entry le
       LEFT JOIN rec ON rec.id = le.id
       LEFT JOIN vd ON vd.id = le.id
       LEFT JOIN ledger_entry linked ON linked.id = le.linked_entry_id
      WHERE coalesce(rec.n, 0) <> 1
         OR rec.kind IS DISTINCT FROM le.kind OR rec.cents IS DISTINCT FROM le.amount_cents OR rec.date IS DISTINCT FROM le.date::text
         OR coalesce(vd.n, 0) <> (CASE WHEN le.voided_at IS NULL THEN 0 ELSE 1 END)
         OR (linked.id IS NOT NULL AND (linked.voided_at IS NULL) <> (le.voided_at IS NULL))
      ORDER BY le.id`,
  );
  const unknown = await tx.query<{ id: number }>(
    `WITH ${named}
     SELECT id FROM (SELECT id FROM rec UNION SELECT id FROM vd) named_ids
      WHERE NOT EXISTS (SELECT 1 FROM ledger_entry le WHERE le.id = named_ids.id)
      ORDER BY id`,
  );
  const unreadable = await tx.query<UnreadableReference>(
    `WITH ${named}
     SELECT audit_id AS "auditId", ref FROM ids WHERE id IS NULL
     UNION ALL
     SELECT id, 'also_voided: ' || (after->'also_voided')::text FROM audit_event
      WHERE entity = 'ledger_entry' AND action = 'void' AND jsonb_typeof(after->'also_voided') NOT IN ('array', 'null')
     ORDER BY 1`,
  );
  return { problems, unknownIds: unknown.map((r) => r.id), unreadable };
}

/** A live row that moves a balance (capital or deposits), whatever its date. */
export type BalanceRow = { id: number; kind: string; date: string; cents: number; investorId: number | null; propertyId: number };

export const balanceRows = (tx: Queryable): Promise<BalanceRow[]> =>
  tx.query<BalanceRow>(
    `SELECT id, kind, date, amount_cents AS cents, investor_id AS "investorId", property_id AS "propertyId"
       FROM ledger_entry
      WHERE voided_at IS NULL AND kind IN ${sqlKinds(KINDS.balances)}
      ORDER BY id`,
  );

/** How many ledger entries and audit events the books hold, voided and all: what the check covered. */
export async function bookCounts(tx: Queryable): Promise<{ entries: number; events: number }> {
  const [counts] = await tx.query<{ entries: number; events: number }>(
    'SELECT (SELECT count(*) FROM ledger_entry)::int AS entries, (SELECT count(*) FROM audit_event)::int AS events',
  );
  return counts!;
}

/** What the figures as of a date are recomputed from: the live rows dated up to it, summed where the domain sums them anyway. */
export type FigureInputs = {
  properties: BooksInput['properties'];
  fees: BooksInput['fees'];
  investors: { id: number; name: string; active: boolean }[];
  /** Σ of each property-month's income, land-contract payments less expenses (rows without a period). */
  propertyMonthNet: BooksInput['propertyMonthNet'];
  periodIncomes: BooksInput['periodIncomes'];
  investorExpenses: BooksInput['investorExpenses'];
  llcExpenses: BooksInput['llcExpenses'];
  cashWithdrawals: { id: number; investorId: number; date: string; cents: number }[];
  /** Σ of each property's income, land-contract payments less expenses, periods included: summed apart from the months. */
  propertyNet: { propertyId: number; cents: number }[];
  /** Σ of each kind's rows. */
  kindTotals: { kind: string; cents: number }[];
};

export async function figureInputs(tx: Queryable, asOf: string): Promise<FigureInputs> {
  const live = `voided_at IS NULL AND date <= $1::date`;
  const signed = `CASE WHEN kind = 'property_expense' THEN -amount_cents ELSE amount_cents END`;
  return {
    properties: await tx.query(`SELECT id, name, llc_id AS "llcId", property_type AS type, picture_url AS "pictureUrl" FROM property ORDER BY id`),
    fees: await tx.query(`SELECT investor_id AS "investorId", effective_month AS month, fee_bps AS bps FROM investor_fee`),
    investors: await tx.query('SELECT id, name, active FROM investor ORDER BY id'),
    propertyMonthNet: await tx.query(
      `SELECT property_id AS "propertyId", for_month AS month, sum(${signed})::bigint AS cents
         FROM ledger_entry
        WHERE ${live} AND kind IN ${sqlKinds(KINDS.propertyNet)} AND period_start IS NULL
        GROUP BY 1, 2 ORDER BY 1, 2`,
      [asOf],
    ),
    periodIncomes: await tx.query(
      `SELECT property_id AS "propertyId", period_start AS start, period_end AS "end", amount_cents AS cents
         FROM ledger_entry WHERE ${live} AND kind = 'property_income' AND period_start IS NOT NULL ORDER BY id`,
      [asOf],
    ),
    investorExpenses: await tx.query(
      `SELECT investor_id AS "investorId", property_id AS "propertyId", for_month AS month, amount_cents AS cents
         FROM ledger_entry WHERE ${live} AND kind = 'investor_property_expense' ORDER BY id`,
      [asOf],
    ),
    llcExpenses: await tx.query(
      `SELECT id, llc_id AS "llcId", date, amount_cents AS cents FROM ledger_entry WHERE ${live} AND kind = 'llc_expense' ORDER BY id`,
      [asOf],
    ),
    cashWithdrawals: await tx.query(
      `SELECT id, investor_id AS "investorId", date, amount_cents AS cents FROM ledger_entry WHERE ${live} AND kind = 'cash_withdrawal' ORDER BY id`,
      [asOf],
    ),
    propertyNet: await tx.query(
      `SELECT property_id AS "propertyId", sum(${signed})::bigint AS cents
         FROM ledger_entry WHERE ${live} AND kind IN ${sqlKinds(KINDS.propertyNet)} GROUP BY 1 ORDER BY 1`,
      [asOf],
    ),
    kindTotals: await tx.query(`SELECT kind, sum(amount_cents)::bigint AS cents FROM ledger_entry WHERE ${live} GROUP BY 1 ORDER BY 1`, [asOf]),
  };
}
