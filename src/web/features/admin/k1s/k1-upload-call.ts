import { endpoints } from '../../../../contract/endpoints';
import type { Reply } from '../../../../contract/endpoint';
import { ApiError } from '../../../lib/api-client';
import { upload } from '../documents/upload-call';

/**
 * Sends an LLC's K-1s through the vault's upload call: the LLC and year first (so the server may refuse
 * them before the files are all there), then every file under the entry's field name. Too many files are
 * refused here with the way out (a zip); too many bytes together, by the upload call.
 */
export async function uploadK1Batch(fields: { llc_name: string; tax_year: string }, files: readonly File[]): Promise<Reply<typeof endpoints.uploadK1Batch>> {
  const { maxFiles = 1 } = endpoints.uploadK1Batch.multipart.file;
  if (files.length > maxFiles) throw new ApiError(413, `Send at most ${maxFiles} files at once: put more K-1s in one zip.`);
  return upload(endpoints.uploadK1Batch, fields, files);
}
