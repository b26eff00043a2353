import { useId, useState, type FormEvent } from 'react';
import { endpoints } from '../../../../contract/endpoints';
import { MAX_RUN_MEMO } from '../../../../contract/schemas/distribution-runs';
import { FormError } from '../../../components/form-error';
import { errorText } from '../../../lib/api-client';
import { useEndpointMutation } from '../../../lib/queries';
import { todayIso } from '../../../lib/today';
import { AudienceFields, audienceBody, audienceProblem, EVERY_INVESTOR } from '../shared/audience-fields';
import type { AdminFormProps } from '../shared/fields';

type Mode = 'all_cash' | 'percent';

/**
 * The draft of a distribution run: whom it pays (every investor, an LLC's members or chosen investors), the
 * date of the withdrawals, all of each one's cash or a percent of it, a minimum below which a line is left
 * out, and the memo the withdrawals carry. Drafting writes nothing to the books.
 */
export function DraftRunForm({ helpers, onDrafted }: AdminFormProps & { onDrafted: (id: number) => void }) {
  const id = useId();
  const draft = useEndpointMutation(endpoints.draftDistributionRun);
  const [audience, setAudience] = useState(EVERY_INVESTOR);
  const [date, setDate] = useState(todayIso);
  const [mode, setMode] = useState<Mode>('all_cash');
  const [percent, setPercent] = useState('');
  const [minimum, setMinimum] = useState('');
  const [memo, setMemo] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const missing = audienceProblem(audience, 'the run pays');
    if (missing) return setFailure(missing);
    if (mode === 'percent' && !percent.trim()) return setFailure('Percent is required: for example 50 or 12.5.');
    try {
      const run = await draft.mutateAsync({
        body: {
          date, mode,
          ...(mode === 'percent' ? { percent: percent.trim() } : {}),
          ...(minimum.trim() ? { minimum: minimum.trim() } : {}),
          ...(memo.trim() ? { memo: memo.trim() } : {}),
          ...audienceBody(audience),
        },
      });
      onDrafted(run.id);
    } catch (err) {
      setFailure(errorText(err));
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="d-grid gap-3" aria-label="Draft a distribution run">
      <AudienceFields id={id} legend="Pay" radioName="scope" value={audience} onChange={setAudience} llcs={helpers.llcs_list}
        investors={helpers.investors_list} />
      <div className="row g-2">
        <div className="col-12 col-md-4">
          <label htmlFor={`${id}-date`} className="form-label">Date of the payments</label>
          <input id={`${id}-date`} name="date" type="date" className="form-control" required max={todayIso()} value={date}
            onChange={(e) => setDate(e.target.value)} />
        </div>
        <div className="col-12 col-md-8">
          <label htmlFor={`${id}-memo`} className="form-label">Memo (the withdrawals’ description)</label>
          <input id={`${id}-memo`} name="memo" className="form-control" maxLength={MAX_RUN_MEMO} placeholder="Q4 distribution" value={memo}
            onChange={(e) => setMemo(e.target.value)} />
        </div>
      </div>
      <fieldset>
        <legend className="form-label fs-6">Amount</legend>
        {([['all_cash', 'All cash available'], ['percent', 'A percent of it']] as const).map(([value, label]) => (
          <div key={value} className="form-check form-check-inline">
            <input id={`${id}-mode-${value}`} className="form-check-input" type="radio" name="mode" value={value}
              checked={mode === value} onChange={() => setMode(value)} />
            <label htmlFor={`${id}-mode-${value}`} className="form-check-label">{label}</label>
          </div>
        ))}
      </fieldset>
      <div className="row g-2">
        {mode === 'percent' && (
          <div className="col-6 col-md-3">
            <label htmlFor={`${id}-percent`} className="form-label">Percent</label>
            <div className="input-group">
              <input id={`${id}-percent`} name="percent" className="form-control" inputMode="decimal" required value={percent}
                aria-describedby={`${id}-percent-hint`} onChange={(e) => setPercent(e.target.value)} />
              <span className="input-group-text">%</span>
            </div>
            <div id={`${id}-percent-hint`} className="form-text">Up to 100, two decimals; rounded down to the cent.</div>
          </div>
        )}
        <div className="col-6 col-md-3">
          <label htmlFor={`${id}-minimum`} className="form-label">Minimum (optional)</label>
          <input id={`${id}-minimum`} name="minimum" className="form-control" inputMode="decimal" value={minimum}
            aria-describedby={`${id}-minimum-hint`} onChange={(e) => setMinimum(e.target.value)} />
          <div id={`${id}-minimum-hint`} className="form-text">Smaller payments are left out (shown at 0.00).</div>
        </div>
      </div>
      <FormError message={failure} />
      <div>
        <button type="submit" className="btn btn-primary" disabled={draft.isPending}>Draft the run</button>
      </div>
    </form>
  );
}
