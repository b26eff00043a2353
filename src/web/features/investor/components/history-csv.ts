import { dollarsColumn, type CsvColumn } from '../../../lib/csv-export';
import type { HistoryRow } from './history-table';

/**
 * A history table's rows as CSV columns: the month as the server names it ('2024-03', which every
 * spreadsheet sorts), the amount in exact cents, and what each row was when the rows say (distributions).
 */
export function historyCsvColumns(rows: readonly HistoryRow[]): CsvColumn<HistoryRow>[] {
  const columns: CsvColumn<HistoryRow>[] = [
    { header: 'Month', kind: 'text', value: (r) => r.date.slice(0, 7) },
    dollarsColumn('Amount', (r) => r.amount),
  ];
  return rows.some((r) => r.description) ? [...columns, { header: 'Description', kind: 'text', value: (r) => r.description }] : columns;
}
