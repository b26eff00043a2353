import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';

/**
 * A zip archive written as it is sent (the CPA tax package: a PDF and CSVs per investor and entity).
 * Entries go out one after another; an entry given as a function is opened only when the entries
 * before it are written, so a package of many generated PDFs holds one in memory at a time, and a slow
 * client slows the generation down instead of letting it pile up (the entry is piped, with backpressure).
 */
export type ZipContent = Buffer | string | Readable | (() => Readable | Promise<Readable>);

export type ZipEntryOptions = {
  /** The entry's modification time; pass the service clock's time (default: now). */
  modified?: Date;
  /** Deflate the entry (default). Store instead what is compressed already (PNG, JPEG, a zip). */
  compress?: boolean;
};

export type ZipWriter = {
  /** The archive's bytes as they are produced: `reply.type('application/zip').send(zip.stream)`. */
  readonly stream: Readable;
  /** Adds an entry at `name` ('folder/file.pdf', forward slashes; see safeFileName for each part). */
  add(name: string, content: ZipContent, options?: ZipEntryOptions): void;
  /** Writes the central directory once the entries are written, and ends the stream. No add after this. */
  finish(): void;
};

export function createZipWriter(): ZipWriter {
  const zip = new ZipFile();
  // yazl's output is a PassThrough; its typings say only NodeJS.ReadableStream.
  const stream = zip.outputStream as Readable;
  const open = new Set<Readable>();

  // Errors go to the output, so a reply in progress is aborted rather than ending in a truncated,
  // valid-looking archive; yazl reports its own on the ZipFile and ignores its entries' streams'.
  const fail = (error: unknown) => stream.destroy(error instanceof Error ? error : new Error(String(error)));
  zip.on('error', fail);
  // A client that goes away ends the entries' streams (a PDF being generated, a file being read), and
  // the entries not yet opened never are.
  stream.on('close', () => {
    for (const entry of open) entry.destroy();
  });

  const watch = (entry: Readable): Readable => {
    open.add(entry);
    entry.on('error', fail);
    entry.on('close', () => open.delete(entry));
    return entry;
  };

  return {
    stream,
    add(name, content, options = {}) {
      const entryOptions = { mtime: options.modified ?? new Date(), compress: options.compress ?? true };
      if (typeof content === 'string') zip.addBuffer(Buffer.from(content, 'utf8'), name, entryOptions);
      else if (Buffer.isBuffer(content)) zip.addBuffer(content, name, entryOptions);
      else if (typeof content === 'function') {
        zip.addReadStreamLazy(name, entryOptions, (callback) => {
          if (stream.destroyed) return;
          Promise.resolve()
            .then(content)
            .then((entry) => callback(null, watch(entry)), fail);
        });
      } else zip.addReadStream(watch(content), name, entryOptions);
    },
    finish() {
      zip.end();
    },
  };
}

/**
 * One part of an entry's path from a name people typed ("Smith/Jones LLC: 2024"), made safe to unpack
 * on Windows, macOS and Linux: no separators, no characters or device names Windows forbids, no
 * leading dots (hidden files, "..") or trailing dots and spaces (which Windows drops).
 */
export function safeFileName(text: string, fallback = 'file'): string {
  const safe = Array.from(text) // by code point, so the cut at 120 never halves an emoji
    .slice(0, 120)
    .join('')
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]+/g, '-')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  if (safe === '') return fallback;
  // Windows refuses these device names as files, with or without an extension.
  return /^(con|prn|aux|nul|com\d|lpt\d)(\.|$)/i.test(safe) ? `_${safe}` : safe;
}

/**
 * Names for a zip's entries that never collide: two investors whose names differ only in characters a
 * file name cannot hold ("Smith/Jones", "Smith-Jones") would otherwise overwrite each other on unzip.
 * Compared without case, as Windows and macOS compare file names.
 */
export function uniqueNames(): (name: string, extension: string) => string {
  const taken = new Set<string>();
  return (name, extension) => {
    let candidate = `${name}${extension}`;
    for (let k = 2; taken.has(candidate.toLowerCase()); k++) candidate = `${name} (${k})${extension}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  };
}
