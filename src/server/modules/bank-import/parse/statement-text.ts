import { MAX_BANK_LINES } from '../../../../contract/schemas/bank-import.js';
import { ValidationError } from '../../../lib/errors.js';

/**
 * The bytes of an upload as text, what kind of statement the text is (by its content: a file's name
 * says what its author hoped), and the words every refusal of a whole file uses. Banks export UTF-8
 * or their Windows code page (a German "Empfänger" in windows-1252): bytes that are not valid UTF-8
 * are read as windows-1252, which any byte decodes under, so nothing is lost or refused for it.
 */

export const NOT_A_STATEMENT = 'This is not a bank statement: upload a CSV, OFX or QFX file from your bank.';
export const EMPTY_STATEMENT = 'The file is empty: it has no transactions.';

export function notAStatement(): never {
  throw new ValidationError(NOT_A_STATEMENT);
}

export function emptyStatement(): never {
  throw new ValidationError(EMPTY_STATEMENT);
}

/** Refuses a statement past the contract's limit, before more work is spent on it. */
export function checkLineCount(count: number): void {
  if (count > MAX_BANK_LINES) {
    throw new ValidationError(
      `The file has more than ${MAX_BANK_LINES.toLocaleString('en-US')} transactions: split it into smaller statements and import each.`,
    );
  }
}

/** UTF-8 (its byte order mark dropped), else windows-1252. */
export function decodeStatement(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}

export type TextKind = 'ofx' | 'text' | 'other';

/** Control characters no text statement holds (tab, line feed, form feed and carriage return are text). */
// eslint-disable-next-line no-control-regex -- looking for binary content is the point
const BINARY = /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/;

/**
 * OFX (1.x SGML after its `OFXHEADER:100` header, 2.x XML after its `<?xml` and `<?OFX` declarations),
 * plain text that may be delimited, or something else: binary (PDF, image, zip), HTML or other markup,
 * JSON. Only the start is looked at for markup, so a CSV whose memo mentions "<html>" stays a CSV.
 */
export function textKind(text: string): TextKind {
  const head = text.slice(0, 4096).trimStart();
  if (BINARY.test(text.slice(0, 65536)) || head.startsWith('%PDF')) return 'other';
  const upperHead = head.toUpperCase();
  if (upperHead.startsWith('OFXHEADER') || ((upperHead.startsWith('<?XML') || upperHead.startsWith('<?OFX') || upperHead.startsWith('<OFX'))
    && upperHead.includes('<OFX'))) return 'ofx';
  if (head.startsWith('<') || head.startsWith('{') || head.startsWith('[')) return 'other';
  return 'text';
}

/** A payee or memo as it is kept: trimmed, inner white space collapsed, at most 500 characters. */
export function cleanText(text: string | undefined): string {
  return (text ?? '').replace(/\s+/g, ' ').trim().slice(0, 500);
}
