import { parse, type CsvError, type InfoRecord } from 'csv-parse/sync';
import { ValidationError } from '../../../lib/errors.js';

/**
 * A delimited text's rows, read by csv-parse (never a hand-written tokenizer: quotes, doubled quotes and
 * line breaks inside a memo are its job). Banks use commas, semicolons (where the comma is the decimal
 * mark) or tabs, and say nothing about which: each is tried, and the one that splits the most rows into
 * the same number of cells wins. Rows of unequal length are kept (a bank's preamble above the header
 * is shorter; Chase ends each data row with one more comma than its header has).
 */

export type CsvRow = {
  /** The file's line the row ends on, 1-based: what a spreadsheet or an editor shows the admin. */
  line: number;
  cells: string[];
};

const DELIMITERS = [',', ';', '\t'] as const;

type Attempt = { rows: CsvRow[] } | { error: CsvError };

function read(text: string, delimiter: string): Attempt {
  try {
    const records = parse(text, {
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      info: true,
    }) as unknown as { info: InfoRecord; record: string[] }[];
    return { rows: records.map(({ info, record }) => ({ line: info.lines, cells: record })) };
  } catch (error) {
    return { error: error as CsvError };
  }
}

/** How well a delimiter splits the rows: the commonest number of cells (two or more) times how many rows have it. */
function scoreOf(rows: CsvRow[]): number {
  const counts = new Map<number, number>();
  for (const row of rows) {
    if (row.cells.length >= 2) counts.set(row.cells.length, (counts.get(row.cells.length) ?? 0) + 1);
  }
  let best = 0;
  for (const [cells, rowCount] of counts) best = Math.max(best, cells * rowCount);
  return best;
}

/**
 * The rows of the text by its likeliest delimiter; null when no delimiter makes cells of it (a text
 * that is not a table). A quote left open is refused in words: the file is broken from there on.
 */
export function readCsvRows(text: string): CsvRow[] | null {
  // One line ending throughout: a file pasted together from two systems mixes them.
  const uniform = text.replace(/\r\n?/g, '\n');
  let best: { rows: CsvRow[]; score: number } | null = null;
  let unclosedAt: number | null = null;
  for (const delimiter of DELIMITERS) {
    const attempt = read(uniform, delimiter);
    if ('error' in attempt) {
      const { code, lines } = attempt.error;
      if (code === 'CSV_QUOTE_NOT_CLOSED' && typeof lines === 'number') unclosedAt = lines;
      continue;
    }
    const score = scoreOf(attempt.rows);
    if (score > 0 && (!best || score > best.score)) best = { rows: attempt.rows, score };
  }
  if (!best && unclosedAt !== null) {
    throw new ValidationError(`The file could not be read as CSV: a quote (") is opened near line ${unclosedAt} and never closed.`);
  }
  return best?.rows ?? null;
}
