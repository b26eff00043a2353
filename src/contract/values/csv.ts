/**
 * CSV files as RFC 4180 writes them (UTF-8, CRLF, quotes only where needed), shared by the server's
 * exports and the web app's downloads so both produce the same bytes. The caller says what each column
 * holds, because that decides two things a string cannot: an amount is written as a plain decimal a
 * spreadsheet reads as a number, and only free text is guarded against formula injection. A negative
 * amount starts with "-" yet must stay a number; a description starting with "-" or "=" must not
 * become a formula.
 */

export type CsvColumn<Row> =
  /** Free text (names, descriptions, memos): quoted when needed and guarded against formulas. */
  | { header: string; kind: 'text'; value: (row: Row) => string | null | undefined }
  /** Integer cents, written as dollars with two decimals and no symbol: -123456 → -1234.56. */
  | { header: string; kind: 'cents'; value: (row: Row) => number | null | undefined }
  /** A calendar date, 'YYYY-MM-DD', which spreadsheets read as a date in any locale. */
  | { header: string; kind: 'date'; value: (row: Row) => string | null | undefined }
  /** Any other finite number (a share, a count), written as JavaScript writes it. */
  | { header: string; kind: 'number'; value: (row: Row) => number | null | undefined };

export type CsvOptions = {
  /**
   * Start with a UTF-8 byte order mark; on by default. Excel opens a CSV without one in the machine's
   * legacy code page, so "Zoë" arrives as "ZoÃ«"; with it, Excel, Numbers, LibreOffice and Google Sheets
   * all read UTF-8. Investors and their CPAs open these files in spreadsheets, so the BOM is worth the
   * one cost: a program reading the file as plain text must skip it (Python's 'utf-8-sig' does). Turn it
   * off for a file meant only for another program.
   */
  bom?: boolean;
};

export const CSV_MEDIA_TYPE = 'text/csv; charset=utf-8';

const BOM = '\uFEFF';
const CRLF = '\r\n';

/** The whole file as one string (prefix included), for a response body or a Blob. */
export function toCsv<Row>(columns: CsvColumn<Row>[], rows: Iterable<Row>, options: CsvOptions = {}): string {
  return [...csvChunks(columns, rows, options)].join('');
}

/**
 * The file record by record, so a long export can be streamed (`Readable.from(csvChunks(...))` on the
 * server) without building it in memory. Every record, the last too, ends with CRLF.
 */
export function* csvChunks<Row>(columns: CsvColumn<Row>[], rows: Iterable<Row>, options: CsvOptions = {}): Generator<string> {
  yield (options.bom === false ? '' : BOM) + csvRecord(columns.map((column) => textCell(column.header)));
  for (const row of rows) yield csvRecord(columns.map((column) => cell(column, row)));
}

function cell<Row>(column: CsvColumn<Row>, row: Row): string {
  switch (column.kind) {
    case 'text': return textCell(column.value(row));
    case 'cents': return orEmpty(column.value(row), centsText);
    case 'date': return orEmpty(column.value(row), dateText);
    case 'number': return orEmpty(column.value(row), numberText);
  }
}

function orEmpty<T>(value: T | null | undefined, write: (value: T) => string): string {
  return value === null || value === undefined ? '' : write(value);
}

/**
 * Cents as a plain decimal with two places, e.g. 7500000 → "75000.00", -5 → "-0.05": the form every
 * spreadsheet and accounting import reads as a number (no symbol, no thousands separator).
 */
export function centsText(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new TypeError(`An amount in cents must be a whole number, not ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Dates and numbers skip the formula guard, so they are checked to be what the column says. */
function dateText(date: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new TypeError(`A CSV date must be YYYY-MM-DD, not ${JSON.stringify(date)}`);
  return date;
}

function numberText(value: number): string {
  if (!Number.isFinite(value)) throw new TypeError(`A CSV number must be finite, not ${value}`);
  return String(value);
}

/**
 * A cell a spreadsheet would run as a formula (starting with = + - @, a tab or a carriage return) gets
 * a leading single quote, which spreadsheets show as text and do not evaluate (OWASP, "CSV Injection").
 * Investors' names and entry descriptions are typed by people, and a CPA opens the file in Excel.
 */
export function neutralizeFormula(text: string): string {
  // Also after leading spaces (some spreadsheets trim them before reading a cell) and in the full-width
  // forms of the four signs, which some spreadsheets read as the ASCII ones.
  return /^[\t\r ]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20\t\r]/.test(text) ? `'${text}` : text;
}

function textCell(value: string | null | undefined): string {
  return value === null || value === undefined ? '' : neutralizeFormula(value);
}

/** RFC 4180: a field holding a comma, a quote, CR or LF is quoted, its quotes doubled. */
function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function csvRecord(fields: string[]): string {
  return fields.map(csvField).join(',') + CRLF;
}
