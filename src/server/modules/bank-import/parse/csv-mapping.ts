import type { CsvMapping } from '../../../../contract/schemas/bank-import.js';
import { ValidationError } from '../../../lib/errors.js';
import { guessMapping, headerKey } from './csv-guess.js';
import type { CsvRow } from './csv-rows.js';

/**
 * Which row of a CSV is its header and which mapping reads it. Banks put an account summary above the
 * header (three lines of "Account;DE89…"), so the header is the first row that holds the mapping's
 * column names, not simply the first row. The mapping is the one the admin gave, else the one kept for
 * the bank account, else a guess; a kept mapping that no longer fits (the bank changed its layout) gives
 * way to a guess, while a given one that fits no row is refused, naming the columns it looked for.
 */

export type MappingSource = 'given' | 'saved' | 'guessed';

/** The index of each mapped field's column in the header row. */
export type Columns = Partial<Record<'date' | 'amount' | 'debit' | 'credit' | 'payee' | 'memo' | 'reference', number>>;

export type ChosenMapping =
  | { headerAt: number; mapping: CsvMapping; source: MappingSource; columns: Columns }
  | { headerAt: number; mapping: null; source: null; columns: null };

/** A bank's preamble is a few lines: the header is looked for among the first rows only. */
const HEADER_SEARCH_ROWS = 30;
const FIELDS = ['date', 'amount', 'debit', 'credit', 'payee', 'memo', 'reference'] as const;

/** The mapping's columns in this header row; null when one of the names it uses is missing. */
function columnsIn(cells: readonly string[], mapping: CsvMapping): Columns | null {
  const keys = cells.map(headerKey);
  const columns: Columns = {};
  for (const field of FIELDS) {
    const name = mapping[field];
    if (name === undefined) continue;
    const k = keys.indexOf(headerKey(name));
    if (k < 0) return null;
    columns[field] = k;
  }
  return columns;
}

function fit(rows: readonly CsvRow[], mapping: CsvMapping, source: MappingSource): ChosenMapping | null {
  for (let k = 0; k < Math.min(rows.length, HEADER_SEARCH_ROWS); k += 1) {
    const columns = columnsIn(rows[k]!.cells, mapping);
    if (columns) return { headerAt: k, mapping, source, columns };
  }
  return null;
}

/** Without a mapping to show, the header is the first row with as many filled cells as any of the first rows. */
function likeliestHeader(rows: readonly CsvRow[]): number {
  const filled = rows.slice(0, HEADER_SEARCH_ROWS).map((row) => row.cells.filter((c) => c.trim() !== '').length);
  return Math.max(0, filled.indexOf(Math.max(...filled)));
}

export function chooseMapping(rows: readonly CsvRow[], { given, saved }: { given?: CsvMapping; saved?: CsvMapping | null }): ChosenMapping {
  if (given) {
    const chosen = fit(rows, given, 'given');
    if (chosen) return chosen;
    const names = FIELDS.flatMap((f) => (given[f] === undefined ? [] : [`“${given[f]}”`]));
    throw new ValidationError(`The file has no header row with the columns the mapping names: ${names.join(', ')}.`);
  }
  const kept = saved ? fit(rows, saved, 'saved') : null;
  if (kept) return kept;
  for (let k = 0; k < Math.min(rows.length, HEADER_SEARCH_ROWS); k += 1) {
    const below = rows.slice(k + 1, k + 21).map((row) => row.cells);
    const mapping = guessMapping(rows[k]!.cells, below);
    const columns = mapping ? columnsIn(rows[k]!.cells, mapping) : null;
    if (mapping && columns) return { headerAt: k, mapping, source: 'guessed', columns };
  }
  return { headerAt: likeliestHeader(rows), mapping: null, source: null, columns: null };
}
