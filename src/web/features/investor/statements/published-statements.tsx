import { useId } from 'react';
import { FormError } from '../../../components/form-error';
import { download } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { investorCalls } from '../../../lib/investor-calls';
import { useEndpointQuery } from '../../../lib/queries';
import { useDownload } from '../../../lib/use-download';
import { statementCalls } from './statement-calls';

/**
 * "Statements published for you": the periods the managers said are final for this investor, latest
 * first, each downloading the same statement the period chooser gives for its dates. Nothing shows
 * while there are none, so the card stays as it was for an investor with no published period.
 */
export function PublishedStatements({ investorName }: { investorName: string | undefined }) {
  const titleId = useId();
  const { data, error } = useEndpointQuery(statementCalls.publishedStatements, investorName ? { investor_name: investorName } : {});
  const { busy, error: downloadError, run } = useDownload();
  if (error) return <FormError message={`Your published statements could not be loaded: ${error.message}`} />;
  if (!data || data.statements.length === 0) return null;

  return (
    <section className="mb-3" aria-labelledby={titleId}>
      <h3 id={titleId} className="h6 mb-2">Statements published for you</h3>
      <ul className="list-group list-group-flush">
        {data.statements.map((s) => {
          const period = `${formatDate(s.from)} to ${formatDate(s.to)}`;
          return (
            <li key={s.id} className="list-group-item px-0 d-flex flex-wrap align-items-center justify-content-between gap-2">
              <div style={{ minWidth: 0, flex: '1 1 12rem' }}>
                <div className="fw-semibold">{period}</div>
                <div className="small text-secondary">Published {formatDate(s.published_at.slice(0, 10))}</div>
              </div>
              <button type="button" className="btn btn-sm btn-outline-primary" disabled={busy} aria-label={`Download the statement of ${period}`}
                onClick={() => void run(() => download(investorCalls.investorStatement,
                  { query: { from: s.from, to: s.to, ...(investorName ? { investor_name: investorName } : {}) } }))}>
                Download
              </button>
            </li>
          );
        })}
      </ul>
      <FormError message={downloadError} />
    </section>
  );
}
