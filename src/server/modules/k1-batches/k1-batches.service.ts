import type { DownloadFile, MultipartBody } from '../../../contract/endpoint.js';
import type { K1BatchResponse } from '../../../contract/schemas/k1-batches.js';
import type { Db, Queryable } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import { maskedTaxId, openTaxId } from '../../lib/tax-id-seal.js';
import type { WriteContext } from '../../lib/write-context.js';
import { auditChange } from '../audit/audit.js';
import { findDocuments, firstDownloadsOfCurrent, safeFileName, type FileStore } from '../documents/documents.js';
import { consentStands, consentsOf } from '../k1-consent/k1-consent.js';
import type { NoticesService } from '../notices/notices.service.js';
import { existingLlc } from '../references.js';
import { receiveBatch } from './batch-upload.js';
import { batchesOf, batchFiles, closeBatch, dropFile, findBatch, insertBatch, insertBatchFile, k1DocumentsOf, lockBatch, membersOf, type BatchRow } from './k1-batches.repository.js';
import { matchK1, type K1Member } from './k1-match.js';
import { pdfText } from './pdf-text.js';
import { publishAssignments, type Assignment } from './publish-k1s.js';

type UploadFields = { llc_name: string; tax_year: number };

const iso = (d: Date | null) => (d === null ? null : new Date(d).toISOString());
const batchNotFound = (id: number) => new NotFoundError(`No K-1 batch numbered ${id}.`);

/**
 * K-1s in one upload (docs/api.md, "K-1s in one upload"): an LLC's K-1s for a tax year arrive as one zip or
 * several PDFs, each is matched to a member and kept as a draft batch; the admin publishes the confirmed
 * matches (each becomes the member's K-1 document, told by e-mail) or discards the batch. Tax IDs are
 * opened only to match, once per batch, and neither they nor the text read from the PDFs is kept.
 */
