import { createHash, randomUUID } from 'node:crypto';
import type { Db } from '../../db/client.js';
import type { FileStore } from './file-store.js';

/** Bytes per stored chunk: the most a request holds in memory of a file, and the size of each row. */
export const CHUNK_BYTES = 256 * 1024;

/**
 * The file store in the database (migration 0014): a stored_file row and its bytes as numbered chunks,
 * each written as it fills. The row is marked complete, with its size and SHA-256, after the last chunk.
 */
export function createDbFileStore(db: Db): FileStore {
  const remove = async (fileId: string) => {
    await db.query('DELETE FROM stored_file WHERE id = $1', [fileId]);
  };

  return {
    async put(stream) {
      const fileId = randomUUID();
      const hash = createHash('sha256');
      let size = 0;
      let seq = 0;
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      const flush = async (upTo: number) => {
        const whole = Buffer.concat(pending, pendingBytes);
        await db.query('INSERT INTO stored_file_chunk (file_id, seq, bytes) VALUES ($1, $2, $3)', [fileId, seq++, whole.subarray(0, upTo)]);
        pending = upTo < whole.length ? [whole.subarray(upTo)] : [];
        pendingBytes = whole.length - upTo;
      };
      await db.query('INSERT INTO stored_file (id) VALUES ($1)', [fileId]);
      try {
        for await (const chunk of stream) {
          hash.update(chunk);
          size += chunk.length;
          pending.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          pendingBytes += chunk.length;
          while (pendingBytes >= CHUNK_BYTES) await flush(CHUNK_BYTES);
        }
        if (pendingBytes > 0) await flush(pendingBytes);
        const sha256 = hash.digest('hex');
        await db.query('UPDATE stored_file SET size_bytes = $2, sha256 = $3, complete = true WHERE id = $1', [fileId, size, sha256]);
        return { fileId, size, sha256 };
      } catch (err) {
        await remove(fileId);
        throw err;
      }
    },

    async *open(fileId) {
      for (let seq = 0; ; seq++) {
        const [row] = await db.query<{ bytes: Uint8Array }>('SELECT bytes FROM stored_file_chunk WHERE file_id = $1 AND seq = $2', [fileId, seq]);
        if (!row) return;
        yield row.bytes;
      }
    },

    remove,
  };
}
