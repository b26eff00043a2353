import { useState, type FormEvent } from 'react';
import { endpoints } from '../../../../contract/endpoints';
import { FormError } from '../../../components/form-error';
import { download } from '../../../lib/api-client';
import { useDownload } from '../../../lib/use-download';
import { todayIso } from '../../../lib/today';
import { PrepareSubmit } from '../../../components/prepare-submit';

/**
 * Export Ledger: every entry dated in a period as CSV, with its LLC, property, investor and
 * category by name, voided entries included and marked with who voided them, when and why.
 */
export function LedgerExport() {
  const today = todayIso();
  const [range, setRange] = useState({ from: `${today.slice(0, 4)}-01-01`, to: today });
  const { busy, error, run } = useDownload();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(() => download(endpoints.ledgerExport, { query: range }));
  };

  return (
    <form className="d-grid gap-3" onSubmit={submit}>
      <p className="report-muted mb-0">
        Every ledger entry dated in the period, oldest first, as a spreadsheet: amounts as plain decimals, dates as YYYY-MM-DD,
        voided entries included and marked.
      </p>
      <div className="row g-2 align-items-start">
        <div className="col-6 col-md-3">
          <label htmlFor="ledger-from" className="form-label">
            From
          </label>
          <input id="ledger-from" type="date" className="form-control" required value={range.from}
            onChange={(e) => setRange((r) => ({ ...r, from: e.target.value }))} />
        </div>
        <div className="col-6 col-md-3">
          <label htmlFor="ledger-to" className="form-label">
            To
          </label>
          <input id="ledger-to" type="date" className="form-control" required value={range.to}
            onChange={(e) => setRange((r) => ({ ...r, to: e.target.value }))} />
        </div>
        <PrepareSubmit busy={busy} label="Download ledger (CSV)" />
      </div>
      <FormError message={error} />
    </form>
  );
}
