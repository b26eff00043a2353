import { z } from 'zod';
import { RequiredText, TaxYear } from '../fields.js';
import { DOCUMENT_KINDS } from './document-words.js';

/**
 * The document vault: files an admin uploads for one investor, an LLC's members or every investor, each
 * downloadable by the investors it is for. An upload is multipart/form-data (the text fields below and
 * one file part), never base64 in JSON.
 */

export { DOCUMENT_KIND_WORDS, DOCUMENT_KINDS, sizeText, type DocumentKind } from './document-words.js';

/** The largest file accepted: 25 MiB. */
export const MAX_DOCUMENT_BYTES = 25 * 1024 * 1024;

/**
 * The types a document may be, each recognised by its content (never by its name or the type the browser
 * claims): PDF, PNG and JPEG by their first bytes, Word and Excel files by the parts their zip holds, text
 * and CSV as UTF-8 without NUL bytes.
 */
export const DOCUMENT_TYPES = [
  'application/pdf', 'image/png', 'image/jpeg',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'text/plain', 'text/csv',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** The file picker's filter: the names the types above usually carry. */
export const DOCUMENT_ACCEPT = '.pdf,.png,.jpg,.jpeg,.docx,.xlsx,.txt,.csv';

const Kind = z.enum(DOCUMENT_KINDS, { error: 'must be one of k1, statement, agreement, notice, tax, other' });
/** A name field a form may leave empty: '' and absent both mean "not given". */
const OptionalNameField = z.string().normalize('NFC').trim().max(100, 'must be at most 100 characters').optional()
  .transform((value) => value || undefined);
/** A tax year a form may leave empty. */
const OptionalTaxYear = z.preprocess((value) => (value === '' ? undefined : value), TaxYear.optional());
/** A document id as a form or a query sends it. */
const DocumentId = z.coerce.number({ error: 'must be a document number' }).int('must be a document number').min(1, 'must be a document number')
  .max(2_147_483_647, 'must be a document number');

/** The text parts of POST /admin/upload_document; the file part is `file`. */
export const UploadDocumentFields = z.strictObject({
  title: RequiredText(200).refine((value) => !/[\r\n\t]/.test(value), 'must be on one line'),
  kind: Kind,
  tax_year: OptionalTaxYear,
  /** For an LLC's members. */
  llc_name: OptionalNameField,
  /** For one investor. Neither name: for every investor. */
  investor_name: OptionalNameField,
}).refine((f) => !(f.llc_name && f.investor_name), {
  message: 'Choose either an LLC or an investor, not both (neither: every investor).',
});

/** The text part of POST /admin/replace_document; the new file is `file`. */
export const ReplaceDocumentFields = z.strictObject({ id: DocumentId });

export const WithdrawDocumentRequest = z.strictObject({
  id: DocumentId,
  reason: RequiredText(500),
});

export const UploadDocumentResponse = z.object({ message: z.string(), id: z.number().int() });
export const ReplaceDocumentResponse = z.object({ message: z.string(), id: z.number().int(), version: z.number().int() });

export const DocumentsQuery = z.strictObject({
  investor_name: z.string().trim().max(100).optional(),
  kind: z.union([z.literal('').transform(() => undefined), Kind]).optional(),
  tax_year: OptionalTaxYear,
});

export const DocumentQuery = z.strictObject({
  id: z.string().max(12),
  /** An older version from the document's history (admins only). */
  version: z.coerce.number({ error: 'must be a version number' }).int('must be a version number').min(1, 'must be a version number')
    .max(100_000, 'must be a version number').optional(),
});

/** Who a document is for. */
export const Audience = z.union([
  z.object({ type: z.literal('investor'), investor_name: z.string() }),
  z.object({ type: z.literal('llc'), llc_name: z.string() }),
  z.object({ type: z.literal('everyone') }),
]);

/** A document as an investor sees it: its current version. */
export const DocumentItem = z.object({
  id: z.number().int(),
  title: z.string(),
  kind: Kind,
  tax_year: z.number().int().nullable(),
  /** When the current version was uploaded (ISO date-time). */
  date: z.string(),
  file_name: z.string(),
  content_type: z.string(),
  size_bytes: z.number().int(),
  version: z.number().int(),
});
export type DocumentItem = z.infer<typeof DocumentItem>;

export const DocumentsResponse = z.object({ investor_name: z.string(), documents: z.array(DocumentItem) });

export const DocumentVersion = z.object({
  version: z.number().int(),
  file_name: z.string(),
  content_type: z.string(),
  size_bytes: z.number().int(),
  sha256: z.string(),
  uploaded_at: z.string(),
  uploaded_by: z.string().nullable(),
});

export const AdminDocument = DocumentItem.extend({
  audience: Audience,
  created_at: z.string(),
  created_by: z.string().nullable(),
  withdrawn_at: z.string().nullable(),
  withdrawn_by: z.string().nullable(),
  withdrawn_reason: z.string().nullable(),
  versions: z.array(DocumentVersion),
  download_count: z.number().int(),
});
export type AdminDocument = z.infer<typeof AdminDocument>;

export const AdminDocumentsResponse = z.object({ documents: z.array(AdminDocument) });

export const DocumentDownloadsQuery = z.strictObject({ id: DocumentId });

export const DocumentDownloadsResponse = z.object({
  id: z.number().int(),
  title: z.string(),
  downloads: z.array(z.object({
    username: z.string(),
    investor_name: z.string().nullable(),
    version: z.number().int(),
    downloaded_at: z.string(),
  })),
});
