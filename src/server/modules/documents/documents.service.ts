import type { DownloadFile, MultipartBody, UploadedFile } from '../../../contract/endpoint.js';
import type { AdminDocument, DocumentItem, DocumentKind, DocumentType } from '../../../contract/schemas/documents.js';
import type { Db, Queryable } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.js';
import type { WriteContext } from '../../lib/write-context.js';
import { auditChange } from '../audit/audit.js';
import type { SessionUser } from '../auth/auth.js';
import { readableInvestor, readableInvestorIds, readsEveryInvestor } from '../investor-portal/readable-investor.js';
import { requireInvestor, requireLlc } from '../references.js';
import type { NoticesService } from '../notices/notices.service.js';
import { createTypeSniffer } from './document-type.js';
import {
  allDocuments, allVersions, audienceOf, documentsForInvestor, downloadCounts, downloadsOf, findDocument, findVersion, insertDocument,
  insertDownload, insertVersion, isForInvestor, lockDocument, setWithdrawn, type DocumentRow,
} from './documents.repository.js';
import type { FileStore } from './file-store.js';

/** What every refusal of a document an investor may not read says: the same as for one that does not exist. */
export const DOCUMENT_NOT_FOUND = 'Document not found.';

type UploadFields = { title: string; kind: DocumentKind; tax_year?: number; llc_name?: string; investor_name?: string };

/** A file kept by the store and checked by its content, not yet part of any document. */
type Received = { fileId: string; size: number; sha256: string; fileName: string; contentType: DocumentType };

/**
 * A name a client gave a file, fit to keep and to send back in Content-Disposition: no folders (old browsers
 * send C:\fakepath\…), no control characters, at most 255 characters.
 */
