import { useEffect, useRef } from 'react';
import type { TxnRow, VoidFamily } from '../../../../contract/schemas/viewers';
import { DownloadCsvButton } from '../../../components/download-csv-button';
import { FormError } from '../../../components/form-error';
import { tableCsv } from '../../../lib/csv-export';
import { formatCurrency, formatDate } from '../../../lib/format';
import { isoDay } from '../../../lib/today';
import { txnCsvColumns } from './txn-csv';
import { shownDetail } from './txn-detail';
import { EmptyRow } from '../../../components/empty-row';

/** One table of a viewer: its rows, the word of its delete texts, its empty text. */
export type TxnTableSpec<K extends string> = {
  key: K;
  title: string;
  /** The delete call: /admin/delete_{family} (VOID_ENDPOINTS of the contract). */
  family: VoidFamily;
  /** The word of the confirmation and failure texts: 'income', 'land contract payment', 'LLC expense'. */
  type: string;
  empty: string;
};

type Props<K extends string> = {
  id: string;
  table: TxnTableSpec<K>;
  /** The rows that pass the filter, all of them (the table scrolls inside its card, nothing is cut). */
  rows: TxnRow[];
  /** How many rows the table holds before the filter. */
  total: number;
  filtered: boolean;
  /** The name of the table's CSV: the rows that pass the filter, all of them. */
  csvFile: string;
  /** What went wrong with the last void or correction of one of its rows, in words. */
  failure: string | null;
  headingRef: (el: HTMLHeadingElement | null) => void;
  /** Voids the row (after the confirmation); absent where the role may not void (the button is not shown). */
  onDelete?: (row: TxnRow) => void;
  /** Opens the row's recording form filled in with it, to correct it in one step; absent where the role may not. */
  onCorrect?: (row: TxnRow) => void;
  /** The row a link pointed at (a receipt's "See it"): marked and scrolled into view. */
  marked?: number | null;
};

/** A timestamp's day in the viewer's time zone, as MM/DD/YYYY. */
function localDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? formatDate(iso) : formatDate(isoDay(d));
}

const entries = (n: number) => (n === 1 ? '1 entry' : `${n} entries`);

export function TxnTable<K extends string>({ id, table, rows, total, filtered, csvFile, failure, headingRef, onDelete, onCorrect, marked }: Props<K>) {
  const titleId = `${id}-title`;
  const live = rows.filter((r) => !r.voided_at).length;
  const voided = rows.length - live;
  return (
    // The card is not a landmark of its own: the table's scrolling region carries the title.
    <div className="card txn-card">
      <div className="card-header txn-card-header d-flex flex-wrap align-items-baseline justify-content-between gap-2">
        <h3 id={titleId} ref={headingRef} tabIndex={-1} className="h6 fw-semibold mb-0">
          {table.title}
        </h3>
        <span className="small txn-muted" aria-live="polite">
          {filtered && total > 0 ? `${rows.length} of ${entries(total)} shown` : entries(live)}
          {!(filtered && total > 0) && voided > 0 && `, ${voided} voided`}
        </span>
        <DownloadCsvButton table={table.title} fileName={csvFile} hasRows={rows.length > 0} className="ms-auto"
          csv={() => tableCsv(txnCsvColumns(rows), rows)} />
      </div>
      {failure && (
        <div className="px-3 pt-3">
          <FormError message={failure} />
        </div>
      )}
      <div className="txn-table-scroll" role="region" aria-labelledby={titleId} tabIndex={0}>
        <table className="table table-sm table-striped align-middle mb-0 txn-table">
          <thead>
            <tr>
              <th scope="col" className="txn-col-id">ID</th>
              <th scope="col" className="txn-col-date">Date</th>
              <th scope="col" className="txn-col-amount text-end">
                Amount
              </th>
              <th scope="col" className="txn-col-detail">Detail</th>
              <th scope="col" className="txn-col-actions text-end">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <EmptyRow columns={5} className="txn-empty">
                {total > 0 && filtered ? 'No entries match the search and dates.' : table.empty}
              </EmptyRow>
            ) : (
              rows.map((row) => (
                <TxnRowView key={row.id} row={row} type={table.type} onDelete={onDelete} onCorrect={onCorrect} marked={row.id === marked} />
              ))
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}

type RowProps = { row: TxnRow; type: string; onDelete?: (row: TxnRow) => void; onCorrect?: (row: TxnRow) => void; marked: boolean };

function TxnRowView({ row, type, onDelete, onCorrect, marked }: RowProps) {
  const isVoided = Boolean(row.voided_at);
  const ref = useRef<HTMLTableRowElement>(null);
  useEffect(() => {
    if (marked) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [marked]);
  const className = [isVoided ? 'txn-voided' : '', marked ? 'txn-marked' : ''].filter(Boolean).join(' ') || undefined;
  return (
    <tr ref={ref} className={className} data-row-id={row.id} aria-current={marked || undefined}>
      <td className="txn-id">
        <span className="txn-struck">{row.id}</span>
      </td>
      <td className="txn-date">
        <span className="txn-struck">{formatDate(row.date)}</span>
      </td>
      <td className={`money${row.amount < 0 ? ' negative' : ''}`}>
        <span className="txn-struck">{formatCurrency(row.amount)}</span>
      </td>
      <td className="txn-detail">
        <span className="txn-struck">{shownDetail(row.detail)}</span>
        {isVoided && (
          <div className="small txn-void-note">
            Voided by {row.voided_by || 'unknown'} on {localDate(row.voided_at ?? '')}: {row.void_reason || 'no reason given'}
          </div>
        )}
      </td>
      <td className="txn-actions text-end">
        {isVoided ? (
          <span className="small txn-muted">Voided</span>
        ) : (
          <span className="txn-row-buttons">
            {onCorrect && (
              <button type="button" className="btn btn-sm btn-outline-primary" onClick={() => onCorrect(row)}>
                Correct<span className="visually-hidden"> {type} ID {row.id}</span>
              </button>
            )}
            {/* The spec fixes the confirmation ("Are you sure you want to delete …?"), not this button: it voids. */}
            {onDelete && (
              <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => onDelete(row)}>
                Void<span className="visually-hidden"> {type} ID {row.id}</span>
              </button>
            )}
          </span>
        )}
      </td>
    </tr>
  );
}
