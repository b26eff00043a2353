import type { Queryable } from '../../db/client.js';
import { KINDS, sqlKinds } from '../../domain/ledger-kinds.js';
import type { DocumentKind } from '../../../contract/schemas/documents.js';

/** A document with its current (highest) version. */
export type DocumentRow = {
  id: number;
  title: string;
  kind: DocumentKind;
  taxYear: number | null;
  investorId: number | null;
  llcId: number | null;
  investorName: string | null;
  llcName: string | null;
  createdAt: Date;
  createdBy: string | null;
  withdrawnAt: Date | null;
  withdrawnBy: string | null;
  withdrawnReason: string | null;
  version: number;
  versionId: number;
  fileId: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  uploadedAt: Date;
};

export type VersionRow = {
  documentId: number;
  versionId: number;
  version: number;
  fileId: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  sha256: string;
  uploadedAt: Date;
  uploadedBy: string | null;
};

const DOCUMENT_COLUMNS = `d.id, d.title, d.kind, d.tax_year AS "taxYear", d.investor_id AS "investorId", d.llc_id AS "llcId",
  i.name AS "investorName", l.name AS "llcName", d.created_at AS "createdAt", cu.username AS "createdBy",
  d.withdrawn_at AS "withdrawnAt", wu.username AS "withdrawnBy", d.withdrawn_reason AS "withdrawnReason",
  v.version, v.id AS "versionId", v.file_id AS "fileId", v.file_name AS "fileName", v.content_type AS "contentType",
  v.size_bytes AS "sizeBytes", v.created_at AS "uploadedAt"`;

/** Each document joined to its current version and the names it refers to. */
const DOCUMENTS_FROM = `document d
  JOIN LATERAL (SELECT * FROM document_version dv WHERE dv.document_id = d.id ORDER BY dv.version DESC LIMIT 1) v ON true
  LEFT JOIN investor i ON i.id = d.investor_id
  LEFT JOIN llc l ON l.id = d.llc_id
  LEFT JOIN portal_user cu ON cu.id = d.created_by
  LEFT JOIN portal_user wu ON wu.id = d.withdrawn_by`;

/**
 * SQL: document `d` is for investor `param`: theirs, for an LLC they are a member of (capital or their own
 * expenses in one of its properties, as the LLC's books weigh them), or for every investor.
 */
const FOR_INVESTOR = (param: string) => `(d.investor_id = ${param}
  OR (d.investor_id IS NULL AND d.llc_id IS NULL)
  OR d.llc_id IN (SELECT p.llc_id FROM ledger_entry e JOIN property p ON p.id = e.property_id
                   WHERE e.investor_id = ${param} AND e.voided_at IS NULL AND e.kind IN ${sqlKinds(KINDS.investorInProperty)}))`;

/** The investors document `documentId` is for, by the rule of FOR_INVESTOR: who is told when it is published. */
export async function audienceOf(tx: Queryable, documentId: number): Promise<number[]> {
  const rows = await tx.query<{ id: number }>(
    `SELECT i.id FROM investor i, document d WHERE d.id = $1 AND ${FOR_INVESTOR('i.id')} ORDER BY i.id`,
    [documentId],
  );
  return rows.map((r) => r.id);
}

export async function insertDocument(
  tx: Queryable,
  d: { title: string; kind: DocumentKind; taxYear: number | null; investorId: number | null; llcId: number | null; createdBy: number | null; at: Date },
): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO document (title, kind, tax_year, investor_id, llc_id, created_by, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [d.title, d.kind, d.taxYear, d.investorId, d.llcId, d.createdBy, d.at],
  );
  return row!.id;
}

