/**
 * How the document vault reads on screen, without zod: the investor page shows documents and loads no
 * schema (docs/performance.md). schemas/documents.ts builds its schemas from these.
 */
export const DOCUMENT_KINDS = ['k1', 'statement', 'agreement', 'notice', 'tax', 'other'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const DOCUMENT_KIND_WORDS: Record<DocumentKind, string> = {
  k1: 'K-1', statement: 'Statement', agreement: 'Agreement', notice: 'Notice', tax: 'Tax', other: 'Other',
};

/** A file's size as people read it: 820 bytes, 12 KB, 3.4 MB. */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
