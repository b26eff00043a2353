import { endpoints } from '../../../../contract/endpoints';
import type { Reply } from '../../../../contract/endpoint';
import { ApiError } from '../../../lib/api-client';
import { getToken } from '../../../lib/session';

type UploadReply = Reply<typeof endpoints.uploadK1Batch>;

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/**
 * Sends an LLC's K-1s as multipart/form-data, the way uploadK1Batch describes it: the LLC and year first
 * (so the server may refuse them before the files are all there), then every file under the entry's field
 * name. Too many files, or too many bytes together, are refused here before anything is sent.
 */
export async function uploadK1Batch(fields: { llc_name: string; tax_year: string }, files: readonly File[]): Promise<UploadReply> {
  const { name, maxBytes, maxFiles = 1 } = endpoints.uploadK1Batch.multipart.file;
  if (files.length > maxFiles) throw new ApiError(413, `Send at most ${maxFiles} files at once: put more K-1s in one zip.`);
  if (files.reduce((sum, f) => sum + f.size, 0) > maxBytes) throw new ApiError(413, `The files are too large: together they may be at most ${megabytes(maxBytes)}.`);
  const form = new FormData();
  form.append('llc_name', fields.llc_name);
  form.append('tax_year', fields.tax_year);
  for (const file of files) form.append(name, file, file.name);
  const token = getToken();
  let res: Response;
  try {
    res = await fetch(endpoints.uploadK1Batch.path, {
      method: 'POST', headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: form,
    });
  } catch {
    throw new ApiError(0, 'The server could not be reached. Check your connection and try again.');
  }
  const data: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const message = data && typeof data === 'object' && 'message' in data && typeof data.message === 'string' ? data.message : `The upload failed (${res.status}).`;
    throw new ApiError(res.status, message);
  }
  return data as UploadReply;
}
