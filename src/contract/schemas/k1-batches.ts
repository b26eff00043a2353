import { z } from 'zod';
import { Name, TaxYear } from '../fields.js';

/**
 * K-1s in one upload: the admin sends an LLC's K-1s for a tax year (one zip, or several PDFs), the portal
 * matches each file to a member (by the member's tax ID found in the PDF's text, else by the member's name
 * in the file's name or text), the admin confirms or corrects the matches, and publishing makes each file
 * the member's K-1 document. Nothing is visible to investors before publishing.
 */

/** The largest upload of a batch: a zip or the PDFs together (2,000 K-1s of about 250 KB). */
export const MAX_K1_BATCH_BYTES = 512 * 1024 * 1024;
/** The most files a batch may hold (the PDFs sent, or the entries of the zip). */
export const MAX_K1_BATCH_FILES = 5000;
/** The most PDFs sent as separate parts (a larger batch comes as a zip). */
export const MAX_K1_BATCH_PARTS = 200;
export const K1_BATCH_TYPES = ['application/pdf', 'application/zip'] as const;
export const K1_BATCH_ACCEPT = '.pdf,.zip';

const BatchId = z.coerce.number({ error: 'must be a batch number' }).int('must be a batch number').min(1, 'must be a batch number')
  .max(2_147_483_647, 'must be a batch number');

/** The text parts of POST /admin/upload_k1_batch; the file parts are `files` (one zip, or PDFs). */
export const UploadK1BatchFields = z.strictObject({
  llc_name: Name,
  tax_year: z.preprocess((value) => (value === '' ? undefined : value), TaxYear),
});

/**
 * How a file was matched: `tax_id` (a member's tax ID is in its text), `name` (one member's name is in
 * its file name or text), or null (no member, or several: `candidates` names them).
 */
export const MatchedBy = z.enum(['tax_id', 'name']).nullable();

export const K1BatchFile = z.object({
  /** The file's name in the batch (a zip entry's path inside the zip): the key of an assignment. */
  file: z.string(),
  size_bytes: z.number().int(),
  investor_name: z.string().nullable(),
  matched_by: MatchedBy,
  /** When no single member matched: the members whose tax ID or name the file holds (two or more), else empty. */
  candidates: z.array(z.string()),
});

export const K1BatchResponse = z.object({
  batch_id: z.number().int(),
  llc_name: z.string(),
  tax_year: z.number().int(),
  status: z.enum(['draft', 'published', 'discarded']),
  /** The LLC's members in the tax year: who may be assigned a file. */
  members: z.array(z.string()),
  files: z.array(K1BatchFile),
});
export type K1BatchResponse = z.infer<typeof K1BatchResponse>;

/** POST /admin/upload_k1_batch answers the batch as matched, with a message. */
export const UploadK1BatchResponse = K1BatchResponse.extend({ message: z.string() });

export const K1BatchQuery = z.strictObject({ batch_id: BatchId });

export const K1BatchFileQuery = z.strictObject({ batch_id: BatchId, file: z.string().min(1).max(1000) });

/** The admin's confirmed matches: each file listed is published as that member's K-1; files not listed are left out. */
export const PublishK1BatchRequest = z.strictObject({
  batch_id: BatchId,
  assignments: z.array(z.strictObject({
    file: z.string().min(1, 'must name a file of the batch').max(1000),
    investor_name: Name,
  })).min(1, 'Assign at least one file to a member before publishing.').max(5000, 'A batch holds at most 5,000 files.'),
});
export const PublishK1BatchResponse = z.object({
  message: z.string(),
  published: z.number().int(),
  /** Members whose earlier K-1 of the year was replaced by a new version (a corrected K-1). */
  replaced: z.number().int(),
});

export const DiscardK1BatchRequest = z.strictObject({ batch_id: BatchId });

export const K1StatusQuery = z.strictObject({
  llc_name: z.string().trim().min(1, 'must name an LLC').max(100),
  tax_year: TaxYear,
});

/** One member's K-1 of an LLC's tax year: missing (none published), uploaded (published, not opened) or downloaded. */
export const K1StatusRow = z.object({
  investor_name: z.string(),
  status: z.enum(['missing', 'uploaded', 'downloaded']),
  document_id: z.number().int().nullable(),
  version: z.number().int().nullable(),
  uploaded_at: z.string().nullable(),
  /** The member's first download of the current version. */
  downloaded_at: z.string().nullable(),
  /** The member consented to electronic delivery (K-1 consent); without it the K-1 must also go on paper. */
  consented: z.boolean(),
  delivery: z.enum(['electronic', 'paper']),
  /** The member's tax ID masked, or null when none is on file (matching by tax ID cannot find their K-1). */
  tax_id: z.string().nullable(),
});
export const K1StatusResponse = z.object({
  llc_name: z.string(),
  tax_year: z.number().int(),
  members: z.array(K1StatusRow),
  /** The batches of this LLC and year, newest first. */
  batches: z.array(z.object({
    batch_id: z.number().int(),
    status: z.enum(['draft', 'published', 'discarded']),
    files: z.number().int(),
    created_at: z.string(),
    created_by: z.string().nullable(),
  })),
});
