import { useId, useState } from 'react';
import { endpoints } from '../../../../contract/endpoints';
import { FormError } from '../../../components/form-error';
import { download } from '../../../lib/api-client';
import { formatCurrency, formatDate } from '../../../lib/format';
import { useEndpointQuery } from '../../../lib/queries';
import { todayIso } from '../../../lib/today';
import { useDownload } from '../../../lib/use-download';
import { ReportRows } from '../shared/report-rows';
import { Money } from '../shared/report-table';
import { logFailure, ReportFailure, ReportLoading } from '../shared/report-state';
import { rateText } from './rate-percent';

const VALID_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * "Payoff quote": what pays the contract off on a day (today unless told): the balance, the interest to
 * that day by the contract's rule and any carried, the total; and the letter to the buyer saying so.
 */
export function PayoffCard({ property }: { property: string }) {
  const id = useId();
  const [day, setDay] = useState(todayIso);
  const ready = VALID_DAY.test(day);
  const query = { property_name: property, as_of: day };
  const { data, error } = useEndpointQuery(endpoints.lcPayoff, query, { enabled: ready, meta: logFailure });
  const letter = useDownload();
  const months = data ? `${data.months} ${data.months === 1 ? 'month' : 'months'} at ${rateText(data.rate_bps)}` : '';
  return (
    <section className="card report-card" aria-labelledby={`${id}-title`}>
      <div className="card-header report-card-header">
        <h3 id={`${id}-title`} className="report-card-title">Payoff quote</h3>
        <p className="report-card-subtitle mb-0">What the buyer pays to own the property outright on a day.</p>
      </div>
      <div className="card-body d-grid gap-3">
        <div style={{ maxWidth: '14rem' }}>
          <label htmlFor={`${id}-day`} className="form-label">Payoff date</label>
          <input id={`${id}-day`} type="date" className="form-control" value={day} onChange={(e) => setDay(e.target.value)} />
        </div>
        {!ready ? <p className="report-muted mb-0">Choose a date.</p> : error ? <ReportFailure what="The payoff quote" error={error} /> : !data ? <ReportLoading /> : (
          <ReportRows rows={[
            { label: 'Principal (balance)', value: <Money amount={data.principal} /> },
            { label: `Interest (${months}${data.arrears > 0 ? `, ${formatCurrency(data.arrears)} carried` : ''})`, value: <Money amount={data.interest} /> },
            { label: `Total to pay off on ${formatDate(data.as_of)}`, value: <strong data-testid="lc-payoff-total">{formatCurrency(data.total)}</strong> },
            { label: 'Last payment counted', value: data.last_payment_date ? formatDate(data.last_payment_date) : 'None since the sale' },
          ]} />
        )}
        <div className="d-grid gap-2">
          <div>
            <button type="button" className="btn btn-outline-primary" disabled={!ready || letter.busy}
              onClick={() => void letter.run(() => download(endpoints.lcPayoffLetter, { query }))}>
              {letter.busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
              Download payoff letter (PDF)
            </button>
          </div>
          <FormError message={letter.error} />
        </div>
      </div>
    </section>
  );
}
