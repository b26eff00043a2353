import type { ReactNode } from 'react';

/** One labelled line of a report card: the label left, the value right (wrapping under it when long). */
export type ReportRow = { label: string; value: ReactNode };

/** Label / value lines with hairlines between them (the LLC card, a property's address, a land contract's split). */
export function ReportRows({ rows, className = '' }: { rows: readonly ReportRow[]; className?: string }) {
  return (
    <dl className={`report-rows mb-0 ${className}`.trim()}>
      {rows.map((r) => (
        <div key={r.label} className="report-row">
          <dt>{r.label}</dt>
          <dd>{r.value}</dd>
        </div>
      ))}
    </dl>
  );
}
