import type { Queryable } from '../../db/client.js';
import { KINDS, sqlKinds } from '../../domain/ledger-kinds.js';

export type UpdateAudienceKind = 'everyone' | 'llc' | 'investors';

export type UpdateRow = {
  id: number;
  title: string;
  body: string;
  audience: UpdateAudienceKind;
  llcName: string | null;
  createdAt: Date;
  createdBy: string | null;
  withdrawnAt: Date | null;
  withdrawnBy: string | null;
};

const UPDATE_COLUMNS = `u.id, u.title, u.body, u.audience, l.name AS "llcName", u.created_at AS "createdAt",
  cu.username AS "createdBy", u.withdrawn_at AS "withdrawnAt", wu.username AS "withdrawnBy"`;

const UPDATES_FROM = `investor_update u
  LEFT JOIN llc l ON l.id = u.llc_id
  LEFT JOIN portal_user cu ON cu.id = u.created_by
  LEFT JOIN portal_user wu ON wu.id = u.withdrawn_by`;

/**
 * SQL: the LLCs investor `param` is a member of: capital or their own expenses in one of its properties, as
 * the LLC's books weigh them (the membership the document vault uses too).
 */
const MEMBER_LLCS = (param: string) => `(SELECT p.llc_id FROM ledger_entry e JOIN property p ON p.id = e.property_id
  WHERE e.investor_id = ${param} AND e.voided_at IS NULL AND e.kind IN ${sqlKinds(KINDS.investorInProperty)})`;

/** SQL: update `u` is for investor `param`: everyone's, an LLC's they are a member of, or one naming them. */
const FOR_INVESTOR = (param: string) => `(u.audience = 'everyone'
  OR (u.audience = 'llc' AND u.llc_id IN ${MEMBER_LLCS(param)})
  OR (u.audience = 'investors' AND EXISTS (SELECT 1 FROM investor_update_recipient r WHERE r.update_id = u.id AND r.investor_id = ${param})))`;

/** SQL: document `d` is live and investor `param` may open it: theirs, their LLC's, or every investor's. */
const DOCUMENT_FOR_INVESTOR = (param: string) => `(d.withdrawn_at IS NULL AND (d.investor_id = ${param}
  OR (d.investor_id IS NULL AND d.llc_id IS NULL) OR d.llc_id IN ${MEMBER_LLCS(param)}))`;

export async function insertUpdate(
  tx: Queryable,
  u: { title: string; body: string; audience: UpdateAudienceKind; llcId: number | null; createdBy: number | null; at: Date },
): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO investor_update (title, body, audience, llc_id, created_by, created_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [u.title, u.body, u.audience, u.llcId, u.createdBy, u.at],
  );
  return row!.id;
}

export async function insertRecipient(tx: Queryable, updateId: number, investorId: number): Promise<void> {
  await tx.query('INSERT INTO investor_update_recipient (update_id, investor_id) VALUES ($1, $2)', [updateId, investorId]);
}

export async function insertAttachment(tx: Queryable, updateId: number, documentId: number, position: number): Promise<void> {
  await tx.query('INSERT INTO investor_update_attachment (update_id, document_id, position) VALUES ($1, $2, $3)', [updateId, documentId, position]);
}

/** The investors update `updateId` is for, by the rule of FOR_INVESTOR: who is told when it is posted. */
export async function updateAudienceOf(tx: Queryable, updateId: number): Promise<number[]> {
  const rows = await tx.query<{ id: number }>(
    `SELECT i.id FROM investor i, investor_update u WHERE u.id = $1 AND ${FOR_INVESTOR('i.id')} ORDER BY i.id`,
    [updateId],
  );
  return rows.map((r) => r.id);
}

/** A live document's id and title, or nothing (missing or withdrawn). */
export async function liveDocument(tx: Queryable, id: number): Promise<{ id: number; title: string } | undefined> {
  const [row] = await tx.query<{ id: number; title: string }>('SELECT id, title FROM document WHERE id = $1 AND withdrawn_at IS NULL', [id]);
  return row;
}

export async function lockUpdate(tx: Queryable, id: number): Promise<UpdateRow | undefined> {
  await tx.query('SELECT id FROM investor_update WHERE id = $1 FOR UPDATE', [id]);
  const [row] = await tx.query<UpdateRow>(`SELECT ${UPDATE_COLUMNS} FROM ${UPDATES_FROM} WHERE u.id = $1`, [id]);
  return row;
}

export async function setUpdateWithdrawn(tx: Queryable, id: number, w: { at: Date; by: number | null }): Promise<void> {
  await tx.query('UPDATE investor_update SET withdrawn_at = $2, withdrawn_by = $3 WHERE id = $1', [id, w.at, w.by]);
}

/** The live updates for investor `investorId`, newest first. */
export async function updatesForInvestor(db: Queryable, investorId: number): Promise<UpdateRow[]> {
  return db.query<UpdateRow>(
    `SELECT ${UPDATE_COLUMNS} FROM ${UPDATES_FROM} WHERE u.withdrawn_at IS NULL AND ${FOR_INVESTOR('$1')} ORDER BY u.created_at DESC, u.id DESC`,
    [investorId],
  );
}

export async function allUpdates(db: Queryable): Promise<UpdateRow[]> {
  return db.query<UpdateRow>(`SELECT ${UPDATE_COLUMNS} FROM ${UPDATES_FROM} ORDER BY u.created_at DESC, u.id DESC`);
}

export type AttachmentRow = { updateId: number; documentId: number; title: string; withdrawn: boolean };

/** The attachments of the updates `ids`, in the order the admin gave them. */
export async function attachmentsOf(db: Queryable, ids: number[]): Promise<AttachmentRow[]> {
  if (ids.length === 0) return [];
  return db.query<AttachmentRow>(
    `SELECT a.update_id AS "updateId", d.id AS "documentId", d.title, d.withdrawn_at IS NOT NULL AS withdrawn
     FROM investor_update_attachment a JOIN document d ON d.id = a.document_id
     WHERE a.update_id = ANY($1::int[]) ORDER BY a.update_id, a.position`,
    [ids],
  );
}

/**
 * The attachments of the updates `ids` that investor `investorId` may open, in the order the admin gave
 * them: a link the page shows always downloads.
 */
export async function attachmentsFor(db: Queryable, ids: number[], investorId: number): Promise<AttachmentRow[]> {
  if (ids.length === 0) return [];
  return db.query<AttachmentRow>(
    `SELECT a.update_id AS "updateId", d.id AS "documentId", d.title, false AS withdrawn
     FROM investor_update_attachment a JOIN document d ON d.id = a.document_id
     WHERE a.update_id = ANY($1::int[]) AND ${DOCUMENT_FOR_INVESTOR('$2')} ORDER BY a.update_id, a.position`,
    [ids, investorId],
  );
}

export async function recipientNamesOf(db: Queryable, ids: number[]): Promise<{ updateId: number; name: string }[]> {
  if (ids.length === 0) return [];
  return db.query<{ updateId: number; name: string }>(
    `SELECT r.update_id AS "updateId", i.name FROM investor_update_recipient r JOIN investor i ON i.id = r.investor_id
     WHERE r.update_id = ANY($1::int[]) ORDER BY i.name`,
    [ids],
  );
}
