import type { CsvMapping } from '../../../../contract/schemas/bank-import.js';
import type { ParsedStatement } from '../bank-import-types.js';
import { parseCsv } from './parse-csv.js';
import { parseOfx } from './parse-ofx.js';
import { decodeStatement, emptyStatement, notAStatement, textKind } from './statement-text.js';

/**
 * A bank statement's bytes into its transactions: the one entry of parse/, pure (no database, no
 * clock), so every format and every bad file is tested without a server. The format is read from the
 * content; the name only tells a QFX (Quicken's OFX) from a plain OFX, which Intuit's own tags tell
 * too. A bad file is refused with a ValidationError in plain words, before anything is written.
 */

/** Quicken's additions to OFX (<INTU.BID>, <INTU.USERID>): what makes an OFX file a QFX. */
const INTUIT_TAG = /<INTU\./i;

export function parseStatement(
  bytes: Buffer,
  fileName: string,
  opts: { given?: CsvMapping; saved?: CsvMapping | null },
): ParsedStatement {
  const text = decodeStatement(bytes);
  if (text.trim() === '') emptyStatement();
  const kind = textKind(text);
  if (kind === 'other') notAStatement();
  if (kind === 'ofx') {
    const qfx = fileName.toLowerCase().endsWith('.qfx') || INTUIT_TAG.test(text);
    return parseOfx(text, qfx ? 'qfx' : 'ofx');
  }
  return parseCsv(text, opts);
}
