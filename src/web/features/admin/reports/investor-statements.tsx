import { useState, type FormEvent } from 'react';
import { endpoints } from '../../../../contract/endpoints';
import { FormError } from '../../../components/form-error';
import { PeriodChooser, usePeriodChooser } from '../../../components/period-chooser';
import { download, errorText, type DownloadProgress } from '../../../lib/api-client';
import { PrepareSubmit } from '../../../components/prepare-submit';
import { StatementPublications } from './statement-publications';

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

/**
 * Investor Statements: every investor's statement of a period in one zip, one PDF each for
 * those who held capital or cash. The server writes the zip while it sends it, so what has arrived is
 * shown as it comes.
 */
export function InvestorStatements() {
  const chooser = usePeriodChooser();
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = progress !== null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setDone(null);
    setProgress({ bytes: 0 });
    try {
      const { from, to } = chooser.period;
      const name = await download(endpoints.allStatements, { query: { from, to } }, setProgress);
      setDone(`Saved ${name}.`);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setProgress(null);
    }
  };

  return (
    <div className="d-grid gap-3">
      <p className="report-muted mb-0">
        One PDF per investor who held capital or cash in the period: capital, income, cash and return, opening to closing. The
        same statement each investor can download from their own page.
      </p>
      <form className="row g-2 align-items-start" onSubmit={submit}>
        <PeriodChooser {...chooser} disabled={busy} />
        <PrepareSubmit busy={busy} label="Download all statements" />
      </form>
      {progress && (
        <div role="status" aria-live="polite">
          <div className="progress" aria-hidden="true">
            <div className="progress-bar progress-bar-striped progress-bar-animated w-100" />
          </div>
          <p className="small mt-1 mb-0">
            Preparing statements{progress.fileCount ? ` for up to ${progress.fileCount} investors` : ''}… {megabytes(progress.bytes)} received.
          </p>
        </div>
      )}
      {done && (
        <p className="text-success mb-0" role="status">
          {done}
        </p>
      )}
      <FormError message={error} />
      <StatementPublications period={chooser.period} disabled={busy} />
    </div>
  );
}
