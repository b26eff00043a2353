import type { TxnRow } from '../../../../contract/schemas/viewers';
import { dollarsColumn, type CsvColumn } from '../../../lib/csv-export';

/**
 * A viewer table's rows as CSV columns. The detail is the server's whole text ("Repairs: Roof repair"),
 * the category kept even where the screen drops a repeated one, since a spreadsheet sorts by it. Voided
 * rows are listed only with "Show voided" on; then who voided each, when (UTC) and why follow.
 */
export function txnCsvColumns(rows: readonly TxnRow[]): CsvColumn<TxnRow>[] {
  const columns: CsvColumn<TxnRow>[] = [
    { header: 'ID', kind: 'number', value: (r) => r.id },
    { header: 'Date', kind: 'date', value: (r) => r.date.slice(0, 10) },
    dollarsColumn('Amount', (r) => r.amount),
    { header: 'Detail', kind: 'text', value: (r) => r.detail },
  ];
  if (!rows.some((r) => r.voided_at)) return columns;
  return [
    ...columns,
    { header: 'Voided At (UTC)', kind: 'text', value: (r) => r.voided_at },
    { header: 'Voided By', kind: 'text', value: (r) => r.voided_by },
    { header: 'Void Reason', kind: 'text', value: (r) => r.void_reason },
  ];
}