export function safeFileName(name: string): string {
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  const base = (name.split(/[/\\]/).at(-1) ?? '').replace(/[\u0000-\u001f\u007f-\u009f"]/g, '').trim();
  return (base || 'document').slice(-255);
}

/** The type a download is sent with: text was checked to be UTF-8 when it was kept, so it says so. */
const sentType = (type: string) => (type.startsWith('text/') ? `${type}; charset=utf-8` : type);

const iso = (d: Date | null) => (d === null ? null : new Date(d).toISOString());

const item = (d: DocumentRow): DocumentItem => ({
  id: d.id, title: d.title, kind: d.kind, tax_year: d.taxYear, date: iso(d.uploadedAt)!, file_name: d.fileName,
  content_type: d.contentType, size_bytes: d.sizeBytes, version: d.version,
});

/**
 * The document vault (docs/product.md): admins upload, replace and withdraw documents, each for one
 * investor, an LLC's members or every investor; investors list and download theirs, and each download by
 * an investor is recorded. The bytes go through the file store; every change is audited in its transaction.
 */
export function createDocumentsService({ db, clock, files, notices }: { db: Db; clock: Clock; files: FileStore; notices?: NoticesService }) {
  /**
   * Reads an upload: the file part streams into the store while its type is read from its content; a file
   * refused, or fields refused after it arrived, leave nothing kept.
   */
  async function receive<F>(body: MultipartBody<F>): Promise<{ fields: F; file: Received }> {
    let kept: { fileId: string } | undefined;
    try {
      const { fields, file } = await body.read(async (part: UploadedFile): Promise<Received> => {
        const sniffer = createTypeSniffer();
        const stored = await files.put(sniffing(part.stream, sniffer.push));
        kept = stored;
        const sniffed = sniffer.finish(part.fileName);
        if (!sniffed.ok) throw new ValidationError(sniffed.message);
        return { ...stored, fileName: safeFileName(part.fileName), contentType: sniffed.type };
      });
      if (!file) throw new ValidationError('File is required: choose the file to upload.');
      return { fields, file };
    } catch (err) {
      if (kept) await files.remove(kept.fileId);
      throw err;
    }
  }

  /** Runs a change that makes a received file part of a document; if it fails, the file is forgotten. */
  async function keeping<T>(file: Received, change: (tx: Queryable) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(change);
    } catch (err) {
      await files.remove(file.fileId);
      throw err;
    }
  }

  const documentId = (text: string): number | null => (/^[1-9]\d{0,9}$/.test(text) && Number(text) <= 2_147_483_647 ? Number(text) : null);

  return {
    async upload(body: MultipartBody<UploadFields>, ctx: WriteContext): Promise<{ id: number }> {
      const { fields, file } = await receive(body);
      const id = await keeping(file, async (tx) => {
        const investor = fields.investor_name ? await requireInvestor(tx, fields.investor_name) : null;
        const llc = fields.llc_name ? await requireLlc(tx, fields.llc_name) : null;
        const at = clock.now();
        const newId = await insertDocument(tx, {
          title: fields.title, kind: fields.kind, taxYear: fields.tax_year ?? null, investorId: investor?.id ?? null, llcId: llc?.id ?? null,
          createdBy: ctx.userId, at,
        });
        await insertVersion(tx, { documentId: newId, version: 1, ...file, sizeBytes: file.size, createdBy: ctx.userId, at });
        await auditChange(tx, ctx, at, {
          action: 'upload_document', entity: 'document', id: newId,
          after: {
            title: fields.title, kind: fields.kind, tax_year: fields.tax_year ?? null,
            audience: investor ? { investor: investor.name } : llc ? { llc: llc.name } : 'every investor',
            file_name: file.fileName, content_type: file.contentType, bytes: file.size, sha256: file.sha256,
          },
        });
        // Told in the same transaction, so the notice goes out if and only if the document is there to open; it
        // names no title (a title may carry a name or a figure), only that something new is waiting.
        const recipients = (await audienceOf(tx, newId)).map((investorId) => ({ investorId }));
        await notices?.queueNotice(tx, { event: 'document_published', recipients, ref: `document:${newId}` });
        return newId;
      });
      return { id };
    },

    async replace(body: MultipartBody<{ id: number }>, ctx: WriteContext): Promise<{ id: number; version: number }> {
      const { fields, file } = await receive(body);
      return keeping(file, async (tx) => {
        const current = await lockDocument(tx, fields.id);
        if (!current) throw new NotFoundError(DOCUMENT_NOT_FOUND);
        if (current.withdrawnAt) throw new ConflictError('This document was withdrawn: upload it again as a new document.');
        const at = clock.now();
        const version = current.version + 1;
        await insertVersion(tx, { documentId: current.id, version, ...file, sizeBytes: file.size, createdBy: ctx.userId, at });
        await auditChange(tx, ctx, at, {
          action: 'replace_document', entity: 'document', id: current.id,
          before: { version: current.version, file_name: current.fileName },
          after: { version, file_name: file.fileName, content_type: file.contentType, bytes: file.size, sha256: file.sha256 },
        });
        return { id: current.id, version };
      });
    },

    async withdraw(input: { id: number; reason: string }, ctx: WriteContext): Promise<void> {
      await db.transaction(async (tx) => {
        const current = await lockDocument(tx, input.id);
        if (!current) throw new NotFoundError(DOCUMENT_NOT_FOUND);
        if (current.withdrawnAt) throw new ConflictError('This document is already withdrawn.');
        const at = clock.now();
        await setWithdrawn(tx, current.id, { at, by: ctx.userId, reason: input.reason });
        await auditChange(tx, ctx, at, {
          action: 'withdraw_document', entity: 'document', id: current.id,
          before: { title: current.title, withdrawn: false }, after: { withdrawn: true, reason: input.reason },
        });
      });
    },

    /** An investor's documents: their own, their LLCs' and every investor's, newest first. */
    async list(user: SessionUser, query: { investor_name?: string; kind?: DocumentKind; tax_year?: number }) {
      const investor = await readableInvestor(db, user, query.investor_name || undefined, 'documents');
      const rows = await documentsForInvestor(db, investor.id, { kind: query.kind, taxYear: query.tax_year });
      return { investor_name: investor.name, documents: rows.map(item) };
    },

    /**
     * A document's file. An investor (or their delegate) gets only a live document of a record they read,
     * its current version, and the download is recorded; anything else is "not found", as a missing id is.
     * An admin reads any document, and any version of it by number (its history).
     */
    async download(user: SessionUser, query: { id: string; version?: number }): Promise<DownloadFile> {
      const id = documentId(query.id);
      const doc = id === null ? undefined : await findDocument(db, id);
      if (!doc) throw new NotFoundError(DOCUMENT_NOT_FOUND);
      if (readsEveryInvestor(user)) {
        const version = query.version && query.version !== doc.version ? await findVersion(db, doc.id, query.version) : doc;
        if (!version) throw new NotFoundError(DOCUMENT_NOT_FOUND);
        return { fileName: version.fileName, contentType: sentType(version.contentType), body: files.open(version.fileId) };
      }
      if (query.version !== undefined && query.version !== doc.version) throw new NotFoundError(DOCUMENT_NOT_FOUND);
      // An investor's own documents, their other entities', and those of the pages they read as a delegate
      // allowed documents; the download is recorded as for the first of them the document is for.
      let forInvestor: number | undefined;
      for (const investorId of await readableInvestorIds(db, user, 'documents')) {
        if (await isForInvestor(db, doc.id, investorId)) {
          forInvestor = investorId;
          break;
        }
      }
      if (forInvestor === undefined) throw new NotFoundError(DOCUMENT_NOT_FOUND);
      await insertDownload(db, { documentId: doc.id, versionId: doc.versionId, userId: user.userId, investorId: forInvestor, at: clock.now() });
      return { fileName: doc.fileName, contentType: sentType(doc.contentType), body: files.open(doc.fileId) };
    },

    async adminList(): Promise<{ documents: AdminDocument[] }> {
      const [docs, versions, counts] = await Promise.all([allDocuments(db), allVersions(db), downloadCounts(db)]);
      return {
        documents: docs.map((d) => ({
          ...item(d),
          audience: d.investorName ? { type: 'investor' as const, investor_name: d.investorName }
            : d.llcName ? { type: 'llc' as const, llc_name: d.llcName } : { type: 'everyone' as const },
          created_at: iso(d.createdAt)!, created_by: d.createdBy,
          withdrawn_at: iso(d.withdrawnAt), withdrawn_by: d.withdrawnBy, withdrawn_reason: d.withdrawnReason,
          versions: versions.filter((v) => v.documentId === d.id).map((v) => ({
            version: v.version, file_name: v.fileName, content_type: v.contentType, size_bytes: v.sizeBytes, sha256: v.sha256,
            uploaded_at: iso(v.uploadedAt)!, uploaded_by: v.uploadedBy,
          })),
          download_count: counts.get(d.id) ?? 0,
        })),
      };
    },

    async downloads(id: number) {
      const doc = await findDocument(db, id);
      if (!doc) throw new NotFoundError(DOCUMENT_NOT_FOUND);
      const rows = await downloadsOf(db, id);
      return {
        id: doc.id, title: doc.title,
        downloads: rows.map((r) => ({ username: r.username, investor_name: r.investorName, version: r.version, downloaded_at: iso(r.downloadedAt)! })),
      };
    },
  };
}

/** Passes a stream on unchanged, showing each chunk to `see` on the way. */
async function* sniffing(stream: AsyncIterable<Uint8Array>, see: (chunk: Uint8Array) => void): AsyncIterable<Uint8Array> {
  for await (const chunk of stream) {
    see(chunk);
    yield chunk;
  }
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;
