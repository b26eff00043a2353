import { promisify } from 'node:util';
import { gunzipSync, gzip } from 'node:zlib';

/**
 * An answer as it was kept (modules/read-model/kept-answers.ts): its JSON text gzipped, once, when it was
 * computed (migration 0008). The route sends those bytes as they are to a client that accepts gzip
 * (every browser), instead of serializing the object again through its response schema and
 * compressing it per request; a client that does not gets them inflated.
 */
export type KeptText = { readonly gzip: Buffer };

const gzipAsync = promisify(gzip);

/**
 * The bytes in a memory block of their own. Node puts small Buffers (zlib's results, node-postgres's
 * bytea) in shared 8 KB blocks: one held for long keeps its whole block alive, so a budget counted in
 * their lengths (recent-answers.ts) would undercount what the held answers really take.
 */
export function ownBytes(bytes: Uint8Array): Buffer {
  const own = Buffer.allocUnsafeSlow(bytes.byteLength);
  own.set(bytes);
  return own;
}

/** JSON text gzipped, on libuv's thread pool (the server's thread goes on answering meanwhile). */
export const gzipJson = async (json: string): Promise<Buffer> => ownBytes(await gzipAsync(json));

/** The JSON text of a kept answer (a client without gzip, or a caller that reads the answer). */
export const jsonOf = (text: KeptText): string => gunzipSync(text.gzip).toString('utf8');
