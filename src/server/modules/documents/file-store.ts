/**
 * Where documents' bytes are kept, behind one interface: the features put a stream and open a stream by
 * id, and never see how the bytes are stored. db-file-store.ts keeps them in the database (so a backup
 * carries them); an S3-compatible store would be another implementation of the same three calls.
 */
export type StoredFile = { fileId: string; size: number; sha256: string };

export type FileStore = {
  /**
   * Keeps the bytes as they arrive, never more than a chunk in memory. A stream that fails (a file too
   * large, a client gone) leaves nothing kept, and the error goes on to the caller.
   */
  put(stream: AsyncIterable<Uint8Array>): Promise<StoredFile>;
  /** The bytes of a kept file, read a chunk at a time. */
  open(fileId: string): AsyncIterable<Uint8Array>;
  /** Forgets a file no document refers to (an upload refused after its bytes were kept). */
  remove(fileId: string): Promise<void>;
};
