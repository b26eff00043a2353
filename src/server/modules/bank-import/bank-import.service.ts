import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { MultipartBody, ParsedBody, UploadedFile } from '../../../contract/endpoint.js';
import type { Endpoints } from '../../../contract/endpoints.js';
import type { BankImportResponse, BankImportsResponse } from '../../../contract/schemas/bank-import.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { NotFoundError, ValidationError } from '../../lib/errors.js';
import type { WriteContext } from '../../lib/write-context.js';
import { auditChange } from '../audit/audit.js';
import { safeFileName } from '../documents/documents.js';
import type { RunOnce } from '../idempotency/idempotency.js';
import type { FormBuilders } from '../ledger/ledger.js';
import { existingLlc, requireLlc } from '../references.js';
import { findImport, importsOfLlc, insertImport, insertLines } from './bank-import.repository.js';
import { createCommitImport } from './commit-import.js';
import type { NoticesService } from '../notices/notices.service.js';
import { accountKeyOf, lineIdentities } from './line-identity.js';
import { findLlcBankAccount, saveCsvMapping } from './llc-bank-accounts.repository.js';
import { parseStatement } from './parse/parse-statement.js';
import { importAnswer } from './read-import.js';
import { createUndoImport } from './undo-import.js';

type PreviewFields = ParsedBody<Endpoints['bankImportPreview']> extends MultipartBody<infer F> ? F : never;
type Answer = z.input<typeof BankImportResponse>;

const NEEDS_MAPPING = 'Tell the portal which columns hold the date and the amount.';
const iso = (d: Date | null) => (d === null ? null : new Date(d).toISOString());

/** The statement's bytes, whole: the multipart reader ends the stream with a 413 past the entry's largest file. */
async function bytesOf(file: UploadedFile): Promise<{ name: string; bytes: Buffer }> {
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(Buffer.from(chunk));
  return { name: safeFileName(file.fileName), bytes: Buffer.concat(chunks) };
}

/**
 * Bank statements in (docs/product.md, bank import): a statement is read and kept as an import with its
 * lines (nothing recorded), shown line by line with what it would record and whether it is new, already
 * imported or a possible duplicate, then committed through the recording forms' rules, or undone.
 */
export function createBankImportService({ db, clock, runOnce, builders, notices }: {
  db: Db; clock: Clock; runOnce: RunOnce; builders: FormBuilders; notices?: Pick<NoticesService, 'queueNotice'>;
}) {
  return {
    async preview(body: MultipartBody<PreviewFields>, ctx: WriteContext): Promise<Answer & { message?: string }> {
      const { fields, file } = await body.read(bytesOf);
      if (!file) throw new ValidationError('Choose the bank statement to upload (CSV, OFX or QFX).');
      const llc = await requireLlc(db, fields.llc_name);
      const account = fields.bank_account ? await findLlcBankAccount(db, llc.id, fields.bank_account) : null;
      if (fields.bank_account && !account) throw new NotFoundError(`${llc.name} has no bank account named "${fields.bank_account}".`);
      const parsed = parseStatement(file.bytes, file.name, { given: fields.csv_mapping, saved: account?.csvMapping ?? null });

      if (parsed.csv && !parsed.csv.mapping) {
        return {
          message: NEEDS_MAPPING, import_id: null, llc_name: llc.name, bank_account: account?.name ?? null, file_name: file.name,
          format: parsed.format, state: 'previewed', lines: [], counts: { new: 0, already_imported: 0, possible_duplicate: 0 },
          not_transactions: parsed.notTransactions,
          csv: { headers: parsed.csv.headers, rows: parsed.csv.rows, mapping: null, mapping_source: parsed.csv.mappingSource },
        };
      }
      const accountKey = accountKeyOf({ bankAccountId: parsed.bankAccountId, accountId: account?.id ?? null, llcId: llc.id });
      const identities = lineIdentities(accountKey, parsed.lines);
      const mappingKept = Boolean(account && fields.csv_mapping && parsed.csv?.mapping);
      const id = await db.transaction(async (tx) => {
        const at = clock.now();
        if (account && fields.csv_mapping && parsed.csv?.mapping) await saveCsvMapping(tx, account.id, parsed.csv.mapping);
        const importId = await insertImport(tx, {
          llcId: llc.id, bankAccountId: account?.id ?? null, accountKey, fileName: file.name,
          fileSha256: createHash('sha256').update(file.bytes).digest('hex'), format: parsed.format, uploadedBy: ctx.userId, at,
          notTransactions: parsed.notTransactions, csvSample: parsed.csv,
        });
        await insertLines(tx, importId, parsed.lines.map((l, i) => ({ ...l, identity: identities[i]! })));
        await auditChange(tx, ctx, at, {
          action: 'bank_import_preview', entity: 'bank_import', id: importId,
          after: { llc: llc.name, bank_account: account?.name ?? null, file_name: file.name, format: parsed.format, lines: parsed.lines.length,
            csv_mapping_kept: mappingKept },
        });
        return importId;
      });
      return importAnswer(db, (await findImport(db, id))!);
    },

    async read(importId: number): Promise<Answer> {
      const row = await findImport(db, importId);
      if (!row) throw new NotFoundError(`No import ${importId}.`);
      return db.snapshot((tx) => importAnswer(tx, row));
    },

    async list(llcName: string): Promise<z.input<typeof BankImportsResponse>> {
      const llc = await existingLlc(db, llcName);
      const rows = await importsOfLlc(db, llc.id);
      return {
        llc_name: llc.name,
        imports: rows.map((r) => ({ ...r, uploaded_at: iso(r.uploaded_at)!, committed_at: iso(r.committed_at), undone_at: iso(r.undone_at) })),
      };
    },

    commit: createCommitImport({ clock, runOnce, builders, notices }),
    undo: createUndoImport({ db, clock }),
  };
}

export type BankImportService = ReturnType<typeof createBankImportService>;
