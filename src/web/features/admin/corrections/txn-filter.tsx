import type { TxnRow } from '../../../../contract/schemas/viewers';
import { dollarsText } from '../../../lib/cents';
import { formatCurrency, formatDate } from '../../../lib/format';
import { shownDetail } from './txn-detail';

/** What the viewer's rows are narrowed to: words anywhere in a row, and a range of dates (both ends kept). */
export type TxnFilter = { text: string; from: string; to: string };
export const NO_FILTER: TxnFilter = { text: '', from: '', to: '' };

export const isFiltered = (f: TxnFilter): boolean => f.text.trim() !== '' || f.from !== '' || f.to !== '';

/** Whether a row passes: its date within from–to, and the words in its detail, date, amount or id. */
export function matchesFilter(row: TxnRow, f: TxnFilter): boolean {
  const day = row.date.slice(0, 10);
  if (f.from && day < f.from) return false;
  if (f.to && day > f.to) return false;
  const words = f.text.trim().toLowerCase();
  if (!words) return true;
  const shown = [shownDetail(row.detail), row.detail, formatDate(day), day, formatCurrency(row.amount), dollarsText(row.amount), String(row.id)];
  return shown.some((t) => t.toLowerCase().includes(words));
}

type Props = { id: string; filter: TxnFilter; onChange: (filter: TxnFilter) => void };

/** The search box and the date range above the viewer's tables; Clear acts once something is set. */
export function TxnFilterBar({ id, filter, onChange }: Props) {
  const set = (part: Partial<TxnFilter>) => onChange({ ...filter, ...part });
  return (
    <div className="row g-3 align-items-end mb-4 txn-filter" role="search" aria-label="Filter the transactions">
      <div className="col-12 col-lg">
        <label htmlFor={`${id}-search`} className="form-label">
          Search
        </label>
        <input id={`${id}-search`} type="search" className="form-control" value={filter.text} autoComplete="off"
          placeholder="Detail, date or amount" onChange={(e) => set({ text: e.target.value })} />
      </div>
      <div className="col-6 col-sm-4 col-lg-3">
        <label htmlFor={`${id}-from`} className="form-label">
          From
        </label>
        <input id={`${id}-from`} type="date" className="form-control" value={filter.from} min="1900-01-01"
          max={filter.to || '2099-12-31'} onChange={(e) => set({ from: e.target.value })} />
      </div>
      <div className="col-6 col-sm-4 col-lg-3">
        <label htmlFor={`${id}-to`} className="form-label">
          To
        </label>
        <input id={`${id}-to`} type="date" className="form-control" value={filter.to} min={filter.from || '1900-01-01'}
          max="2099-12-31" onChange={(e) => set({ to: e.target.value })} />
      </div>
      <div className="col-12 col-sm-4 col-lg-auto d-grid">
        <button type="button" className="btn btn-outline-secondary" disabled={!isFiltered(filter)} onClick={() => onChange(NO_FILTER)}>
          Clear
        </button>
      </div>
    </div>
  );
}
