import { useId, useState } from 'react';
import { endpoints } from '../../../../contract/endpoints';
import { FormError } from '../../../components/form-error';
import { download } from '../../../lib/api-client';
import { todayIso } from '../../../lib/today';
import { useDownload } from '../../../lib/use-download';

/** The years a statement can be made for: the sale's year to this one, newest first. */
export function statementYears(saleDate: string, today = todayIso()): number[] {
  const first = Number(saleDate.slice(0, 4));
  const last = Number(today.slice(0, 4));
  return Array.from({ length: Math.max(0, last - first + 1) }, (_, i) => last - i);
}

/** "Year-end statement": the buyer's statement of a year (what was paid, the interest and principal in it), as a PDF. */
export function StatementCard({ property, saleDate }: { property: string; saleDate: string }) {
  const id = useId();
  const years = statementYears(saleDate);
  // Last year's statement is the one usually asked for in January; this year's once the year is out.
  const [year, setYear] = useState(String(years[1] ?? years[0] ?? ''));
  const file = useDownload();
  return (
    <section className="card report-card" aria-labelledby={`${id}-title`}>
      <div className="card-header report-card-header">
        <h3 id={`${id}-title`} className="report-card-title">Year-end statement</h3>
        <p className="report-card-subtitle mb-0">For the buyer: what they paid in a year and how much of it was interest (for their taxes).</p>
      </div>
      <div className="card-body d-grid gap-2">
        <div style={{ maxWidth: '14rem' }}>
          <label htmlFor={`${id}-year`} className="form-label">Year</label>
          <select id={`${id}-year`} className="form-select" value={year} onChange={(e) => setYear(e.target.value)}>
            {years.map((y) => <option key={y} value={y}>{y}</option>)}
          </select>
        </div>
        <div>
          <button type="button" className="btn btn-outline-primary" disabled={!year || file.busy}
            onClick={() => void file.run(() => download(endpoints.lcStatement, { query: { property_name: property, year } }))}>
            {file.busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
            Download statement (PDF)
          </button>
        </div>
        <FormError message={file.error} />
      </div>
    </section>
  );
}
