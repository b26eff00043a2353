import type { Queryable } from '../../db/client.js';
import { ValidationError } from '../../lib/errors.js';
import type { WriteContext } from '../../lib/write-context.js';
import { auditChange } from '../audit/audit.js';
import { insertDocument, insertVersion, lockDocument, safeFileName } from '../documents/documents.js';
import type { NoticesService } from '../notices/notices.service.js';
import { existingInvestor } from '../references.js';
import { findK1Document, membersOf, saveK1Document, type BatchFileRow, type BatchRow } from './k1-batches.repository.js';

export type Assignment = { file: string; investor_name: string };

type Publishing = {
  batch: BatchRow; rows: BatchFileRow[]; assignments: Assignment[]; ctx: WriteContext; at: Date; notices: NoticesService | undefined;
};

/**
 * The confirmed matches of a batch, each made its member's K-1 document of the LLC and year, inside the
 * publishing transaction: every assignment is checked before anything is written (a file of the batch, an
 * investor who is a member of the LLC in the year, no file nor member twice). A member whose K-1 of the
 * year is published and live gets a new version of it (a corrected K-1); otherwise a new document for
 * them alone. The batch's stored file becomes the version's file as it is: no copy.
 */
export async function publishAssignments(tx: Queryable, p: Publishing): Promise<{ published: number; replaced: number; assigned: Set<number> }> {
  const { batch, ctx, at } = p;
  const files = new Map(p.rows.map((r) => [r.fileName, r]));
  const members = new Map((await membersOf(tx, batch.llcId, batch.taxYear)).map((m) => [m.id, m]));
  const seenFiles = new Set<string>();
  const seenMembers = new Map<number, string>();
  const plan: { row: BatchFileRow & { fileId: string }; investorId: number; investorName: string }[] = [];
  for (const a of p.assignments) {
    const row = files.get(a.file);
    if (!row?.fileId) throw new ValidationError(`"${a.file}" is not a file of this batch.`);
    if (seenFiles.has(a.file)) throw new ValidationError(`"${a.file}" is assigned twice: give each file one member.`);
    seenFiles.add(a.file);
    const investor = await existingInvestor(tx, a.investor_name);
    if (!members.has(investor.id)) throw new ValidationError(`"${investor.name}" is not a member of ${batch.llcName} in ${batch.taxYear}.`);
    const earlier = seenMembers.get(investor.id);
    if (earlier !== undefined) throw new ValidationError(`"${investor.name}" is assigned two files ("${earlier}" and "${a.file}"): a member has one K-1 of the year.`);
    seenMembers.set(investor.id, a.file);
    plan.push({ row: { ...row, fileId: row.fileId }, investorId: investor.id, investorName: investor.name });
  }

  let replaced = 0;
  const title = `K-1 ${batch.taxYear} – ${batch.llcName}`;
  for (const { row, investorId, investorName } of plan) {
    const version = { fileId: row.fileId, fileName: safeFileName(row.fileName), contentType: 'application/pdf', sizeBytes: row.sizeBytes, sha256: row.sha256, createdBy: ctx.userId, at };
    const key = { llcId: batch.llcId, investorId, taxYear: batch.taxYear };
    const earlierId = await findK1Document(tx, key);
    const current = earlierId === undefined ? undefined : await lockDocument(tx, earlierId);
    let documentId: number;
    let ref: string;
    if (current && current.withdrawnAt === null) {
      documentId = current.id;
      const next = current.version + 1;
      await insertVersion(tx, { documentId, version: next, ...version });
      await auditChange(tx, ctx, at, {
        action: 'replace_document', entity: 'document', id: documentId,
        before: { version: current.version, file_name: current.fileName },
        after: { version: next, file_name: version.fileName, content_type: version.contentType, bytes: row.sizeBytes, sha256: row.sha256, k1_batch: batch.id },
      });
      replaced++;
      // Each version has its own notice: the outbox keeps one per reference, and a corrected K-1 is news.
      ref = `document:${documentId}:v${next}`;
    } else {
      documentId = await insertDocument(tx, { title, kind: 'k1', taxYear: batch.taxYear, investorId, llcId: null, createdBy: ctx.userId, at });
      await insertVersion(tx, { documentId, version: 1, ...version });
      await saveK1Document(tx, { ...key, documentId });
      await auditChange(tx, ctx, at, {
        action: 'upload_document', entity: 'document', id: documentId,
        after: {
          title, kind: 'k1', tax_year: batch.taxYear, audience: { investor: investorName },
          file_name: version.fileName, content_type: version.contentType, bytes: row.sizeBytes, sha256: row.sha256, k1_batch: batch.id,
        },
      });
      ref = `document:${documentId}`;
    }
    // Told in the same transaction, so the notice goes out if and only if the K-1 is there to open.
    if (!ctx.quiet) await p.notices?.queueNotice(tx, { event: 'document_published', recipients: [{ investorId }], ref });
  }
  return { published: plan.length, replaced, assigned: new Set(plan.map((x) => x.row.id)) };
}
