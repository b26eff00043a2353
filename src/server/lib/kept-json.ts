import { promisify } from 'node:util';
import { gunzipSync, gzip } from 'node:zlib';

/**
 * An answer as it was kept (books.service.ts `kept`): its JSON text gzipped, once, when it was
 * computed (migration 0008). The route sends those bytes as they are to a client that accepts gzip
 * (every browser), instead of serializing the object again through its response schema and
 * compressing it per request; a client that does not gets them inflated.
 */
export type KeptText = { readonly gzip: Buffer };

const texts = new WeakMap<object, KeptText>();

export function rememberJson<T>(answer: T, text: KeptText): T {
  if (typeof answer === 'object' && answer !== null) texts.set(answer, text);
  return answer;
}

export const keptText = (answer: unknown): KeptText | undefined =>
  typeof answer === 'object' && answer !== null ? texts.get(answer) : undefined;

const gzipAsync = promisify(gzip);

/** JSON text gzipped, on libuv's thread pool: the server's thread goes on answering meanwhile. */
export const gzipJson = (json: string): Promise<Buffer> => gzipAsync(json);

/** The JSON text of a kept answer (a client without gzip, or a caller that reads the answer). */
export const jsonOf = (text: KeptText): string => gunzipSync(text.gzip).toString('utf8');
