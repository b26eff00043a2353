import { prepared, type Queryable } from '../../db/client.js';
import type { LedgerKind } from '../../domain/ledger-kinds.js';

/** The kinds of entry are one table in the domain (ledger-kinds.ts). */
export type { LedgerKind };

export type NewLedgerEntry = {
  kind: LedgerKind;
  date: string;
  forMonth: string;
  periodStart?: string | null;
  periodEnd?: string | null;
  amountCents: number;
  llcId?: number | null;
  propertyId?: number | null;
  investorId?: number | null;
  categoryId?: number | null;
  lorenId?: number | null;
  payer?: string | null;
  description?: string | null;
  createdBy: number;
  createdAt: Date;
};

export type LedgerEntry = Omit<NewLedgerEntry, 'createdAt'> & { id: number; createdAt: string };

const COLUMNS = `id, kind, date, for_month AS "forMonth", period_start AS "periodStart", period_end AS "periodEnd",
  amount_cents AS "amountCents", llc_id AS "llcId", property_id AS "propertyId", investor_id AS "investorId",
  category_id AS "categoryId", loren_id AS "lorenId", payer, description, created_by AS "createdBy",
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt"`;

export async function insertLedgerEntry(db: Queryable, e: NewLedgerEntry): Promise<LedgerEntry> {
  return (await insertLedgerEntries(db, [e]))[0]!;
}

/** The columns a new row is given (its id aside), in the order both inserts below send them. */
const INSERTED = `kind, date, for_month, period_start, period_end, amount_cents, llc_id, property_id, investor_id, category_id,
  loren_id, payer, description, created_by, created_at`;

const NEXT_LEDGER_ID = prepared('next_ledger_id', `SELECT nextval(pg_get_serial_sequence('ledger_entry', 'id')) AS id`);

/** The next ledger id, taken before the row is written (the row's audit is made before its insert). */
export async function nextLedgerId(db: Queryable): Promise<number> {
  const [row] = await db.query<{ id: number }>(NEXT_LEDGER_ID);
  return row!.id;
}

/** The row `insertLedgerEntryWith` writes, as the table answers it (its RETURNING columns). */
export const ledgerRow = (id: number, e: NewLedgerEntry): LedgerEntry => ({
  id, kind: e.kind, date: e.date, forMonth: e.forMonth, periodStart: e.periodStart ?? null, periodEnd: e.periodEnd ?? null,
  amountCents: e.amountCents, llcId: e.llcId ?? null, propertyId: e.propertyId ?? null, investorId: e.investorId ?? null,
  categoryId: e.categoryId ?? null, lorenId: e.lorenId ?? null, payer: e.payer ?? null, description: e.description ?? null,
  createdBy: e.createdBy, createdAt: e.createdAt.toISOString(),
});

/**
 * The statement that inserts `row` (its id taken by nextLedgerId), for a caller that runs it together with
 * the row's audit (audit.ts `withAudits`): it answers the row as the table stores it.
 */
export const insertLedgerEntryWith = (row: LedgerEntry): { text: string; params: unknown[] } => ({
  text: `INSERT INTO ledger_entry (id, ${INSERTED}) OVERRIDING SYSTEM VALUE
         VALUES ($1, $2::text, $3::date, $4::date, $5::date, $6::date, $7::bigint, $8::int, $9::int, $10::int, $11::int, $12::int,
            $13::text, $14::text, $15::int, $16::timestamptz)
         RETURNING ${COLUMNS}`,
  params: [row.id, row.kind, row.date, row.forMonth, row.periodStart, row.periodEnd, row.amountCents, row.llcId, row.propertyId,
    row.investorId, row.categoryId, row.lorenId, row.payer, row.description, row.createdBy, row.createdAt],
});

