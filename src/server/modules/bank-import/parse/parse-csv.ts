import type { CsvMapping } from '../../../../contract/schemas/bank-import.js';
import { ValidationError } from '../../../lib/errors.js';
import type { ParsedStatement, StatementLine } from '../bank-import-types.js';
import { parseAmountText } from './amount-text.js';
import { parseBankDate } from './bank-dates.js';
import { chooseMapping, type Columns } from './csv-mapping.js';
import { readCsvRows, type CsvRow } from './csv-rows.js';
import { checkLineCount, cleanText, emptyStatement, notAStatement } from './statement-text.js';

/**
 * The transactions of a CSV statement through its mapping. A row with no date or no amount, or a
 * balance or total row, is not a transaction: it is counted and left out, never refused (every bank
 * adds such rows). A date or an amount that is there but does not read is refused by its line, since
 * guessing would put a wrong figure in the books. Without a mapping, the header and first rows are
 * answered so the admin can map the columns.
 */

/** How the first rows are shown on the mapping screen. */
const SAMPLE_ROWS = 5;
/** Words of a row that sums up rather than records: "Beginning balance", "Total", "Kontostand". */
const SUMMARY = /\b(?:balance|total|opening|closing|saldo|kontostand)\b/i;

const NOT_A_TRANSACTION = 'not a transaction';

/** The amount of a row in cents (money in positive); 0 when its amount cells are all empty. */
function amountOf(row: CsvRow, columns: Columns, mapping: CsvMapping): number {
  const cell = (k: number | undefined) => (k === undefined ? '' : (row.cells[k] ?? '').trim());
  const read = (text: string): number => {
    if (text === '') return 0;
    const result = parseAmountText(text, { decimalComma: mapping.decimal_comma });
    if (!result.ok) throw new ValidationError(`Line ${row.line}: the amount “${text}” ${result.reason}.`);
    return result.cents;
  };
  if (columns.amount !== undefined) {
    const cents = read(cell(columns.amount));
    return mapping.reversed_signs ? -cents : cents;
  }
  // A debit is money out however the bank signs it ("12.50" or "-12.50"); a credit is money in as written.
  return read(cell(columns.credit)) - Math.abs(read(cell(columns.debit)));
}

function lineOf(row: CsvRow, columns: Columns, mapping: CsvMapping, line: number): StatementLine | typeof NOT_A_TRANSACTION {
  const cell = (k: number | undefined) => (k === undefined ? '' : (row.cells[k] ?? '').trim());
  const dateText = cell(columns.date);
  const amountCells = [columns.amount, columns.debit, columns.credit].filter((k) => k !== undefined).map(cell);
  if (dateText === '' || amountCells.every((text) => text === '')) return NOT_A_TRANSACTION;
  const date = parseBankDate(dateText, mapping.date_format);
  if (!date) {
    if (SUMMARY.test(row.cells.join(' '))) return NOT_A_TRANSACTION;
    throw new ValidationError(`Line ${row.line}: the date “${dateText}” is not a date in the format ${mapping.date_format}.`);
  }
  const amountCents = amountOf(row, columns, mapping);
  if (amountCents === 0) return NOT_A_TRANSACTION;
  const memo = cleanText(cell(columns.memo));
  // The column holds 255 characters; a longer "reference" is no bank id, and its start is kept to show.
  const reference = cleanText(cell(columns.reference)).slice(0, 255);
  return { line, date, amountCents, payee: cleanText(cell(columns.payee)) || memo, memo, reference: reference || null };
}

export function parseCsv(text: string, opts: { given?: CsvMapping; saved?: CsvMapping | null }): ParsedStatement {
  const rows = readCsvRows(text);
  if (!rows) notAStatement();
  const chosen = chooseMapping(rows, opts);
  const headers = rows[chosen.headerAt]?.cells.map((c) => c.trim()) ?? [];
  const data = rows.slice(chosen.headerAt + 1).filter((row) => row.cells.some((c) => c.trim() !== ''));
  if (data.length === 0) emptyStatement();
  const csv = { headers, rows: data.slice(0, SAMPLE_ROWS).map((row) => row.cells), mapping: chosen.mapping, mappingSource: chosen.source };
  if (!chosen.mapping) return { format: 'csv', bankAccountId: null, lines: [], notTransactions: 0, csv };

  const lines: StatementLine[] = [];
  let notTransactions = rows.length - chosen.headerAt - 1 - data.length;
  for (const row of data) {
    const line = lineOf(row, chosen.columns, chosen.mapping, lines.length + 1);
    if (line === NOT_A_TRANSACTION) {
      notTransactions += 1;
      continue;
    }
    lines.push(line);
    checkLineCount(lines.length);
  }
  if (lines.length === 0) emptyStatement();
  return { format: 'csv', bankAccountId: null, lines, notTransactions, csv };
}
