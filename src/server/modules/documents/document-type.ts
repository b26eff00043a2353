import type { DocumentType } from '../../../contract/schemas/documents.js';

/**
 * A document's type, read from its content as it streams past (never from its name or the type the
 * browser claims): PDF, PNG and JPEG by their first bytes; Word and Excel files by the zip's central
 * directory, which must list [Content_Types].xml and the part that makes it a document or a workbook;
 * text and CSV as valid UTF-8 without NUL bytes. It keeps the first bytes and at most the last MiB
 * (where a zip's directory is), so a 25 MB file costs no more memory than a small one.
 */
const TAIL_BYTES = 1024 * 1024;
const HEAD_BYTES = 8;

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** How each type reads in a refusal, and the file names it usually carries. */
const TYPE_WORDS: Record<DocumentType, { words: string; extensions: string[] }> = {
  'application/pdf': { words: 'a PDF', extensions: ['pdf'] },
  'image/png': { words: 'a PNG image', extensions: ['png'] },
  'image/jpeg': { words: 'a JPEG image', extensions: ['jpg', 'jpeg'] },
  [DOCX]: { words: 'a Word document', extensions: ['docx'] },
  [XLSX]: { words: 'an Excel workbook', extensions: ['xlsx'] },
  'text/plain': { words: 'a text file', extensions: ['txt'] },
  'text/csv': { words: 'a CSV file', extensions: ['csv'] },
};

const startsWith = (bytes: Uint8Array, signature: readonly number[]) => signature.every((b, k) => bytes[k] === b);
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const ZIP = [0x50, 0x4b, 0x03, 0x04];

export type Sniffed = { ok: true; type: DocumentType } | { ok: false; message: string };

export function createTypeSniffer() {
  const head = new Uint8Array(HEAD_BYTES);
  let headLength = 0;
  let tail: Buffer = Buffer.alloc(0);
  let size = 0;
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let text = true;

  return {
    push(chunk: Uint8Array): void {
      size += chunk.length;
      if (headLength < HEAD_BYTES) {
        const take = chunk.subarray(0, HEAD_BYTES - headLength);
        head.set(take, headLength);
        headLength += take.length;
      }
      const joined = Buffer.concat([tail, chunk]);
      tail = joined.length > TAIL_BYTES ? Buffer.from(joined.subarray(joined.length - TAIL_BYTES)) : joined;
      if (text) text = decodes(decoder, chunk, true);
    },

    /** The type of what was pushed, checked against the file's name: a name that says otherwise is refused. */
    finish(fileName: string): Sniffed {
      if (size === 0) return { ok: false, message: 'The file is empty.' };
      if (text) text = decodes(decoder, new Uint8Array(0), false);
      const found = typeOf(head.subarray(0, headLength), tail, size, text, extensionOf(fileName));
      if (!found) {
        return { ok: false, message: 'The file must be a PDF, PNG or JPEG image, Word document (.docx), Excel workbook (.xlsx), or text or CSV file.' };
      }
      const named = namedType(fileName);
      if (named && named !== found && !(isText(named) && isText(found))) {
        return { ok: false, message: `The file is named as ${TYPE_WORDS[named].words}, but its content is ${TYPE_WORDS[found].words}.` };
      }
      return { ok: true, type: found };
    },
  };
}

const isText = (type: DocumentType) => type === 'text/plain' || type === 'text/csv';

/** Whether the bytes continue valid UTF-8 text without NUL. */
function decodes(decoder: TextDecoder, chunk: Uint8Array, more: boolean): boolean {
  try {
    return !decoder.decode(chunk, { stream: more }).includes('\0');
  } catch {
    return false;
  }
}

const extensionOf = (fileName: string) => /\.([A-Za-z0-9]{1,8})$/.exec(fileName)?.[1]?.toLowerCase() ?? '';

/** The type a file's name claims, if it names one of ours. */
function namedType(fileName: string): DocumentType | undefined {
  const ext = extensionOf(fileName);
  return (Object.keys(TYPE_WORDS) as DocumentType[]).find((type) => TYPE_WORDS[type].extensions.includes(ext));
}

function typeOf(head: Uint8Array, tail: Buffer, size: number, text: boolean, ext: string): DocumentType | null {
  if (startsWith(head, PDF)) return 'application/pdf';
  if (startsWith(head, PNG)) return 'image/png';
  if (startsWith(head, JPEG)) return 'image/jpeg';
  if (startsWith(head, ZIP)) return officeTypeOf(zipEntryNames(tail, size));
  // Text has no signature: CSV and plain text differ only by what the file is called.
  if (text) return ext === 'csv' ? 'text/csv' : 'text/plain';
  return null;
}

function officeTypeOf(names: Set<string> | null): DocumentType | null {
  if (!names?.has('[Content_Types].xml')) return null;
  if (names.has('word/document.xml')) return DOCX;
  if (names.has('xl/workbook.xml')) return XLSX;
  return null;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;

/**
 * The names in a zip's central directory, read from the file's last bytes: the end record (found from
 * the end, past a comment of up to 64 KiB) gives where the directory starts. Null when it is not there.
 */
export function zipEntryNames(tail: Buffer, size: number): Set<string> | null {
  const lowest = Math.max(0, tail.length - 22 - 0xffff);
  let end = -1;
  for (let i = tail.length - 22; i >= lowest; i--) {
    if (tail.readUInt32LE(i) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  const entries = tail.readUInt16LE(end + 10);
  const directorySize = tail.readUInt32LE(end + 12);
  const directoryOffset = tail.readUInt32LE(end + 16);
  const tailStart = size - tail.length;
  let at = directoryOffset - tailStart;
  if (at < 0 || directoryOffset + directorySize > size) return null;
  const names = new Set<string>();
  for (let n = 0; n < entries; n++) {
    if (at + 46 > tail.length || tail.readUInt32LE(at) !== CENTRAL) return null;
    const nameLength = tail.readUInt16LE(at + 28);
    const extraLength = tail.readUInt16LE(at + 30);
    const commentLength = tail.readUInt16LE(at + 32);
    if (at + 46 + nameLength > tail.length) return null;
    names.add(tail.toString('utf8', at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}
