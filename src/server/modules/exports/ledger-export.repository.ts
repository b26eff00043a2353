import type { Queryable } from '../../db/client.js';
import type { LedgerKind } from '../../domain/ledger-kinds.js';
import { ENTRY_NAMES } from '../ledger/ledger.js';

/** One ledger entry as the CSV export writes it: every reference by name, and its void state. */
export type LedgerExportRow = {
  id: number;
  date: string;
  month: string;
  kind: LedgerKind;
  llc: string | null;
  property: string | null;
  investor: string | null;
  category: string | null;
  description: string | null;
  amountCents: number;
  voidedAt: string | null;
  voidedBy: string | null;
  voidReason: string | null;
};

/** Where the last page ended: the (date, id) of its last entry. */
export type LedgerCursor = { date: string; id: number };

/**
 * A page of the ledger dated in [from, to], oldest first (by date, then id), after `after`. Pages by key,
 * not one long transaction: the embedded database has one connection, and a million-row export must not
 * hold it while the file travels. Entries are never changed or deleted, only voided, so the rows up to
 * the highest id seen at the start are a fixed set; a void made during the export may or may not show.
 */
export async function ledgerPage(db: Queryable, f: { from: string; to: string; after: LedgerCursor | null; upToId: number; llcId?: number; limit: number }): Promise<LedgerExportRow[]> {
  return db.query<LedgerExportRow>(
    `SELECT e.id, e.date, to_char(e.for_month, 'YYYY-MM') AS month, e.kind, l.name AS llc, p.name AS property,
            i.name AS investor, c.name AS category, e.description, e.amount_cents AS "amountCents",
            to_char(e.voided_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "voidedAt",
            vu.username AS "voidedBy", e.void_reason AS "voidReason"
       FROM ledger_entry e
       ${ENTRY_NAMES}
      WHERE e.id <= $4 AND e.date BETWEEN $1 AND $2
        AND ($3::date IS NULL OR (e.date, e.id) > ($3::date, $7::bigint))
        AND ($5::int IS NULL OR coalesce(e.llc_id, p.llc_id) = $5)
      ORDER BY e.date, e.id
      LIMIT $6`,
    [f.from, f.to, f.after?.date ?? null, f.upToId, f.llcId ?? null, f.limit, f.after?.id ?? 0],
  );
}

/** The highest entry id now: the export's fixed end. */
export async function lastEntryId(db: Queryable): Promise<number> {
  const [row] = await db.query<{ id: number }>('SELECT coalesce(max(id), 0)::bigint AS id FROM ledger_entry');
  return row!.id;
}
