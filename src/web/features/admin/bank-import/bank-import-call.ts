import { endpoints } from '../../../../contract/endpoints';
import type { Reply } from '../../../../contract/endpoint';
import type { CsvMapping } from '../../../../contract/schemas/bank-import';
import { upload } from '../documents/upload-call';

export type PreviewReply = Reply<typeof endpoints.bankImportPreview>;

/**
 * Sends a statement to be read: the LLC, the bank account and the CSV mapping first (JSON text, as the
 * multipart field carries it), then the file. The same File goes again when the admin maps the columns.
 */
export function previewStatement(fields: { llc_name: string; bank_account: string; csv_mapping?: CsvMapping }, file: File): Promise<PreviewReply> {
  return upload(endpoints.bankImportPreview, {
    llc_name: fields.llc_name,
    bank_account: fields.bank_account || undefined,
    csv_mapping: fields.csv_mapping ? JSON.stringify(fields.csv_mapping) : undefined,
  }, file);
}
