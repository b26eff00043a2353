import type { Queryable } from '../../db/client.js';
import { KINDS, sqlKinds } from '../../domain/ledger-kinds.js';

export type BatchStatus = 'draft' | 'published' | 'discarded';

export type BatchRow = {
  id: number; llcId: number; llcName: string; taxYear: number; status: BatchStatus;
  createdAt: Date; createdBy: string | null; files: number;
};

export type BatchFileRow = {
  id: number; fileName: string; fileId: string | null; sizeBytes: number; sha256: string;
  investorId: number | null; investorName: string | null; matchedBy: 'tax_id' | 'name' | null; candidates: string[];
};

export type MemberRow = { id: number; name: string; sealed: Buffer | null; last4: string | null };

/**
 * The LLC's members in the tax year: investors with capital or their own expenses in one of its properties
 * (the membership the document vault and the LLC's books use), counting the entries dated by the year's
 * end only, so an investor who came in after the year has no K-1 of it to receive.
 */
export async function membersOf(db: Queryable, llcId: number, taxYear: number): Promise<MemberRow[]> {
  return db.query<MemberRow>(
    `SELECT i.id, i.name, i.tax_id_sealed AS sealed, i.tax_id_last4 AS last4
       FROM investor i
      WHERE i.id IN (SELECT e.investor_id FROM ledger_entry e JOIN property p ON p.id = e.property_id
                      WHERE p.llc_id = $1 AND e.voided_at IS NULL AND e.date <= $2 AND e.kind IN ${sqlKinds(KINDS.investorInProperty)})
      ORDER BY i.name, i.id`,
    [llcId, `${taxYear}-12-31`],
  );
}

export async function insertBatch(tx: Queryable, b: { llcId: number; taxYear: number; createdBy: number | null; at: Date }): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    'INSERT INTO k1_batch (llc_id, tax_year, created_by, created_at) VALUES ($1, $2, $3, $4) RETURNING id',
    [b.llcId, b.taxYear, b.createdBy, b.at],
  );
  return row!.id;
}

export async function insertBatchFile(
  tx: Queryable,
  f: { batchId: number; seq: number; fileName: string; fileId: string; sizeBytes: number; sha256: string; investorId: number | null; matchedBy: string | null; candidates: number[] },
): Promise<void> {
  await tx.query(
    `INSERT INTO k1_batch_file (batch_id, seq, file_name, file_id, size_bytes, sha256, investor_id, matched_by, candidates)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::int[])`,
    [f.batchId, f.seq, f.fileName, f.fileId, f.sizeBytes, f.sha256, f.investorId, f.matchedBy, f.candidates],
  );
}

const BATCH_COLUMNS = `b.id, b.llc_id AS "llcId", l.name AS "llcName", b.tax_year AS "taxYear", b.status, b.created_at AS "createdAt",
  u.username AS "createdBy", (SELECT count(*)::int FROM k1_batch_file f WHERE f.batch_id = b.id) AS files`;
const BATCH_FROM = 'k1_batch b JOIN llc l ON l.id = b.llc_id LEFT JOIN portal_user u ON u.id = b.created_by';

export async function findBatch(db: Queryable, id: number): Promise<BatchRow | undefined> {
  const [row] = await db.query<BatchRow>(`SELECT ${BATCH_COLUMNS} FROM ${BATCH_FROM} WHERE b.id = $1`, [id]);
  return row;
}

/** The batch, its row locked: a publish and a discard of it wait for each other. */
export async function lockBatch(tx: Queryable, id: number): Promise<BatchRow | undefined> {
  await tx.query('SELECT id FROM k1_batch WHERE id = $1 FOR UPDATE', [id]);
  return findBatch(tx, id);
}

export async function batchesOf(db: Queryable, llcId: number, taxYear: number): Promise<BatchRow[]> {
  return db.query<BatchRow>(`SELECT ${BATCH_COLUMNS} FROM ${BATCH_FROM} WHERE b.llc_id = $1 AND b.tax_year = $2 ORDER BY b.created_at DESC, b.id DESC`, [llcId, taxYear]);
}

export async function batchFiles(db: Queryable, batchId: number): Promise<BatchFileRow[]> {
  return db.query<BatchFileRow>(
    `SELECT f.id, f.file_name AS "fileName", f.file_id AS "fileId", f.size_bytes AS "sizeBytes", f.sha256, f.investor_id AS "investorId",
            i.name AS "investorName", f.matched_by AS "matchedBy",
            ARRAY(SELECT c.name FROM investor c WHERE c.id = ANY (f.candidates) ORDER BY c.name) AS candidates
       FROM k1_batch_file f LEFT JOIN investor i ON i.id = f.investor_id
      WHERE f.batch_id = $1 ORDER BY f.seq`,
    [batchId],
  );
}

export async function closeBatch(tx: Queryable, id: number, c: { status: 'published' | 'discarded'; by: number | null; at: Date }): Promise<void> {
  await tx.query('UPDATE k1_batch SET status = $2, closed_by = $3, closed_at = $4 WHERE id = $1', [id, c.status, c.by, c.at]);
}

/** Lets go of a batch file's bytes: the row keeps its name and size, the store forgets the file after the commit. */
export async function dropFile(tx: Queryable, fileRowId: number): Promise<void> {
  await tx.query('UPDATE k1_batch_file SET file_id = NULL WHERE id = $1', [fileRowId]);
}

/** The member's K-1 document of the LLC and year, if one was published. */
export async function findK1Document(tx: Queryable, k: { llcId: number; investorId: number; taxYear: number }): Promise<number | undefined> {
  const [row] = await tx.query<{ documentId: number }>(
    'SELECT document_id AS "documentId" FROM k1_document WHERE llc_id = $1 AND investor_id = $2 AND tax_year = $3',
    [k.llcId, k.investorId, k.taxYear],
  );
  return row?.documentId;
}

export async function saveK1Document(tx: Queryable, k: { llcId: number; investorId: number; taxYear: number; documentId: number }): Promise<void> {
  await tx.query(
    `INSERT INTO k1_document (llc_id, investor_id, tax_year, document_id) VALUES ($1, $2, $3, $4)
     ON CONFLICT (llc_id, investor_id, tax_year) DO UPDATE SET document_id = EXCLUDED.document_id`,
    [k.llcId, k.investorId, k.taxYear, k.documentId],
  );
}

/** The K-1 documents of an LLC's year, by investor. */
export async function k1DocumentsOf(db: Queryable, llcId: number, taxYear: number): Promise<Map<number, number>> {
  const rows = await db.query<{ investorId: number; documentId: number }>(
    'SELECT investor_id AS "investorId", document_id AS "documentId" FROM k1_document WHERE llc_id = $1 AND tax_year = $2',
    [llcId, taxYear],
  );
  return new Map(rows.map((r) => [r.investorId, r.documentId]));
}
