import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { endpoints } from '../../../../contract/endpoints';
import { FEDERAL_RATE_TERMS } from '../../../../contract/schemas/land-contracts';
import type { Reply } from '../../../../contract/endpoint';
import { FormError } from '../../../components/form-error';
import { errorText } from '../../../lib/api-client';
import { formatDateTime, formatMonth } from '../../../lib/format';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/queries';
import { useMayCall } from '../../../lib/role';
import { thisMonthIso } from '../../../lib/today';
import { ReportTable, type Column } from '../shared/report-table';
import { logFailure, ReportFailure, ReportLoading } from '../shared/report-state';
import { percentToBps, rateText } from './rate-percent';

type Rate = Reply<typeof endpoints.federalRates>['rates'][number];
type Term = (typeof FEDERAL_RATE_TERMS)[number];

export const TERM_WORDS: Record<Term, string> = {
  short: 'Short-term (a contract of 3 years or less)',
  mid: 'Mid-term (over 3 years, up to 9)',
  long: 'Long-term (over 9 years)',
};

const COLUMNS: readonly Column<Rate>[] = [
  { header: 'Month', cell: (r) => formatMonth(r.month) },
  { header: 'Term', cell: (r) => TERM_WORDS[r.term] },
  { header: 'Rate', end: true, cell: (r) => rateText(r.rate_bps) },
  { header: 'Recorded', cell: (r) => `${r.recorded_by}, ${formatDateTime(r.recorded_at)}` },
];

type Values = { month: string; term: Term | ''; rate: string };

/** The admin's form: a month's rate for one term, from the IRS revenue ruling (monthly compounding column). */
function FederalRateForm() {
  const id = useId();
  const record = useEndpointMutation(endpoints.setFederalRate);
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, reset, formState: { isSubmitting } } = useForm<Values>({ defaultValues: { month: thisMonthIso(), term: '', rate: '' } });
  const onSubmit = async (v: Values) => {
    setDone(null);
    setFailure(null);
    if (!v.term) return setFailure('Choose the term the rate is for.');
    const bps = percentToBps(v.rate);
    if (bps === null) return setFailure('Rate: type a percent with at most two decimals, e.g. 4.67.');
    try {
      // The list below shows the rate at once: the write names the reads it changes (lib/write-changes.ts).
      setDone((await record.mutateAsync({ body: { month: v.month, term: v.term, rate_bps: bps } })).message);
      reset(); // Every form empties after success (docs/product.md).
    } catch (err) {
      setFailure(errorText(err));
    }
  };
  return (
    <form className="d-grid gap-2" noValidate aria-label="Record a federal rate" onSubmit={(e) => void handleSubmit(onSubmit)(e)}>
      <div className="row g-2">
        <div className="col-12 col-sm-4">
          <label htmlFor={`${id}-month`} className="form-label">Month</label>
          <input id={`${id}-month`} type="month" className="form-control" placeholder="YYYY-MM" {...register('month')} />
        </div>
        <div className="col-12 col-sm-5">
          <label htmlFor={`${id}-term`} className="form-label">Term</label>
          <select id={`${id}-term`} className="form-select" {...register('term')}>
            <option value="">Choose a term</option>
            {FEDERAL_RATE_TERMS.map((t) => <option key={t} value={t}>{TERM_WORDS[t]}</option>)}
          </select>
        </div>
        <div className="col-12 col-sm-3">
          <label htmlFor={`${id}-rate`} className="form-label">Rate (%)</label>
          <input id={`${id}-rate`} className="form-control" inputMode="decimal" placeholder="4.67" {...register('rate')} />
        </div>
      </div>
      {done && <div className="alert alert-success py-2 mb-0" role="status">{done}</div>}
      <FormError message={failure} />
      <div><button type="submit" className="btn btn-sm btn-primary" disabled={isSubmitting}>Record the rate</button></div>
    </form>
  );
}

/**
 * "Applicable federal rates": the rates recorded, newest month first, and for the admin the form to add
 * one. The tax report tests each contract's interest against them.
 */
export function FederalRatesCard() {
  const id = useId();
  const { data, error } = useEndpointQuery(endpoints.federalRates, undefined, { meta: logFailure });
  const mayRecord = useMayCall(endpoints.setFederalRate);
  return (
    <section className="d-grid gap-2" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="admin-subtitle mb-0">Applicable federal rates</h3>
      <p className="small text-secondary mb-0">
        The IRS’s monthly minimum interest rates: the tax report tests each contract’s interest against them (IRC §483 and §1274);
        a contract charging less has part of each payment treated as interest.
      </p>
      {error ? <ReportFailure what="The federal rates" error={error} /> : !data ? <ReportLoading /> : (
        <ReportTable title="Rates recorded" headingLevel="h4" columns={COLUMNS} rows={data.rates} rowKey={(r) => `${r.month}-${r.term}`}
          empty="No federal rates recorded yet." />
      )}
      {mayRecord && (
        <div className="card report-card">
          <div className="card-body d-grid gap-2">
            <h4 className="h6 mb-0">Record a rate</h4>
            <FederalRateForm />
          </div>
        </div>
      )}
    </section>
  );
}
