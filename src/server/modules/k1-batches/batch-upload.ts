import { mkdtemp, open, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MultipartBody, UploadedFile } from '../../../contract/endpoint.js';
import { MAX_DOCUMENT_BYTES } from '../../../contract/schemas/documents.js';
import { AppError, ValidationError } from '../../lib/errors.js';
import { safeFileName } from '../documents/documents.js';
import { zipPdfNames, zipPdfs } from './zip-pdfs.js';

/** A file part of the upload, kept on disk until the fields (which may come after it) are checked. */
type Spooled = { kind: 'pdf' | 'zip'; name: string; path: string; size: number };

const PDF = Buffer.from('%PDF-');
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** A zip without entries is its end record alone. */
const EMPTY_ZIP = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
const MB = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/**
 * An upload of K-1s, read part by part into a folder of its own under the system's temporary folder,
 * each part recognised by its first bytes (a PDF or a zip, whatever it is called). `pdfs()` then gives the
 * batch's PDFs one at a time, whole, with their names in the batch; `close()` removes the folder.
 */
export async function receiveBatch<F>(body: MultipartBody<F>): Promise<{ fields: F; pdfs: () => AsyncGenerator<{ name: string; bytes: Buffer }>; close: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'k1-batch-'));
  const close = () => rm(dir, { recursive: true, force: true });
  try {
    let n = 0;
    const { fields, files } = await body.read((part) => spool(part, path.join(dir, `part-${n++}`)));
    const parts = await checkedParts(files);
    return { fields, pdfs: () => pdfsOf(parts), close };
  } catch (err) {
    await close();
    throw err;
  }
}

async function spool(part: UploadedFile, file: string): Promise<Spooled> {
  const name = safeFileName(part.fileName);
  const handle = await open(file, 'w');
  let size = 0;
  let head = Buffer.alloc(0);
  try {
    for await (const chunk of part.stream) {
      if (head.length < PDF.length) {
        head = Buffer.concat([head, chunk]).subarray(0, PDF.length);
        if (head.length >= ZIP.length && !isZip(head) && !PDF.subarray(0, head.length).equals(head)) throw notPdfOrZip(name);
      }
      size += chunk.length;
      await handle.write(chunk);
    }
  } finally {
    await handle.close();
  }
  if (size === 0) throw new ValidationError(`"${name}" is empty.`);
  const kind = startsAs(head, PDF) ? 'pdf' : isZip(head) ? 'zip' : null;
  if (!kind) throw notPdfOrZip(name);
  return { kind, name, path: file, size };
}

const startsAs = (head: Buffer, signature: Buffer) => head.length >= signature.length && head.subarray(0, signature.length).equals(signature);
const isZip = (head: Buffer) => startsAs(head, ZIP) || startsAs(head, EMPTY_ZIP);
const notPdfOrZip = (name: string) => new ValidationError(`"${name}" is neither a PDF nor a zip: send the K-1s as PDFs, or as one zip of PDFs.`);

/** The parts, as a batch allows them: one zip, or PDFs each at most a document's size and each named once. */
async function checkedParts(parts: Spooled[]): Promise<Spooled[]> {
  if (parts.length === 0) throw new ValidationError('Choose the K-1s to upload: one zip, or the PDFs.');
  const zips = parts.filter((p) => p.kind === 'zip');
  if (zips.length > 0 && parts.length > 1) throw new ValidationError('Send one zip, or PDFs without a zip: not both, nor several zips.');
  if (zips.length === 1) {
    await zipPdfNames(zips[0]!.path); // every check of its directory, before anything is kept
    return parts;
  }
  const names = new Set<string>();
  for (const p of parts) {
    if (p.size > MAX_DOCUMENT_BYTES) throw new AppError(413, `"${p.name}" is larger than ${MB(MAX_DOCUMENT_BYTES)}: a K-1 may be at most ${MB(MAX_DOCUMENT_BYTES)}.`);
    if (names.has(p.name)) throw new ValidationError(`Two files in the batch are named "${p.name}": give each K-1 its own name.`);
    names.add(p.name);
  }
  return parts;
}

async function* pdfsOf(parts: Spooled[]): AsyncGenerator<{ name: string; bytes: Buffer }> {
  for (const p of parts) {
    if (p.kind === 'zip') yield* zipPdfs(p.path);
    else yield { name: p.name, bytes: await readFile(p.path) };
  }
}
