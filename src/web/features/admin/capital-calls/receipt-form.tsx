import { useId, useState, type FormEvent } from 'react';
import { endpoints } from '../../../../contract/endpoints';
import type { CapitalCallResponse } from '../../../../contract/schemas/capital-calls';
import { FormError } from '../../../components/form-error';
import { errorText } from '../../../lib/api-client';
import { dollarsText, exceeds } from '../../../lib/cents';
import { formatCurrency } from '../../../lib/format';
import { useEndpointMutation } from '../../../lib/queries';
import { todayIso } from '../../../lib/today';

/**
 * Money received for a call: recorded as the investor's investment in the call's property on its date,
 * like the investment form's, and linked to their line. At most what they still owe.
 */
export function ReceiptForm({ call }: { call: CapitalCallResponse }) {
  const id = useId();
  const record = useEndpointMutation(endpoints.recordCallReceipt);
  const owing = call.lines.filter((l) => l.outstanding > 0);
  const [investor, setInvestor] = useState('');
  const [amount, setAmount] = useState('');
  const [date, setDate] = useState(todayIso);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const line = owing.find((l) => l.investor_name === investor);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    setDone(null);
    if (!line) return setFailure('Investor is required: choose who paid.');
    if (exceeds(amount, line.outstanding)) return setFailure(`${line.investor_name} still owes ${formatCurrency(line.outstanding)}: the amount cannot be more.`);
    try {
      const reply = await record.mutateAsync({ body: { call_id: call.id, investor_name: line.investor_name, amount: amount.trim(), date } });
      setDone(`${reply.message}: ${formatCurrency(reply.outstanding)} still outstanding from ${line.investor_name}.`);
      setAmount('');
      setInvestor('');
    } catch (err) {
      setFailure(errorText(err));
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="d-grid gap-2 border rounded p-2" aria-label="Record a receipt">
      <h4 className="h6 mb-0">Record money received</h4>
      <div className="row g-2">
        <div className="col-12 col-md-5">
          <label htmlFor={`${id}-investor`} className="form-label">Investor</label>
          <select id={`${id}-investor`} name="investor_name" className="form-select" value={investor}
            onChange={(e) => { setInvestor(e.target.value); const owed = owing.find((l) => l.investor_name === e.target.value)?.outstanding; setAmount(owed === undefined ? '' : dollarsText(owed)); }}>
            <option value="">Select who paid</option>
            {owing.map((l) => <option key={l.investor_name} value={l.investor_name}>{l.investor_name} (owes {formatCurrency(l.outstanding)})</option>)}
          </select>
        </div>
        <div className="col-6 col-md-3">
          <label htmlFor={`${id}-amount`} className="form-label">Amount</label>
          <input id={`${id}-amount`} name="amount" className="form-control" inputMode="decimal" required value={amount}
            onChange={(e) => setAmount(e.target.value)} />
        </div>
        <div className="col-6 col-md-4">
          <label htmlFor={`${id}-date`} className="form-label">Date received</label>
          <input id={`${id}-date`} name="date" type="date" className="form-control" required value={date} onChange={(e) => setDate(e.target.value)} />
        </div>
      </div>
      <p className="form-text mb-0">Recorded as an investment of the investor in {call.property_name}: their capital grows from its date.</p>
      <FormError message={failure} />
      {done && <div className="alert alert-success py-2 mb-0" role="status">{done}</div>}
      <div>
        <button type="submit" className="btn btn-primary" disabled={record.isPending}>Record receipt</button>
      </div>
    </form>
  );
}
