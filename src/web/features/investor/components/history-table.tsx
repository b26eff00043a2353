import { Fragment, useId, useRef, useState } from 'react';
import { tableCsv } from '../../../lib/csv-export';
import { formatCurrency, formatMonth } from '../../../lib/format';
import { useWholeRows } from '../../../lib/use-whole-rows';
import { historyCsvColumns } from './history-csv';
import { moneyClass } from './money';
import { ExplainButton } from '../explain/explain-button';
import type { ExplainTarget } from '../explain/explain-figures';
import { DownloadCsvButton } from '../../../components/download-csv-button';
import { EmptyRow } from '../../../components/empty-row';

export type HistoryRow = { date: string; amount: number; description?: string };

type Props = {
  title: string;
  help?: string;
  rows: HistoryRow[];
  emptyText: string;
  /** h2 on the summary, h3 inside the property panel (which sits under its own h2). */
  headingLevel?: 'h2' | 'h3';
  /** The name of the table's CSV ("Income History - A.csv"), every row; none without one. */
  csvFile?: string;
  /** The figure the rows add up to: each row's "How is this calculated?" explains that row, its month of it. */
  explain?: ExplainTarget;
};

/** A row's "How is this calculated?": the figure in the row's month, named as the row ("Income History 07/2024"). */
const rowTarget = (explain: ExplainTarget, title: string, date: string): ExplainTarget => ({
  ...explain,
  title: `${title} ${formatMonth(date)}`,
  fileTitle: `${title} ${date.slice(0, 7)}`,
  month: date.slice(0, 7),
});

/** The most a history table shows before it scrolls (on wider screens; phones scroll the page instead). */
const TABLE_LIMIT_REM = 18;

/**
 * A Date / Amount table in a card as tall as its rows (docs/product.md "Screens"): months as MM/YYYY, money
 * right-aligned, the spec's empty text in one centred cell. Long tables scroll inside the card.
 * A row's description, when it has one, is its hover text (the spec's attribute) and, since a phone
 * cannot hover, also opens as a line under the row on a tap, a click or Enter on its month.
 * The scroll box ends on a whole row (useWholeRows).
 */
export function HistoryTable({ title, help, rows, emptyText, headingLevel: Heading = 'h2', csvFile, explain }: Props) {
  const titleId = useId();
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const scrollBox = useRef<HTMLDivElement>(null);
  useWholeRows(scrollBox, TABLE_LIMIT_REM);
  const toggle = (i: number) =>
    setOpen((o) => {
      const next = new Set(o);
      if (!next.delete(i)) next.add(i);
      return next;
    });
  return (
    <div className="card investor-card">
      <div className="card-body pb-2 flex-grow-0 d-flex flex-wrap align-items-start justify-content-between column-gap-2">
        {/* The title takes the room there is; the download wraps under it when the card is narrow. */}
        <div style={{ flex: '1 1 10rem', minWidth: 0 }}>
          <Heading id={titleId} className="investor-card-title">
            {title}
          </Heading>
          {help && <p className="investor-help mb-0">{help}</p>}
        </div>
        {csvFile && (
          <DownloadCsvButton table={title} fileName={csvFile} hasRows={rows.length > 0} className="mb-2"
            csv={() => tableCsv(historyCsvColumns(rows), rows)} />
        )}
      </div>
      {/* Focusable so keyboard users can scroll a long table too (axe scrollable-region-focusable). */}
      <div ref={scrollBox} className="investor-table-scroll" role="region" aria-labelledby={titleId} tabIndex={0}>
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
              <EmptyRow columns={2} className="investor-empty">{emptyText}</EmptyRow>
            ) : (
              rows.map((row, i) => {
                const described = Boolean(row.description);
                const isOpen = described && open.has(i);
                const descriptionId = `${titleId}-row-${i}`;
                return (
                  <Fragment key={`${row.date}-${i}`}>
                    {/* The whole row answers a tap; the month's button carries the keyboard and the state. */}
                    <tr title={row.description} className={!described ? undefined : isOpen ? 'history-row-described history-row-open' : 'history-row-described'}
                      onClick={described ? () => toggle(i) : undefined}>
                      <td className="investor-month">
                        {described ? (
                          <button type="button" className="history-toggle" aria-expanded={isOpen}
                            aria-controls={isOpen ? descriptionId : undefined}>
                            {formatMonth(row.date)}
                          </button>
                        ) : (
                          formatMonth(row.date)
                        )}
                      </td>
                      <td className={moneyClass(row.amount)}>
                        {formatCurrency(row.amount)}
                        {explain && <ExplainButton target={rowTarget(explain, title, row.date)} />}
                      </td>
                    </tr>
                    {isOpen && (
                      <tr id={descriptionId} className="history-description keep-with-previous">
                        <td colSpan={2}>{row.description}</td>
                      </tr>
                    )}
                  </Fragment>
                );
              })
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}
