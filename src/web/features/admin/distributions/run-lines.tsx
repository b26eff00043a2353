import { useState } from 'react';
import { endpoints } from '../../../../contract/endpoints';
import type { DistributionLine, DistributionRun } from '../../../../contract/schemas/distribution-runs';
import { errorText } from '../../../lib/api-client';
import { exceeds } from '../../../lib/cents';
import { formatCurrency } from '../../../lib/format';
import { useEndpointMutation } from '../../../lib/queries';

/** How a line is paid: "ACH ••••1234" or "Check" (nothing for a line left out). */
export const paymentText = (l: DistributionLine): string =>
  l.amount <= 0 ? '' : l.method === 'ach' ? `ACH ••••${l.account_last_four ?? ''}` : 'Check';

/** One line's amount in a draft: typed, checked against the line's maximum here, saved on the server (which checks again). */
function AmountCell({ run, line }: { run: DistributionRun; line: DistributionLine }) {
  const change = useEndpointMutation(endpoints.changeDistributionLine);
  const [text, setText] = useState(line.amount.toFixed(2));
  const [failure, setFailure] = useState<string | null>(null);
  const over = exceeds(text, line.cash_available);
  const changed = text.trim() !== line.amount.toFixed(2);
  const save = async () => {
    setFailure(null);
    if (over === null) return setFailure('Amount must be a number with at most two decimals.');
    if (over) return setFailure(`At most ${formatCurrency(line.cash_available)}, ${line.investor_name}'s cash available.`);
    try {
      await change.mutateAsync({ body: { id: run.id, investor_name: line.investor_name, amount: text.trim() } });
    } catch (err) {
      setFailure(errorText(err));
    }
  };
  const inputId = `run-${run.id}-amount-${line.investor_name}`;
  return (
    <form className="d-flex gap-1 justify-content-end align-items-start flex-wrap" onSubmit={(e) => { e.preventDefault(); void save(); }}>
      <label htmlFor={inputId} className="visually-hidden">Amount for {line.investor_name}</label>
      <input id={inputId} className={`form-control form-control-sm text-end${failure ? ' is-invalid' : ''}`} style={{ maxWidth: '8.5rem' }}
        inputMode="decimal" value={text} onChange={(e) => setText(e.target.value)} aria-invalid={failure ? true : undefined}
        aria-describedby={failure ? `${inputId}-error` : undefined} />
      {changed && <button type="submit" className="btn btn-sm btn-outline-primary" disabled={change.isPending}>Save</button>}
      {failure && <div id={`${inputId}-error`} className="invalid-feedback d-block text-end w-100">{failure}</div>}
    </form>
  );
}

/**
 * The run's lines: investor, cash available, the amount (editable within the maximum while a draft), how it
 * is paid and how it was computed. On a phone each line is a small card (table-stack).
 */
export function RunLines({ run }: { run: DistributionRun }) {
  const draft = run.status === 'draft';
  return (
    <div className="report-table-scroll" role="region" tabIndex={0} aria-label={`Lines of run ${run.id}`}>
      <table className="table table-sm table-striped align-middle mb-0 report-table table-stack">
        <thead>
          <tr>
            <th scope="col">Investor</th>
            <th scope="col" className="text-end">Cash available</th>
            <th scope="col" className="text-end">Amount</th>
            <th scope="col">Paid by</th>
            <th scope="col">How this was computed</th>
          </tr>
        </thead>
        <tbody>
          {run.lines.map((l) => (
            <tr key={l.investor_name}>
              <td className="report-text" data-label="Investor">{l.investor_name}</td>
              <td className="money" data-label="Cash available">{formatCurrency(l.cash_available)}</td>
              <td className={draft ? 'report-text text-end' : 'money'} data-label="Amount">
                {draft ? <AmountCell key={l.amount} run={run} line={l} /> : formatCurrency(l.amount)}
              </td>
              <td className="report-text text-nowrap" data-label="Paid by">{paymentText(l)}</td>
              <td className="report-text small" data-label="How this was computed">{l.explanation}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
