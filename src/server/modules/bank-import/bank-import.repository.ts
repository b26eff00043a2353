import type { Queryable } from '../../db/client.js';
import { sqlKinds } from '../../domain/ledger-kinds.js';
import type { ParsedStatement, StatementFormat, StatementLine } from './bank-import-types.js';
import type { CandidateEntry } from './possible-duplicates.js';

/** Statement imports and their lines (migration 0025): SQL only. */

export type ImportState = 'previewed' | 'committed' | 'undone';

export type ImportRow = {
  id: number; llcId: number; llcName: string; closedThrough: string | null; bankAccountId: number | null; bankAccount: string | null;
  accountKey: string; fileName: string; fileSha256: string; format: StatementFormat; state: ImportState;
  notTransactions: number; csvSample: ParsedStatement['csv'];
};

export type ImportLineRow = StatementLine & { identity: string; decided: 'taken' | 'skipped' | null; entryId: number | null; live: boolean };

export type NewImport = {
  llcId: number; bankAccountId: number | null; accountKey: string; fileName: string; fileSha256: string; format: StatementFormat;
  uploadedBy: number; at: Date; notTransactions: number; csvSample: ParsedStatement['csv'];
};

export async function insertImport(tx: Queryable, i: NewImport): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO bank_import (llc_id, bank_account_id, account_key, file_name, file_sha256, format, state, uploaded_by, uploaded_at,
       not_transactions, csv_sample)
     VALUES ($1, $2, $3, $4, $5, $6, 'previewed', $7, $8, $9, $10::jsonb) RETURNING id`,
    [i.llcId, i.bankAccountId, i.accountKey, i.fileName, i.fileSha256, i.format, i.uploadedBy, i.at, i.notTransactions,
      i.csvSample ? JSON.stringify(i.csvSample) : null],
  );
  return row!.id;
}

/** Rows per statement: a chunk's arrays stay well below any message limit, and 10,000 lines are five statements. */
const CHUNK = 2_000;
const chunks = <T>(items: readonly T[]): T[][] =>
  Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));

export async function insertLines(tx: Queryable, importId: number, lines: readonly (StatementLine & { identity: string })[]): Promise<void> {
  for (const part of chunks(lines)) {
    await tx.query(
      `INSERT INTO bank_import_line (import_id, line_no, date, amount_cents, payee, memo, reference, identity)
       SELECT $1, * FROM unnest($2::int[], $3::date[], $4::bigint[], $5::text[], $6::text[], $7::text[], $8::text[])`,
      [importId, part.map((l) => l.line), part.map((l) => l.date), part.map((l) => l.amountCents), part.map((l) => l.payee),
        part.map((l) => l.memo), part.map((l) => l.reference), part.map((l) => l.identity)],
    );
  }
}

const IMPORT_COLUMNS = `b.id, b.llc_id AS "llcId", l.name AS "llcName", l.closed_through AS "closedThrough",
  b.bank_account_id AS "bankAccountId", a.name AS "bankAccount", b.account_key AS "accountKey", b.file_name AS "fileName",
  b.file_sha256 AS "fileSha256", b.format, b.state, b.not_transactions AS "notTransactions", b.csv_sample AS "csvSample"`;
const IMPORT_FROM = 'bank_import b JOIN llc l ON l.id = b.llc_id LEFT JOIN llc_bank_account a ON a.id = b.bank_account_id';

export async function findImport(db: Queryable, id: number): Promise<ImportRow | null> {
  const [row] = await db.query<ImportRow>(`SELECT ${IMPORT_COLUMNS} FROM ${IMPORT_FROM} WHERE b.id = $1`, [id]);
  return row ?? null;
}

/** The import, its row locked: a commit and an undo of one import take turns. */
export async function lockImport(tx: Queryable, id: number): Promise<ImportRow | null> {
  const [row] = await tx.query<ImportRow>(`SELECT ${IMPORT_COLUMNS} FROM ${IMPORT_FROM} WHERE b.id = $1 FOR UPDATE OF b`, [id]);
  return row ?? null;
}

export async function linesOf(db: Queryable, importId: number): Promise<ImportLineRow[]> {
  return db.query<ImportLineRow>(
    `SELECT line_no AS line, date, amount_cents AS "amountCents", payee, memo, reference, identity, decided, entry_id AS "entryId", live
       FROM bank_import_line WHERE import_id = $1 ORDER BY line_no`,
    [importId],
  );
}

export type ImportedElsewhere = { line: number; importId: number; decided: 'taken' | 'skipped'; committedOn: string };

/** The lines of the import whose identity is live in another import (the unique index's partial key). */
export async function importedElsewhere(db: Queryable, importId: number): Promise<ImportedElsewhere[]> {
  return db.query<ImportedElsewhere>(
    `SELECT l.line_no AS line, o.import_id AS "importId", o.decided, (b.committed_at AT TIME ZONE 'UTC')::date AS "committedOn"
       FROM bank_import_line l
       JOIN bank_import_line o ON o.identity = l.identity AND o.live AND o.import_id <> l.import_id
       JOIN bank_import b ON b.id = o.import_id
      WHERE l.import_id = $1`,
    [importId],
  );
}

/**
 * The LLC's live entries an import's lines may duplicate: of the amounts given, dated from four days before
 * the first line to one day after the last, and not themselves recorded by a live import line. Cash
 * withdrawals are left out: they belong to an investor, not to the LLC whose account paid them.
 */
export async function duplicateCandidates(
  db: Queryable,
  f: { llcId: number; importId: number; from: string; to: string; amounts: number[] },
): Promise<CandidateEntry[]> {
  return db.query<CandidateEntry>(
    `SELECT e.id, e.kind, e.date, e.amount_cents AS "amountCents", e.payer, e.description
       FROM ledger_entry e LEFT JOIN property p ON p.id = e.property_id
      WHERE e.voided_at IS NULL AND e.kind NOT IN ${sqlKinds(['cash_withdrawal'])}
        AND coalesce(e.llc_id, p.llc_id) = $1
        AND e.date BETWEEN $2::date - 4 AND $3::date + 1
        AND e.amount_cents = ANY($4::bigint[])
        AND NOT EXISTS (SELECT 1 FROM bank_import_line bl WHERE bl.entry_id = e.id AND bl.import_id = $5)
      ORDER BY e.date, e.id`,
    [f.llcId, f.from, f.to, f.amounts, f.importId],
  );
}

/** The income category named Rent, as the books spell it, or null. */
export async function rentCategory(db: Queryable): Promise<string | null> {
  const [row] = await db.query<{ name: string }>("SELECT name FROM category WHERE scope = 'income' AND lower(name) = 'rent'");
  return row?.name ?? null;
}

/** live: false for a skipped line already live in another import (that import answers for it). */
export type LineDecision = { line: number; decided: 'taken' | 'skipped'; entryId: number | null; live: boolean };

/** Marks the lines decided, a chunk per statement. */
export async function decideLines(tx: Queryable, importId: number, decisions: readonly LineDecision[]): Promise<void> {
  for (const part of chunks(decisions)) {
    await tx.query(
      `UPDATE bank_import_line l SET decided = v.decided, entry_id = v.entry_id, live = v.live
         FROM unnest($2::int[], $3::text[], $4::bigint[], $5::boolean[]) AS v(line_no, decided, entry_id, live)
        WHERE l.import_id = $1 AND l.line_no = v.line_no`,
      [importId, part.map((d) => d.line), part.map((d) => d.decided), part.map((d) => d.entryId), part.map((d) => d.live)],
    );
  }
}

export async function markCommitted(tx: Queryable, id: number, c: { by: number; at: Date; taken: number; skipped: number }): Promise<void> {
  await tx.query(
    `UPDATE bank_import SET state = 'committed', committed_by = $2, committed_at = $3, lines_taken = $4, lines_skipped = $5 WHERE id = $1`,
    [id, c.by, c.at, c.taken, c.skipped],
  );
}

export async function markUndone(tx: Queryable, id: number, u: { by: number; at: Date }): Promise<void> {
  await tx.query(`UPDATE bank_import SET state = 'undone', undone_by = $2, undone_at = $3 WHERE id = $1`, [id, u.by, u.at]);
  await tx.query('UPDATE bank_import_line SET live = false WHERE import_id = $1', [id]);
}

/** The live entries the import recorded, in line order (ids only: the void locks and reads each). */
export async function liveEntriesOf(tx: Queryable, importId: number): Promise<number[]> {
  const rows = await tx.query<{ id: number }>(
    `SELECT e.id FROM bank_import_line l JOIN ledger_entry e ON e.id = l.entry_id
      WHERE l.import_id = $1 AND e.voided_at IS NULL ORDER BY l.line_no`,
    [importId],
  );
  return rows.map((r) => r.id);
}

export type ImportListRow = {
  import_id: number; file_name: string; file_sha256: string; format: StatementFormat; bank_account: string | null; state: ImportState;
  lines: number; uploaded_by: string; uploaded_at: Date; committed_by: string | null; committed_at: Date | null;
  lines_taken: number | null; lines_skipped: number | null; undone_by: string | null; undone_at: Date | null;
};

export async function importsOfLlc(db: Queryable, llcId: number): Promise<ImportListRow[]> {
  return db.query<ImportListRow>(
    `SELECT b.id AS import_id, b.file_name, b.file_sha256, b.format, a.name AS bank_account, b.state,
            (SELECT count(*)::int FROM bank_import_line bl WHERE bl.import_id = b.id) AS lines,
            uu.username AS uploaded_by, b.uploaded_at, cu.username AS committed_by, b.committed_at,
            b.lines_taken, b.lines_skipped, du.username AS undone_by, b.undone_at
       FROM bank_import b
       LEFT JOIN llc_bank_account a ON a.id = b.bank_account_id
       JOIN portal_user uu ON uu.id = b.uploaded_by
       LEFT JOIN portal_user cu ON cu.id = b.committed_by
       LEFT JOIN portal_user du ON du.id = b.undone_by
      WHERE b.llc_id = $1 ORDER BY b.uploaded_at DESC, b.id DESC`,
    [llcId],
  );
}