export function createK1BatchesService({ db, clock, files, notices, dataKey }: { db: Db; clock: Clock; files: FileStore; notices?: NoticesService; dataKey: Buffer | undefined }) {
  /** The members of the LLC's year, each with their tax ID's digits when it is on file and DATA_KEY opens it. */
  async function matchableMembers(llcId: number, taxYear: number): Promise<K1Member[]> {
    return (await membersOf(db, llcId, taxYear)).map((m) => ({ id: m.id, name: m.name, taxDigits: taxDigits(m.id, m.sealed) }));
  }

  function taxDigits(investorId: number, sealed: Uint8Array | null): string | null {
    if (!dataKey || !sealed) return null;
    try {
      return openTaxId(dataKey, investorId, Buffer.from(sealed)).replace(/\D/g, '');
    } catch {
      return null; // sealed under another key: the member is matched by name
    }
  }

  async function batchAnswer(tx: Queryable, batch: BatchRow): Promise<K1BatchResponse> {
    const [members, rows] = await Promise.all([membersOf(tx, batch.llcId, batch.taxYear), batchFiles(tx, batch.id)]);
    return {
      batch_id: batch.id, llc_name: batch.llcName, tax_year: batch.taxYear, status: batch.status,
      members: members.map((m) => m.name),
      files: rows.map((f) => ({ file: f.fileName, size_bytes: f.sizeBytes, investor_name: f.investorName, matched_by: f.matchedBy, candidates: f.candidates })),
    };
  }

  /** Forgets stored files, after the change that let go of them committed (or after a refused upload). */
  async function forget(fileIds: readonly string[]) {
    for (const id of fileIds) await files.remove(id);
  }

  return {
    /**
     * Reads the upload to disk, checks the fields, then reads each PDF whole (one at a time), matches it by its
     * text and name and keeps it in the file store; the batch and its files are written in one transaction.
     * Anything refused leaves nothing: files kept so far are forgotten.
     */
    async upload(body: MultipartBody<UploadFields>, ctx: WriteContext): Promise<K1BatchResponse> {
      const received = await receiveBatch(body);
      const kept: string[] = [];
      try {
        const { fields } = received;
        const llc = await existingLlc(db, fields.llc_name);
        const members = await matchableMembers(llc.id, fields.tax_year);
        const read: { name: string; fileId: string; size: number; sha256: string; match: ReturnType<typeof matchK1> }[] = [];
        for await (const pdf of received.pdfs()) {
          const match = matchK1(members, pdf.name, await pdfText(pdf.bytes));
          const stored = await files.put(once(pdf.bytes));
          kept.push(stored.fileId);
          read.push({ name: pdf.name, ...stored, match });
        }
        const batch = await db.transaction(async (tx) => {
          const at = clock.now();
          const batchId = await insertBatch(tx, { llcId: llc.id, taxYear: fields.tax_year, createdBy: ctx.userId, at });
          for (const [seq, f] of read.entries()) {
            await insertBatchFile(tx, {
              batchId, seq, fileName: f.name, fileId: f.fileId, sizeBytes: f.size, sha256: f.sha256,
              investorId: f.match.investorId, matchedBy: f.match.matchedBy, candidates: f.match.candidates,
            });
          }
          const count = (by: 'tax_id' | 'name' | null) => read.filter((f) => f.match.matchedBy === by).length;
          await auditChange(tx, ctx, at, {
            action: 'upload_k1_batch', entity: 'k1_batch', id: batchId,
            after: { llc: llc.name, tax_year: fields.tax_year, files: read.length, matched_by_tax_id: count('tax_id'), matched_by_name: count('name'), unmatched: count(null) },
          });
          return batchAnswer(tx, (await findBatch(tx, batchId))!);
        });
        return batch;
      } catch (err) {
        await forget(kept);
        throw err;
      } finally {
        await received.close();
      }
    },

    async batch(batchId: number): Promise<K1BatchResponse> {
      return db.snapshot(async (tx) => {
        const batch = await findBatch(tx, batchId);
        if (!batch) throw batchNotFound(batchId);
        return batchAnswer(tx, batch);
      });
    },

    /** A file of a batch, to read before confirming its match; gone once the batch let go of it. */
    async file(query: { batch_id: number; file: string }): Promise<DownloadFile> {
      const rows = await batchFiles(db, query.batch_id);
      const row = rows.find((f) => f.fileName === query.file);
      if (!row?.fileId) throw new NotFoundError(`No file named "${query.file}" in K-1 batch ${query.batch_id}.`);
      return { fileName: safeFileName(row.fileName), contentType: 'application/pdf', body: files.open(row.fileId) };
    },

    async publish(input: { batch_id: number; assignments: Assignment[] }, ctx: WriteContext) {
      const result = await db.transaction(async (tx) => {
        const batch = await lockBatch(tx, input.batch_id);
        if (!batch) throw batchNotFound(input.batch_id);
        if (batch.status !== 'draft') throw new ConflictError(`This K-1 batch was already ${batch.status}.`);
        const rows = await batchFiles(tx, batch.id);
        const at = clock.now();
        const outcome = await publishAssignments(tx, { batch, rows, assignments: input.assignments, ctx, at, notices });
        const leftOut = rows.filter((r) => r.fileId !== null && !outcome.assigned.has(r.id));
        for (const r of leftOut) await dropFile(tx, r.id);
        await closeBatch(tx, batch.id, { status: 'published', by: ctx.userId, at });
        await auditChange(tx, ctx, at, {
          action: 'publish_k1_batch', entity: 'k1_batch', id: batch.id,
          before: { status: 'draft' },
          after: { status: 'published', llc: batch.llcName, tax_year: batch.taxYear, published: outcome.published, replaced: outcome.replaced, left_out: leftOut.length },
        });
        return { published: outcome.published, replaced: outcome.replaced, forget: leftOut.map((r) => r.fileId!) };
      });
      await forget(result.forget);
      return { published: result.published, replaced: result.replaced };
    },

    async discard(input: { batch_id: number }, ctx: WriteContext): Promise<void> {
      const dropped = await db.transaction(async (tx) => {
        const batch = await lockBatch(tx, input.batch_id);
        if (!batch) throw batchNotFound(input.batch_id);
        if (batch.status !== 'draft') throw new ConflictError(`This K-1 batch was already ${batch.status}.`);
        const rows = (await batchFiles(tx, batch.id)).filter((r) => r.fileId !== null);
        for (const r of rows) await dropFile(tx, r.id);
        const at = clock.now();
        await closeBatch(tx, batch.id, { status: 'discarded', by: ctx.userId, at });
        await auditChange(tx, ctx, at, {
          action: 'discard_k1_batch', entity: 'k1_batch', id: batch.id,
          before: { status: 'draft', files: rows.length }, after: { status: 'discarded', llc: batch.llcName, tax_year: batch.taxYear },
        });
        return rows.map((r) => r.fileId!);
      });
      await forget(dropped);
    },

    /** Each member's K-1 of the LLC's year (missing, uploaded or downloaded), how it must be delivered, and the batches. */
    async status(query: { llc_name: string; tax_year: number }) {
      return db.snapshot(async (tx) => {
        const llc = await existingLlc(tx, query.llc_name);
        const [members, documents, batches] = await Promise.all([membersOf(tx, llc.id, query.tax_year), k1DocumentsOf(tx, llc.id, query.tax_year), batchesOf(tx, llc.id, query.tax_year)]);
        // Three reads for the whole LLC, whatever its size: the documents, their first downloads, the consents.
        const [docs, firstDownloads, consents] = await Promise.all([
          findDocuments(tx, [...documents.values()]), firstDownloadsOfCurrent(tx, [...documents.values()]), consentsOf(tx, members.map((m) => m.id)),
        ]);
        const rows = members.map((m) => {
          const documentId = documents.get(m.id);
          const doc = documentId === undefined ? undefined : docs.get(documentId);
          const live = doc && doc.withdrawnAt === null ? doc : undefined;
          const first = live ? firstDownloads.get(`${live.id}:${m.id}`) : undefined;
          const consented = consentStands(consents.get(m.id));
          return {
            investor_name: m.name,
            status: !live ? 'missing' as const : first ? 'downloaded' as const : 'uploaded' as const,
            document_id: live?.id ?? null, version: live?.version ?? null, uploaded_at: iso(live?.uploadedAt ?? null),
            downloaded_at: iso(first ?? null),
            consented, delivery: consented ? 'electronic' as const : 'paper' as const,
            tax_id: maskedTaxId(m.last4),
          };
        });
        return {
          llc_name: llc.name, tax_year: query.tax_year, members: rows,
          batches: batches.map((b) => ({ batch_id: b.id, status: b.status, files: b.files, created_at: iso(b.createdAt)!, created_by: b.createdBy })),
        };
      });
    },
  };
}

/** A PDF read whole, given to the file store as one chunk (the store writes it in its own chunks). */
async function* once(bytes: Uint8Array): AsyncIterable<Uint8Array> {
  yield bytes;
}

export type K1BatchesService = ReturnType<typeof createK1BatchesService>;
