import { useId, type ReactNode } from 'react';
import { formatCurrency } from '../../../lib/format';
import { EmptyRow } from '../../../components/empty-row';
import { DownloadCsvButton } from '../../../components/download-csv-button';
import { dollarsColumn, tableCsv, type CsvColumn } from '../../../lib/csv-export';

/**
 * The table of every admin report (docs/product.md "Look and feel", "Tables"): a card with a title and, where the spec says so, a
 * total in the subtitle; a header row, striped rows, money right-aligned in tabular numerals, the spec's
 * empty text in one centred cell. A long table scrolls inside its card; on a phone a table of three or more
 * columns turns each row into a small card of label / value lines (.table-stack, app.css), never scrolling
 * sideways nor cutting a figure off.
 */
export const moneyClass = (amount: number): string => (amount < 0 ? 'money negative' : 'money');

/** A dollar figure as the formatter writes it, a loss in the loss colour. */
export function Money({ amount }: { amount: number }) {
  return <span className={moneyClass(amount)}>{formatCurrency(amount)}</span>;
}

/** A column: text of the row's own (right-aligned when `end`, as counts are), or a dollar figure (right-aligned). */
export type Column<R> =
  | { header: string; cell: (row: R) => ReactNode; end?: boolean; money?: never }
  | { header: string; money: (row: R) => number; cell?: never; end?: never };

type Props<R> = {
  title: string;
  /** A line under the title: the table's total, or what it lists. */
  subtitle?: ReactNode;
  columns: readonly Column<R>[];
  rows: readonly R[];
  rowKey: (row: R, index: number) => string;
  /** The spec's empty text ('No income available.'). */
  empty: string;
  /** h3 directly under the panel's title, h4 inside a section of a report. */
  headingLevel?: 'h3' | 'h4';
  /** The name of the table's region when the title alone repeats (one table per member). */
  regionLabel?: string;
  /** A "Download CSV" of the rows shown, in the header: the file's name and its columns (amounts in cents). */
  download?: CsvDownload<R>;
};

export type CsvDownload<R> = { file: string; columns: readonly CsvColumn<R>[] };

type HeaderProps = { id: string; title: string; subtitle?: ReactNode; headingLevel?: 'h3' | 'h4'; action?: ReactNode };

/** The header of a report card: its small-caps title and the line under it; an action (a download) at its right, or under it in a narrow card. */
export function ReportCardHeader({ id, title, subtitle, headingLevel: Heading = 'h3', action }: HeaderProps) {
  const heading = (
    <>
      <Heading id={id} className="report-card-title">
        {title}
      </Heading>
      {subtitle && <p className="report-card-subtitle mb-0">{subtitle}</p>}
    </>
  );
  if (!action) return <div className="card-header report-card-header">{heading}</div>;
  return (
    <div className="card-header report-card-header d-flex flex-wrap align-items-start justify-content-between gap-2">
      {/* The title takes the room there is; the action wraps under it once both no longer fit side by side. */}
      <div style={{ flex: '1 1 8rem', minWidth: 0 }}>{heading}</div>
      {action}
    </div>
  );
}

export function ReportTable<R>({ title, subtitle, columns, rows, rowKey, empty, headingLevel = 'h3', regionLabel, download }: Props<R>) {
  const titleId = useId();
  const region = regionLabel ? { 'aria-label': regionLabel } : { 'aria-labelledby': titleId };
  const stack = columns.length >= 3 ? ' table-stack' : '';
  return (
    <div className="card report-card h-100">
      <ReportCardHeader id={titleId} title={title} subtitle={subtitle} headingLevel={headingLevel}
        action={download && (
          <DownloadCsvButton table={regionLabel ?? title} fileName={download.file} hasRows={rows.length > 0}
            csv={() => tableCsv(download.columns, rows)} />
        )} />
      {/* Focusable so keyboard users can scroll a long table too (axe scrollable-region-focusable). */}
      <div className="report-table-scroll" role="region" tabIndex={0} {...region}>
        <table className={`table table-sm table-striped align-middle mb-0 report-table${stack}`}>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.header} scope="col" className={c.money || c.end ? 'text-end' : undefined}>
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <EmptyRow columns={columns.length} className="report-empty">{empty}</EmptyRow>
            ) : (
              rows.map((row, i) => (
                <tr key={rowKey(row, i)}>
                  {columns.map((c) =>
                    c.money ? (
                      <td key={c.header} className={moneyClass(c.money(row))} data-label={c.header}>
                        {formatCurrency(c.money(row))}
                      </td>
                    ) : (
                      <td key={c.header} className={c.end ? 'report-text text-end' : 'report-text'} data-label={c.header}>
                        {c.cell(row)}
                      </td>
                    ),
                  )}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** A category (or member) → amount map as rows, in the server's order. */
export type AmountRow = { name: string; amount: number };
export const amountRows = (byName: Readonly<Record<string, number>>): AmountRow[] =>
  Object.entries(byName).map(([name, amount]) => ({ name, amount }));

/** The two columns of a category → amount table: Category (or Member) and Amount. */
export const amountColumns = (nameHeader: string, amountHeader = 'Amount'): readonly Column<AmountRow>[] => [
  { header: nameHeader, cell: (r) => r.name },
  { header: amountHeader, money: (r) => r.amount },
];

/** The same two columns in a CSV: the name as text, the amount in exact cents. */
export const amountCsvColumns = (nameHeader: string, amountHeader = 'Amount'): readonly CsvColumn<AmountRow>[] => [
  { header: nameHeader, kind: 'text', value: (r) => r.name },
  dollarsColumn(amountHeader, (r) => r.amount),
];
