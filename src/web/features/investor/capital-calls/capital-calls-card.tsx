import { useId } from 'react';
import { FormError } from '../../../components/form-error';
import { formatCurrency, formatDate } from '../../../lib/format';
import { useEndpointQuery } from '../../../lib/queries';
import { capitalCallCalls } from './capital-call-calls';

const STATUS = {
  open: { words: 'Open', badge: 'text-bg-primary' },
  paid: { words: 'Paid', badge: 'text-bg-success' },
  late: { words: 'Late', badge: 'text-bg-danger' },
  cancelled: { words: 'Cancelled', badge: 'text-bg-secondary' },
} as const;

/**
 * "Capital calls": money the manager asked this investor for, newest first: their share, the due date, how
 * to pay, what arrived and what is still outstanding. Shown only when there is a call. An admin viewing as
 * the investor sees the same.
 */
export function CapitalCallsCard({ investorName }: { investorName: string | undefined }) {
  const titleId = useId();
  const { data, error } = useEndpointQuery(capitalCallCalls.capitalCalls, investorName ? { investor_name: investorName } : {});
  if (!error && (!data || data.calls.length === 0)) return null;

  return (
    <section className="card investor-card mt-3" aria-labelledby={titleId} id="capital-calls">
      <div className="card-body">
        <h2 id={titleId} className="investor-card-title">Capital calls</h2>
        {error ? (
          <FormError message={`Your capital calls could not be loaded: ${error.message}`} />
        ) : (
          <ol className="list-unstyled mb-0 d-grid gap-3">
            {data!.calls.map((c) => (
              <li key={c.id} data-call-id={c.id}>
                <article aria-label={`${c.property_name}: ${c.purpose}`}>
                  <h3 className="h6 fw-semibold mb-1 text-break">
                    {c.property_name}: {c.purpose} <span className={`badge ${STATUS[c.status].badge}`}>{STATUS[c.status].words}</span>
                  </h3>
                  <dl className="row small mb-1">
                    <dt className="col-6 col-md-3">Your share</dt><dd className="col-6 col-md-3 money mb-1">{formatCurrency(c.amount)}</dd>
                    <dt className="col-6 col-md-3">Due</dt><dd className="col-6 col-md-3 text-end mb-1">{formatDate(c.due_date)}</dd>
                    <dt className="col-6 col-md-3">Sent</dt><dd className="col-6 col-md-3 money mb-1">{formatCurrency(c.received)}</dd>
                    <dt className="col-6 col-md-3">Outstanding</dt>
                    <dd className="col-6 col-md-3 money mb-1" data-testid="call-outstanding">{formatCurrency(c.outstanding)}</dd>
                  </dl>
                  <p className="small mb-0 text-break" style={{ whiteSpace: 'pre-line' }}>
                    <span className="fw-semibold">How to pay: </span>{c.instructions}
                  </p>
                  <p className="small text-secondary mb-0">Asked on {formatDate(c.issued_on)}. What you send is added to your capital in {c.property_name}.</p>
                </article>
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}