/** Inserts rows in order in one statement (unnest keeps the order, so ids follow it). */
export async function insertLedgerEntries(db: Queryable, es: NewLedgerEntry[]): Promise<LedgerEntry[]> {
  const col = <T>(f: (e: NewLedgerEntry) => T) => es.map(f);
  return db.query<LedgerEntry>(
    `INSERT INTO ledger_entry (${INSERTED})
     SELECT * FROM unnest($1::text[], $2::date[], $3::date[], $4::date[], $5::date[], $6::bigint[], $7::int[], $8::int[],
        $9::int[], $10::int[], $11::int[], $12::text[], $13::text[], $14::int[], $15::timestamptz[])
     RETURNING ${COLUMNS}`,
    [col((e) => e.kind), col((e) => e.date), col((e) => e.forMonth), col((e) => e.periodStart ?? null), col((e) => e.periodEnd ?? null),
      col((e) => e.amountCents), col((e) => e.llcId ?? null), col((e) => e.propertyId ?? null), col((e) => e.investorId ?? null),
      col((e) => e.categoryId ?? null), col((e) => e.lorenId ?? null), col((e) => e.payer ?? null), col((e) => e.description ?? null),
      col((e) => e.createdBy), col((e) => e.createdAt.toISOString())],
  );
}

export type TxnListRow = {
  id: number;
  kind: LedgerKind;
  date: string;
  amountCents: number;
  category: string | null;
  description: string | null;
  investor: string | null;
  property: string | null;
  voidedAt: string | null;
  voidedBy: string | null;
  voidReason: string | null;
};

/** The rows of a viewer: one property's, one LLC's or one investor's entries of some kinds. */
export async function listTransactions(
  db: Queryable,
  f: { propertyId?: number; llcId?: number; investorId?: number; kinds: LedgerKind[]; includeVoided: boolean; asOf?: string },
): Promise<TxnListRow[]> {
  return db.query<TxnListRow>(
    `SELECT e.id, e.kind, e.date, e.amount_cents AS "amountCents", c.name AS category, e.description,
            i.name AS investor, p.name AS property,
            to_char(e.voided_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "voidedAt",
            vu.username AS "voidedBy", e.void_reason AS "voidReason"
       FROM ledger_entry e
       LEFT JOIN category c ON c.id = e.category_id
       LEFT JOIN investor i ON i.id = e.investor_id
       LEFT JOIN property p ON p.id = e.property_id
       LEFT JOIN portal_user vu ON vu.id = e.voided_by
      WHERE e.kind = ANY($1::text[])
        AND ($2::int IS NULL OR e.property_id = $2)
        AND ($3::int IS NULL OR e.llc_id = $3)
        AND ($4::int IS NULL OR e.investor_id = $4)
        AND ($5 OR e.voided_at IS NULL)
        AND ($6::date IS NULL OR e.date <= $6)
      ORDER BY e.date DESC, e.id DESC`,
    [f.kinds, f.propertyId ?? null, f.llcId ?? null, f.investorId ?? null, f.includeVoided, f.asOf ?? null],
  );
}

