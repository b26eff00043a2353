/**
 * What a caller asks a PDF to hold, as data: the statements and the tax package describe their pages
 * with these blocks and never touch the PDF library, so the house style lives in one place. Every
 * value is already-formatted text (amounts, dates): the builder lays out, it does not format.
 */

export type PdfColumn = {
  header: string;
  /** Amounts are right-aligned so their decimal points line up; a right-aligned cell stays on one line. */
  align?: 'left' | 'right';
  /** A share of the table's width relative to the other columns (default 1), not points. */
  width?: number;
};

export type PdfFact = { label: string; value: string; strong?: boolean };

export type PdfBlock =
  | { kind: 'title'; text: string; subtitle?: string }
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string; muted?: boolean }
  /** A two-column list of label and value, values right-aligned; a strong row is a subtotal. */
  | { kind: 'facts'; rows: PdfFact[] }
  /** Rows never split across pages; a table that continues repeats its header on the next page. */
  | { kind: 'table'; columns: PdfColumn[]; rows: string[][]; totals?: string[] };

export type PdfDocumentSpec = {
  /** The document's title in its metadata (the viewer's window title) and in the running header. */
  title: string;
  author?: string;
  subject?: string;
  /** The running header on every page: the portal's name, with its logo when given. */
  header?: { name: string; logoPng?: Buffer };
  /** The running footer's left side, e.g. "Prepared 2025-01-31 · Confidential"; the page number is on the right. */
  footer?: string;
  /** Recorded as the creation date; pass the service clock's time so documents are reproducible. */
  createdAt?: Date;
  blocks: PdfBlock[];
};
