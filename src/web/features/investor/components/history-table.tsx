import { useId } from 'react';
import { formatCurrency, formatMonth } from '../../../lib/format';
import { moneyClass } from './money';

export type HistoryRow = { date: string; amount: number; description?: string };

type Props = {
  title: string;
  help?: string;
  rows: HistoryRow[];
  emptyText: string;
  /** h2 on the summary, h3 inside the property panel (which sits under its own h2). */
  headingLevel?: 'h2' | 'h3';
};

/**
 * A Date / Amount table in a card (portal-spec §2): months as MM/YYYY, money right-aligned, the spec's
 * empty text in one centred cell. Long tables scroll inside the card; a row's description, when it has
 * one, is its hover text.
 */
export function HistoryTable({ title, help, rows, emptyText, headingLevel: Heading = 'h2' }: Props) {
  const titleId = useId();
  return (
    <div className="card investor-card h-100">
      <div className="card-body pb-2 flex-grow-0">
        <Heading id={titleId} className="investor-card-title">
          {title}
        </Heading>
        {help && <p className="investor-help mb-0">{help}</p>}
      </div>
      {/* Focusable so keyboard users can scroll a long table too (axe scrollable-region-focusable). */}
      <div className="investor-table-scroll" role="region" aria-labelledby={titleId} tabIndex={0}>
        <table className="table table-sm table-striped mb-0 investor-table">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col" className="text-end">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={2} className="investor-empty">
                  {emptyText}
                </td>
              </tr>
            ) : (
              rows.map((row, i) => (
                <tr key={`${row.date}-${i}`} title={row.description}>
                  <td className="investor-month">{formatMonth(row.date)}</td>
                  <td className={moneyClass(row.amount)}>{formatCurrency(row.amount)}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}
