import type { z } from 'zod';
import type { Endpoint, Multipart, Reply } from '../../../../contract/endpoint';
import { ApiError } from '../../../lib/api-client';
import { getToken } from '../../../lib/session';

/** An upload of the endpoint table: a POST whose body is its multipart descriptor's fields and one file. */
export type UploadEntry = Endpoint & { method: 'POST'; multipart: Multipart };

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/**
 * Sends an upload as multipart/form-data, the way its entry describes it: the text fields first (so the
 * server may refuse them before the file is all there), then the file under the entry's field name. A file
 * over the entry's limit is refused here, before it is sent.
 */
export async function upload<E extends UploadEntry>(endpoint: E, fields: z.input<E['multipart']['fields']>, file: File | readonly File[]): Promise<Reply<E>> {
  const { maxBytes, name } = endpoint.multipart.file;
  const files = Array.isArray(file) ? (file as readonly File[]) : [file as File];
  if (files.reduce((sum, f) => sum + f.size, 0) > maxBytes) {
    throw new ApiError(413, files.length > 1
      ? `The files are too large: together they may be at most ${megabytes(maxBytes)}.`
      : `The file is too large: it may be at most ${megabytes(maxBytes)}.`);
  }
  const form = new FormData();
  for (const [key, value] of Object.entries(fields as Record<string, unknown>)) {
    if (value !== undefined && value !== null && value !== '') form.append(key, String(value));
  }
  for (const f of files) form.append(name, f, f.name);
  const token = getToken();
  let res: Response;
  try {
    res = await fetch(endpoint.path, { method: 'POST', headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: form });
  } catch {
    throw new ApiError(0, 'The server could not be reached. Check your connection and try again.');
  }
  const data: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const message = data && typeof data === 'object' && 'message' in data && typeof data.message === 'string' ? data.message : `The upload failed (${res.status}).`;
    throw new ApiError(res.status, message);
  }
  return data as Reply<E>;
}
