import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { MAX_K1_BATCH_FILES } from '../../../contract/schemas/k1-batches.js';
import { MAX_DOCUMENT_BYTES } from '../../../contract/schemas/documents.js';
import { AppError, ValidationError } from '../../lib/errors.js';

/**
 * The PDFs of an uploaded zip, read from its file on disk. The whole directory is checked before any entry
 * is inflated (a zip bomb is refused by what it declares: too many entries, an entry or a total too large,
 * an entry that inflates far more than a PDF does), then each entry is inflated on its own, bounded again
 * while it inflates (yauzl's validateEntrySizes holds it to what it declared), and handed on whole: one
 * PDF in memory at a time.
 */
export const MAX_ZIP_INFLATED_BYTES = 2 * 1024 * 1024 * 1024;
/** A PDF compresses a few times at most: far more, for an entry of any size, is a bomb, not a K-1. */
export const MAX_COMPRESSION_RATIO = 200;
const RATIO_CHECKED_ABOVE = 1024 * 1024;

const MB = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;
const PDF_SIGNATURE = Buffer.from('%PDF-');

/** The entries the Mac's and Windows' zippers add beside the files: skipped, not refused. */
const isClutter = (name: string) => name.endsWith('/') || name.startsWith('__MACOSX/') || (name.split('/').at(-1) ?? '').startsWith('.');

/** A name that would place a file outside the folder it is unpacked in, or that only Windows reads as a folder. */
const isUnsafePath = (name: string) => name.startsWith('/') || name.includes('\\') || /^[A-Za-z]:/.test(name) || name.split('/').includes('..')
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  || /[\u0000-\u001f\u007f]/.test(name) || name.length > 1000;

const openZip = (path: string) =>
  new Promise<ZipFile>((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true, autoClose: false, validateEntrySizes: true, decodeStrings: false }, (err, zip) => {
      if (err) return reject(err);
      // Errors reach the reader that asked (eachEntry, a read stream); one after it stopped listening must not end the process.
      zip.on('error', () => {});
      resolve(zip);
    });
  });

const damaged = () => new ValidationError('The zip cannot be read: it is damaged, or not a zip.');

/** The entries of the zip that are PDFs to read, in the zip's order, after every check of the directory. */
async function checkedEntries(zip: ZipFile): Promise<{ name: string; entry: Entry }[]> {
  if (zip.entryCount > MAX_K1_BATCH_FILES) {
    throw new AppError(413, `The zip holds ${zip.entryCount} entries: a batch may hold at most ${MAX_K1_BATCH_FILES.toLocaleString('en-US')} files.`);
  }
  const found: { name: string; entry: Entry }[] = [];
  const names = new Set<string>();
  let total = 0;
  try {
    for await (const entry of zip.eachEntry()) {
      // Decoded here rather than by yauzl, so a name it would refuse is named in our words.
      const name = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, true);
      if (isUnsafePath(name)) throw new ValidationError(`The zip holds a path that is not allowed: "${name}". Zip the PDFs themselves, without folders above them or drive letters.`);
      if (isClutter(name)) continue;
      if (entry.isEncrypted()) throw new ValidationError(`"${name}" in the zip is encrypted: zip the K-1s without a password.`);
      if (entry.uncompressedSize > MAX_DOCUMENT_BYTES) throw new AppError(413, `"${name}" in the zip is larger than ${MB(MAX_DOCUMENT_BYTES)}: a K-1 may be at most ${MB(MAX_DOCUMENT_BYTES)}.`);
      total += entry.uncompressedSize;
      if (total > MAX_ZIP_INFLATED_BYTES) throw new AppError(413, `The zip unpacks to more than ${MB(MAX_ZIP_INFLATED_BYTES)}: send the K-1s in smaller zips.`);
      if (entry.uncompressedSize > RATIO_CHECKED_ABOVE && entry.uncompressedSize > MAX_COMPRESSION_RATIO * Math.max(entry.compressedSize, 1)) {
        throw new ValidationError(`"${name}" in the zip unpacks to more than ${MAX_COMPRESSION_RATIO} times its size: that is not a K-1, and the zip is refused.`);
      }
      if (names.has(name)) throw new ValidationError(`Two files in the batch are named "${name}": give each K-1 its own name.`);
      names.add(name);
      found.push({ name, entry });
    }
  } catch (err) {
    throw err instanceof AppError ? err : damaged();
  }
  if (found.length === 0) throw new ValidationError('The zip holds no PDF: zip the K-1s (PDFs) and send it again.');
  return found;
}

/** One entry inflated, refused past the most a K-1 may be, or when it is not a PDF. */
async function inflate(zip: ZipFile, name: string, entry: Entry): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    const stream = await zip.openReadStreamPromise(entry);
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_DOCUMENT_BYTES) {
        stream.destroy();
        throw new AppError(413, `"${name}" in the zip is larger than ${MB(MAX_DOCUMENT_BYTES)}: a K-1 may be at most ${MB(MAX_DOCUMENT_BYTES)}.`);
      }
      chunks.push(chunk);
    }
  } catch (err) {
    throw err instanceof AppError ? err : new ValidationError(`"${name}" in the zip cannot be unpacked: it is damaged, or packed in a way this portal does not read.`);
  }
  const bytes = Buffer.concat(chunks, size);
  if (!bytes.subarray(0, PDF_SIGNATURE.length).equals(PDF_SIGNATURE)) throw new ValidationError(`"${name}" in the zip is not a PDF: a batch holds only PDFs.`);
  return bytes;
}

/** The PDFs of the zip at `path`, each whole and one at a time; every check of the directory comes first. */
export async function* zipPdfs(path: string): AsyncGenerator<{ name: string; bytes: Buffer }> {
  let zip: ZipFile;
  try {
    zip = await openZip(path);
  } catch {
    throw damaged();
  }
  try {
    const entries = await checkedEntries(zip);
    for (const { name, entry } of entries) yield { name, bytes: await inflate(zip, name, entry) };
  } finally {
    zip.close();
  }
}

/** The names of the zip's PDFs, checked as zipPdfs checks them, without inflating any: a refusal before anything is kept. */
export async function zipPdfNames(path: string): Promise<string[]> {
  let zip: ZipFile;
  try {
    zip = await openZip(path);
  } catch {
    throw damaged();
  }
  try {
    return (await checkedEntries(zip)).map((e) => e.name);
  } finally {
    zip.close();
  }
}
