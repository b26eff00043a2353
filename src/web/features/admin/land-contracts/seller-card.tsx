import { useId } from 'react';
import { Link } from 'react-router';
import { endpoints } from '../../../../contract/endpoints';
import { ApiError } from '../../../lib/api-client';
import { addDollars } from '../../../lib/cents';
import { useEndpointQuery } from '../../../lib/queries';
import { useMayCall } from '../../../lib/role';
import { actionHref } from '../shared/action-address';
import { logFailure, ReportFailure, ReportLoading } from '../shared/report-state';
import { TotalsRows } from './schedule-tables';

/**
 * Property Details' "Land contract" card: the seller's view of a land-contract property (the balance, what
 * was paid and received as interest and principal, what is past due, the next installment), with a link
 * to the Land Contracts screen for whoever may open it. A contract without terms says so.
 */
export function SellerCard({ property }: { property: string }) {
  const id = useId();
  const { data, error } = useEndpointQuery(endpoints.lcSchedule, { property_name: property }, { meta: logFailure });
  const mayOpen = useMayCall(endpoints.landContracts);
  // Added in cents (addDollars): the payments' split, as the books recorded it.
  const received = data && {
    interest: addDollars(...data.payments.map((p) => p.interest)),
    principal: addDollars(...data.payments.map((p) => p.principal)),
  };
  return (
    <section className="card report-card h-100" aria-labelledby={`${id}-title`}>
      <div className="card-header report-card-header">
        <h3 id={`${id}-title`} className="report-card-title">Land contract</h3>
        <p className="report-card-subtitle mb-0">The seller’s side: what the buyer owes and has paid, as of today.</p>
      </div>
      <div className="card-body d-grid gap-2" data-testid="lc-seller-card">
        {error instanceof ApiError && error.status === 409 ? <p className="report-muted mb-0">{error.message}</p>
          : error ? <ReportFailure what="The land contract" error={error} /> : !data || !received ? <ReportLoading /> : (
          <TotalsRows totals={data.totals} received={received} scheduled={data.rows.length > 0} />
        )}
        {mayOpen && <Link className="small" to={actionHref('Land Contracts', { property })}>Open it in Land Contracts</Link>}
      </div>
    </section>
  );
}
