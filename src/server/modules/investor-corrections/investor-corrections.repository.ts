import type { Queryable } from '../../db/client.js';
import type { CorrectedEntry, ShownStatement } from '../../domain/correction-effects.js';
import { KINDS, kindsOf, sqlKinds } from '../../domain/ledger-kinds.js';

/** Timestamps as ISO text of one fixed format (milliseconds, UTC), so they compare as text. */
const isoAt = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A statement of the investor's was downloaded by someone other than staff (docs/decisions.md 50). */
export async function insertStatementDownload(
  db: Queryable,
  d: { investorId: number; from: string; to: string; downloadedBy: number; at: Date },
): Promise<void> {
  await db.query(
    'INSERT INTO statement_download (investor_id, period_from, period_to, downloaded_by, downloaded_at) VALUES ($1, $2, $3, $4, $5)',
    [d.investorId, d.from, d.to, d.downloadedBy, d.at],
  );
}

/** Every statement period shown to the investor: downloaded by them or their delegate, or published to them. */
export async function statementsShown(db: Queryable, investorId: number): Promise<ShownStatement[]> {
  return db.query<ShownStatement>(
    `SELECT period_from AS "from", period_to AS "to", ${isoAt('downloaded_at')} AS "shownAt"
       FROM statement_download WHERE investor_id = $1
     UNION ALL
     SELECT p.period_from, p.period_to, ${isoAt('p.published_at')}
       FROM statement_publication p JOIN statement_publication_investor i ON i.publication_id = p.id
      WHERE i.investor_id = $1`,
    [investorId],
  );
}

/**
 * What the investor's figures weigh, voided entries included (a voided investment may be the only tie
 * to a property): the properties they put money in or were charged for, and those properties' LLCs.
 */
export async function correctionScope(db: Queryable, investorId: number, asOf: string): Promise<{ propertyIds: number[]; llcIds: number[] }> {
  const rows = await db.query<{ propertyId: number; llcId: number }>(
    `SELECT DISTINCT e.property_id AS "propertyId", p.llc_id AS "llcId"
       FROM ledger_entry e JOIN property p ON p.id = e.property_id
      WHERE e.investor_id = $1 AND e.date <= $2 AND e.kind IN ${sqlKinds(KINDS.investorInProperty)}`,
    [investorId, asOf],
  );
  return { propertyIds: rows.map((r) => r.propertyId), llcIds: [...new Set(rows.map((r) => r.llcId))] };
}

export type CorrectionRow = {
  what: 'voided' | 'recorded late';
  correctedAt: string;
  entry: CorrectedEntry;
  propertyName: string | null;
  llcName: string | null;
  voidReason: string | null;
};

type Row = CorrectedEntry & Omit<CorrectionRow, 'entry'>;

/**
 * The newest `limit` corrections that may have changed the investor's figures, newest first: each void,
 * each recording after a statement that covered its date had been shown to them (an entry recorded late
 * and voided since is both), and each entry a correction recorded in place of the one it voided. Entries dated up to asOf, of the investor's own (capital, expenses
 * charged to them, cash taken) and of the properties and LLCs in their scope. Another investor's own
 * entries are never listed: they would name that investor's amounts. Deposits change no figure.
 */
export async function correctionRows(
  db: Queryable,
  f: { investorId: number; asOf: string; propertyIds: number[]; llcIds: number[]; limit: number },
): Promise<CorrectionRow[]> {
  const rows = await db.query<Row>(
    `WITH shown AS (
       SELECT period_from, period_to, downloaded_at AS shown_at FROM statement_download WHERE investor_id = $1
       UNION ALL
       SELECT p.period_from, p.period_to, p.published_at
         FROM statement_publication p JOIN statement_publication_investor i ON i.publication_id = p.id
        WHERE i.investor_id = $1
     ), theirs AS (
       SELECT * FROM ledger_entry WHERE investor_id = $1 AND date <= $2 AND kind IN ${sqlKinds([...KINDS.investorInProperty, ...kindsOf('cash')])}
       UNION ALL
       SELECT * FROM ledger_entry WHERE property_id = ANY($3::int[]) AND date <= $2 AND kind IN ${sqlKinds(KINDS.propertyNet)}
       UNION ALL
       SELECT * FROM ledger_entry WHERE llc_id = ANY($4::int[]) AND date <= $2 AND kind = 'llc_expense'
     ), events AS (
       SELECT id, 'voided' AS what, voided_at AS at FROM theirs WHERE voided_at IS NOT NULL
       UNION ALL
       SELECT t.id, 'recorded late', t.created_at FROM theirs t
        WHERE EXISTS (SELECT 1 FROM shown s WHERE t.date BETWEEN s.period_from AND s.period_to AND s.shown_at < t.created_at)
           -- The entry a correction recorded in place of the one it voided (the same instant, "Corrected: …"):
           -- listed with it, so the investor reads what replaced the entry and not only its removal.
           OR EXISTS (SELECT 1 FROM theirs v WHERE v.voided_at = t.created_at AND v.void_reason LIKE 'Corrected:%')
     )
     SELECT ev.what, ${isoAt('ev.at')} AS "correctedAt",
            e.id, e.kind, e.date, e.for_month AS "forMonth", e.period_start AS "periodStart", e.period_end AS "periodEnd",
            e.amount_cents AS cents, e.investor_id AS "investorId", e.property_id AS "propertyId", e.llc_id AS "llcId",
            p.name AS "propertyName", CASE WHEN e.kind = 'llc_expense' THEN l.name END AS "llcName", e.void_reason AS "voidReason"
       FROM events ev JOIN ledger_entry e ON e.id = ev.id
       LEFT JOIN property p ON p.id = e.property_id
       LEFT JOIN llc l ON l.id = e.llc_id
      ORDER BY ev.at DESC, (ev.what = 'recorded late') DESC, e.id DESC
      LIMIT $5`,
    [f.investorId, f.asOf, f.propertyIds, f.llcIds, f.limit],
  );
  return rows.map(({ what, correctedAt, propertyName, llcName, voidReason, ...entry }) => ({
    what, correctedAt, propertyName, llcName, voidReason, entry,
  }));
}
