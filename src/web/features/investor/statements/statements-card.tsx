import { useId, type FormEvent } from 'react';
import { investorCalls } from '../../../lib/investor-calls';
import { FormError } from '../../../components/form-error';
import { PeriodChooser, usePeriodChooser } from '../../../components/period-chooser';
import { download } from '../../../lib/api-client';
import { useDownload } from '../../../lib/use-download';
import { PrepareSubmit } from '../../../components/prepare-submit';
import { PublishedStatements } from './published-statements';

/**
 * "Statements": a quarter, a year or any range as a PDF the investor can keep: capital,
 * income, cash and return, opening to closing, with the period's movements.
 */
export function StatementsCard({ investorName }: { investorName: string | undefined }) {
  const titleId = useId();
  const chooser = usePeriodChooser();
  const { busy, error, run } = useDownload();
  const { from, to } = chooser.period;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(() => download(investorCalls.investorStatement, { query: { from, to, ...(investorName ? { investor_name: investorName } : {}) } }));
  };

  return (
    <section className="card investor-card mt-3" aria-labelledby={titleId}>
      <div className="card-body">
        <h2 id={titleId} className="investor-card-title">
          Statements
        </h2>
        <p className="text-secondary small mb-3">Capital, income, cash and return for a period, opening to closing, as a PDF.</p>
        <PublishedStatements investorName={investorName} />
        <form className="row g-2 align-items-start" onSubmit={submit}>
          <PeriodChooser {...chooser} disabled={busy} />
          <PrepareSubmit busy={busy} label="Download statement" />
          <div className="col-12">
            <FormError message={error} />
          </div>
        </form>
      </div>
    </section>
  );
}