/** The whole row, locked for the void that follows (two voids of one row take turns). */
export async function findEntryForUpdate(db: Queryable, id: number): Promise<(LedgerEntry & { voidedAt: string | null; linkedEntryId: number | null }) | undefined> {
  const [row] = await db.query<LedgerEntry & { voidedAt: string | null; linkedEntryId: number | null }>(
    `SELECT ${COLUMNS}, voided_at AS "voidedAt", linked_entry_id AS "linkedEntryId" FROM ledger_entry WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return row;
}

/** The rows of `ids`, locked, as findEntryForUpdate answers each (a batch void: a bank import's undo). */
export async function findEntriesForUpdate(db: Queryable, ids: readonly number[]): Promise<(LedgerEntry & { voidedAt: string | null; linkedEntryId: number | null })[]> {
  return db.query<LedgerEntry & { voidedAt: string | null; linkedEntryId: number | null }>(
    `SELECT ${COLUMNS}, voided_at AS "voidedAt", linked_entry_id AS "linkedEntryId" FROM ledger_entry WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE`,
    [ids],
  );
}

/** findLinkedIds for many rows in one statement: each row's id with the live rows tied to it. */
export async function findLinkedIdsOfMany(db: Queryable, rows: readonly { id: number; linkedEntryId: number | null }[]): Promise<Map<number, number[]>> {
  const found = await db.query<{ id: number; linkedEntryId: number | null }>(
    `SELECT id, linked_entry_id AS "linkedEntryId" FROM ledger_entry
      WHERE voided_at IS NULL AND (linked_entry_id = ANY($1::bigint[]) OR id = ANY($2::bigint[])) FOR UPDATE`,
    [rows.map((r) => r.id), rows.flatMap((r) => (r.linkedEntryId === null ? [] : [r.linkedEntryId]))],
  );
  return new Map(rows.map((r) => [r.id, found.filter((f) => f.linkedEntryId === r.id || f.id === r.linkedEntryId).map((f) => f.id)]));
}

/** markVoid for many rows in one statement. */
export async function markVoids(db: Queryable, ids: readonly number[], v: { at: Date; by: number; reason: string }): Promise<void> {
  await db.query(
    'UPDATE ledger_entry SET voided_at = $2, voided_by = $3, void_reason = $4 WHERE id = ANY($1::bigint[]) AND voided_at IS NULL',
    [ids, v.at.toISOString(), v.by, v.reason],
  );
}

/** Rows tied to this one either way (a retained deposit and its income row): voided together. */
export async function findLinkedIds(db: Queryable, id: number, linkedEntryId: number | null): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `SELECT id FROM ledger_entry WHERE voided_at IS NULL AND (linked_entry_id = $1 OR id = $2) FOR UPDATE`,
    [id, linkedEntryId],
  );
  return rows.map((r) => r.id).filter((x) => x !== id);
}

export async function markVoid(db: Queryable, id: number, v: { at: Date; by: number; reason: string }): Promise<void> {
  await db.query(
    'UPDATE ledger_entry SET voided_at = $2, voided_by = $3, void_reason = $4 WHERE id = $1 AND voided_at IS NULL',
    [id, v.at.toISOString(), v.by, v.reason],
  );
}

/** An entry with the names its form chose, and who recorded and voided it (a form's receipts, a correction's form). */
export type EntryListRow = {
  id: number;
  kind: LedgerKind;
  date: string;
  forMonth: string;
  periodStart: string | null;
  periodEnd: string | null;
  amountCents: number;
  property: string | null;
  llc: string | null;
  investor: string | null;
  category: string | null;
  loren: string | null;
  payer: string | null;
  description: string | null;
  recordedAt: string;
  recordedBy: string | null;
  voidedAt: string | null;
  voidedBy: string | null;
  voidReason: string | null;
};

/**
 * The names an entry refers to, joined to ledger_entry e: its property p, its LLC l (its own, an LLC
 * expense, or its property's), investor i, category c, and who voided it vu. One text, so the list of
 * entries and the ledger export name an entry alike.
 */
export const ENTRY_NAMES = `LEFT JOIN property p ON p.id = e.property_id
       LEFT JOIN llc l ON l.id = coalesce(e.llc_id, p.llc_id)
       LEFT JOIN investor i ON i.id = e.investor_id
       LEFT JOIN category c ON c.id = e.category_id
       LEFT JOIN portal_user vu ON vu.id = e.voided_by`;

/**
 * Entries newest recorded first: of some kinds, one by id, of one property, of one category (by name),
 * voided ones too if asked, at most `limit`. An entry's LLC is its own (an LLC expense) or its property's.
 */
export async function listEntries(
  db: Queryable,
  f: { kinds?: LedgerKind[]; id?: number; propertyId?: number; category?: string; includeVoided: boolean; limit: number },
): Promise<EntryListRow[]> {
  return db.query<EntryListRow>(
    `SELECT e.id, e.kind, e.date, to_char(e.for_month, 'YYYY-MM') AS "forMonth", e.period_start AS "periodStart",
            e.period_end AS "periodEnd", e.amount_cents AS "amountCents", p.name AS property, l.name AS llc,
            i.name AS investor, c.name AS category, lo.name AS loren, e.payer, e.description,
            to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "recordedAt", cu.username AS "recordedBy",
            to_char(e.voided_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "voidedAt",
            vu.username AS "voidedBy", e.void_reason AS "voidReason"
       FROM ledger_entry e
       ${ENTRY_NAMES}
       LEFT JOIN loren lo ON lo.id = e.loren_id
       LEFT JOIN portal_user cu ON cu.id = e.created_by
      WHERE ($1::text[] IS NULL OR e.kind = ANY($1::text[]))
        AND ($2::bigint IS NULL OR e.id = $2)
        AND ($3::int IS NULL OR e.property_id = $3)
        AND ($4::text IS NULL OR name_key(c.name) = name_key($4))
        AND ($5 OR e.voided_at IS NULL)
      ORDER BY e.id DESC
      LIMIT $6`,
    [f.kinds ?? null, f.id ?? null, f.propertyId ?? null, f.category ?? null, f.includeVoided, f.limit],
  );
}