export async function insertVersion(
  tx: Queryable,
  v: { documentId: number; version: number; fileId: string; fileName: string; contentType: string; sizeBytes: number; sha256: string; createdBy: number | null; at: Date },
): Promise<void> {
  await tx.query(
    `INSERT INTO document_version (document_id, version, file_id, file_name, content_type, size_bytes, sha256, created_by, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [v.documentId, v.version, v.fileId, v.fileName, v.contentType, v.sizeBytes, v.sha256, v.createdBy, v.at],
  );
}

/** A document and its current version, locked for a change (replace, withdraw). */
export async function lockDocument(tx: Queryable, id: number): Promise<DocumentRow | undefined> {
  await tx.query('SELECT id FROM document WHERE id = $1 FOR UPDATE', [id]);
  return findDocument(tx, id);
}

export async function findDocument(db: Queryable, id: number): Promise<DocumentRow | undefined> {
  const [row] = await db.query<DocumentRow>(`SELECT ${DOCUMENT_COLUMNS} FROM ${DOCUMENTS_FROM} WHERE d.id = $1`, [id]);
  return row;
}

/** Documents by id, each with its current version: one query for a list of them. */
export async function findDocuments(db: Queryable, ids: readonly number[]): Promise<Map<number, DocumentRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.query<DocumentRow>(`SELECT ${DOCUMENT_COLUMNS} FROM ${DOCUMENTS_FROM} WHERE d.id = ANY($1::int[])`, [[...ids]]);
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * When each investor first downloaded the current version of each of these documents: a map keyed by
 * `${documentId}:${investorId}`.
 */
export async function firstDownloadsOfCurrent(db: Queryable, documentIds: readonly number[]): Promise<Map<string, Date>> {
  if (documentIds.length === 0) return new Map();
  const rows = await db.query<{ documentId: number; investorId: number; at: Date }>(
    `SELECT dl.document_id AS "documentId", dl.investor_id AS "investorId", min(dl.downloaded_at) AS at
       FROM document_download dl
      WHERE dl.document_id = ANY($1::int[]) AND dl.investor_id IS NOT NULL
        AND dl.version_id = (SELECT v.id FROM document_version v WHERE v.document_id = dl.document_id ORDER BY v.version DESC LIMIT 1)
      GROUP BY dl.document_id, dl.investor_id`,
    [[...documentIds]],
  );
  return new Map(rows.map((r) => [`${r.documentId}:${r.investorId}`, r.at]));
}

/** Whether a live document is for this investor. */
export async function isForInvestor(db: Queryable, documentId: number, investorId: number): Promise<boolean> {
  const rows = await db.query(`SELECT 1 FROM document d WHERE d.id = $1 AND d.withdrawn_at IS NULL AND ${FOR_INVESTOR('$2')}`, [documentId, investorId]);
  return rows.length > 0;
}

/** An investor's live documents, newest upload first, optionally of one kind and tax year. */
export async function documentsForInvestor(
  db: Queryable,
  investorId: number,
  filter: { kind?: DocumentKind; taxYear?: number },
): Promise<DocumentRow[]> {
  return db.query<DocumentRow>(
    `SELECT ${DOCUMENT_COLUMNS} FROM ${DOCUMENTS_FROM}
      WHERE d.withdrawn_at IS NULL AND ${FOR_INVESTOR('$1')}
        AND ($2::text IS NULL OR d.kind = $2) AND ($3::int IS NULL OR d.tax_year = $3)
      ORDER BY v.created_at DESC, d.id DESC`,
    [investorId, filter.kind ?? null, filter.taxYear ?? null],
  );
}

export async function allDocuments(db: Queryable): Promise<DocumentRow[]> {
  return db.query<DocumentRow>(`SELECT ${DOCUMENT_COLUMNS} FROM ${DOCUMENTS_FROM} ORDER BY d.created_at DESC, d.id DESC`);
}

export async function allVersions(db: Queryable): Promise<VersionRow[]> {
  return db.query<VersionRow>(
    `SELECT v.document_id AS "documentId", v.id AS "versionId", v.version, v.file_id AS "fileId", v.file_name AS "fileName",
            v.content_type AS "contentType", v.size_bytes AS "sizeBytes", v.sha256, v.created_at AS "uploadedAt", u.username AS "uploadedBy"
       FROM document_version v LEFT JOIN portal_user u ON u.id = v.created_by
      ORDER BY v.document_id, v.version DESC`,
  );
}

export async function findVersion(db: Queryable, documentId: number, version: number): Promise<VersionRow | undefined> {
  const [row] = await db.query<VersionRow>(
    `SELECT v.document_id AS "documentId", v.id AS "versionId", v.version, v.file_id AS "fileId", v.file_name AS "fileName",
            v.content_type AS "contentType", v.size_bytes AS "sizeBytes", v.sha256, v.created_at AS "uploadedAt", NULL AS "uploadedBy"
       FROM document_version v WHERE v.document_id = $1 AND v.version = $2`,
    [documentId, version],
  );
  return row;
}

export async function downloadCounts(db: Queryable): Promise<Map<number, number>> {
  const rows = await db.query<{ id: number; n: number }>('SELECT document_id AS id, count(*)::int AS n FROM document_download GROUP BY document_id');
  return new Map(rows.map((r) => [r.id, r.n]));
}

export async function setWithdrawn(tx: Queryable, id: number, w: { at: Date; by: number | null; reason: string }): Promise<void> {
  await tx.query('UPDATE document SET withdrawn_at = $2, withdrawn_by = $3, withdrawn_reason = $4 WHERE id = $1', [id, w.at, w.by, w.reason]);
}

export async function insertDownload(
  db: Queryable,
  d: { documentId: number; versionId: number; userId: number; investorId: number | null; at: Date },
): Promise<void> {
  await db.query(
    'INSERT INTO document_download (document_id, version_id, user_id, investor_id, downloaded_at) VALUES ($1, $2, $3, $4, $5)',
    [d.documentId, d.versionId, d.userId, d.investorId, d.at],
  );
}

export type DownloadRow = { username: string; investorName: string | null; version: number; downloadedAt: Date };

export async function downloadsOf(db: Queryable, documentId: number): Promise<DownloadRow[]> {
  return db.query<DownloadRow>(
    `SELECT u.username, i.name AS "investorName", v.version, dl.downloaded_at AS "downloadedAt"
       FROM document_download dl
       JOIN portal_user u ON u.id = dl.user_id
       JOIN document_version v ON v.id = dl.version_id
       LEFT JOIN investor i ON i.id = dl.investor_id
      WHERE dl.document_id = $1
      ORDER BY dl.downloaded_at DESC, dl.id DESC`,
    [documentId],
  );
}
