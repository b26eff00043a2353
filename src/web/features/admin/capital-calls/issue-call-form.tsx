import { useDeferredValue, useId, useState, type FormEvent } from 'react';
import { endpoints } from '../../../../contract/endpoints';
import { MAX_CALL_INSTRUCTIONS, MAX_CALL_PURPOSE } from '../../../../contract/schemas/capital-calls';
import { FormError } from '../../../components/form-error';
import { errorText } from '../../../lib/api-client';
import { centsToDollars, parseCents } from '../../../lib/cents';
import { formatCurrency } from '../../../lib/format';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/queries';
import { todayIso } from '../../../lib/today';
import type { AdminFormProps } from '../shared/fields';
import { SplitArithmetic } from './split-arithmetic';

type Split = 'pro_rata' | 'typed';

/**
 * The issue form: the property, the amount asked, the due date, what it is for and how to pay, and the
 * split previewed before it is sent: by capital (as the server will compute it today) or typed per
 * investor, adding up to the amount. Issuing tells each investor asked by e-mail, without the amounts.
 */
export function IssueCallForm({ helpers, onIssued }: AdminFormProps & { onIssued: (id: number) => void }) {
  const id = useId();
  const issue = useEndpointMutation(endpoints.issueCapitalCall);
  const [property, setProperty] = useState('');
  const [amount, setAmount] = useState('');
  const [dueDate, setDueDate] = useState('');
  const [purpose, setPurpose] = useState('');
  const [instructions, setInstructions] = useState('');
  const [split, setSplit] = useState<Split>('pro_rata');
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const amountCents = parseCents(amount);
  const previewAmount = useDeferredValue(amountCents !== null && amountCents > 0 ? amount.trim() : '');
  const preview = useEndpointQuery(endpoints.previewCapitalCall, { property_name: property, amount: previewAmount || '0' },
    { enabled: !!property && !!previewAmount });
  const holders = preview.data?.lines ?? [];
  const typedCents = holders.reduce((s, l) => s + (parseCents(typed[l.investor_name] ?? '') ?? 0), 0);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    if (!property) return setFailure('Property is required: choose whose investors are asked.');
    const lines = holders.map((l) => ({ investor_name: l.investor_name, amount: (typed[l.investor_name] ?? '').trim() })).filter((l) => l.amount !== '' && l.amount !== '0');
    if (split === 'typed' && lines.length === 0) return setFailure('Type at least one investor\'s amount, or split by capital.');
    try {
      const reply = await issue.mutateAsync({
        body: { property_name: property, amount: amount.trim(), due_date: dueDate, purpose, instructions, ...(split === 'typed' ? { lines } : {}) },
      });
      setAmount('');
      setPurpose('');
      setTyped({});
      onIssued(reply.id);
    } catch (err) {
      setFailure(errorText(err));
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="d-grid gap-3" aria-label="Issue a capital call">
      <div className="row g-2">
        <div className="col-12 col-md-6">
          <label htmlFor={`${id}-property`} className="form-label">Property</label>
          <select id={`${id}-property`} name="property_name" className="form-select" value={property} onChange={(e) => setProperty(e.target.value)}>
            <option value="">Select a property</option>
            {helpers.properties.map((n) => <option key={n} value={n}>{n}</option>)}
          </select>
        </div>
        <div className="col-6 col-md-3">
          <label htmlFor={`${id}-amount`} className="form-label">Amount asked</label>
          <input id={`${id}-amount`} name="amount" className="form-control" inputMode="decimal" required value={amount}
            onChange={(e) => setAmount(e.target.value)} />
        </div>
        <div className="col-6 col-md-3">
          <label htmlFor={`${id}-due`} className="form-label">Due date</label>
          <input id={`${id}-due`} name="due_date" type="date" className="form-control" required min={todayIso()} value={dueDate}
            onChange={(e) => setDueDate(e.target.value)} />
        </div>
      </div>
      <div>
        <label htmlFor={`${id}-purpose`} className="form-label">Purpose</label>
        <input id={`${id}-purpose`} name="purpose" className="form-control" maxLength={MAX_CALL_PURPOSE} required placeholder="New roof"
          value={purpose} onChange={(e) => setPurpose(e.target.value)} />
      </div>
      <div>
        <label htmlFor={`${id}-instructions`} className="form-label">How to pay</label>
        <textarea id={`${id}-instructions`} name="instructions" className="form-control" rows={3} maxLength={MAX_CALL_INSTRUCTIONS} required
          aria-describedby={`${id}-instructions-hint`} value={instructions} onChange={(e) => setInstructions(e.target.value)} />
        <div id={`${id}-instructions-hint`} className="form-text">Shown on each investor’s page; the e-mail only says a call is waiting.</div>
      </div>
      <fieldset>
        <legend className="form-label fs-6">Split</legend>
        {([['pro_rata', 'By capital in the property'], ['typed', 'Typed per investor']] as const).map(([value, label]) => (
          <div key={value} className="form-check form-check-inline">
            <input id={`${id}-split-${value}`} className="form-check-input" type="radio" name="split" value={value}
              checked={split === value} onChange={() => setSplit(value)} />
            <label htmlFor={`${id}-split-${value}`} className="form-check-label">{label}</label>
          </div>
        ))}
      </fieldset>
      <section aria-label="Preview of the split" className="border rounded p-2">
        <div className="small text-secondary mb-1">Preview</div>
        {!property || !previewAmount ? (
          <p className="small mb-0">Choose a property and an amount to see each investor’s share.</p>
        ) : preview.error ? (
          <FormError message={errorText(preview.error)} />
        ) : !preview.data ? (
          <p className="small mb-0">Computing the split…</p>
        ) : holders.length === 0 ? (
          <p className="small mb-0">{property} has no investors holding capital today: there is no one to ask.</p>
        ) : split === 'pro_rata' ? (
          <SplitArithmetic amount={preview.data.amount} totalCapital={preview.data.total_capital} lines={holders} />
        ) : (
          <div className="d-grid gap-2">
            {holders.map((l, i) => (
              <div key={l.investor_name} className="row g-2 align-items-center">
                <label htmlFor={`${id}-typed-${i}`} className="col-6 col-form-label text-break">
                  {l.investor_name} <span className="small text-secondary">(capital {formatCurrency(l.capital)})</span>
                </label>
                <div className="col-6">
                  <input id={`${id}-typed-${i}`} className="form-control" inputMode="decimal" placeholder="0.00"
                    value={typed[l.investor_name] ?? ''} onChange={(e) => setTyped({ ...typed, [l.investor_name]: e.target.value })} />
                </div>
              </div>
            ))}
            <p className={`small mb-0 ${amountCents !== null && typedCents !== amountCents ? 'text-danger' : ''}`} role="status">
              Typed: {formatCurrency(centsToDollars(typedCents))} of {formatCurrency(centsToDollars(amountCents ?? 0))}
              {amountCents !== null && typedCents !== amountCents ? ': the amounts must add up to the amount asked.' : '.'}
            </p>
          </div>
        )}
      </section>
      <FormError message={failure} />
      <div>
        <button type="submit" className="btn btn-primary" disabled={issue.isPending}>Issue the call</button>
      </div>
    </form>
  );
}
