import { useId, useState, type FormEvent } from 'react';
import type { AccountType } from '../../contract/schemas/bank-accounts';
import { isRoutingNumber } from '../../contract/values/routing-number';
import { FormError } from './form-error';

export type BankAccountFields = { routing_number: string; account_number: string; account_type: AccountType };

const digits = (text: string) => text.replace(/[\s-]/g, '');

/** What is wrong with a routing number as typed so far, in plain words; null while it may still be right. */
export function routingProblem(text: string, done: boolean): string | null {
  const d = digits(text);
  if (d === '') return done ? 'Routing number is required: the 9 digits at the bottom left of a check.' : null;
  if (!/^\d+$/.test(d)) return 'A routing number has digits only.';
  if (d.length > 9) return 'A routing number has 9 digits: this has more.';
  if (d.length < 9) return done ? `A routing number has 9 digits: this has ${d.length}.` : null;
  return isRoutingNumber(d) ? null : 'This is not a valid routing number (its check digit does not match): look at it again.';
}

export function accountProblem(text: string, confirm: string): string | null {
  const d = digits(text);
  if (d === '') return 'Account number is required.';
  if (!/^\d{4,17}$/.test(d)) return 'An account number has 4 to 17 digits.';
  if (digits(confirm) !== d) return 'The two account numbers differ: type it again.';
  return null;
}

/**
 * The bank account form of the Account page and the admin's screen: the routing number checked as it is
 * typed (ABA check digit), the account number twice, checking or savings. The server checks it all again.
 */
export function BankAccountForm({ busy, submitLabel, onSubmit }: {
  busy: boolean;
  submitLabel: string;
  /** Resolves when saved (the form then empties); rejects with the message to show. */
  onSubmit: (fields: BankAccountFields) => Promise<void>;
}) {
  const id = useId();
  const [routing, setRouting] = useState('');
  const [account, setAccount] = useState('');
  const [confirm, setConfirm] = useState('');
  const [type, setType] = useState<AccountType>('checking');
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const routingNow = routingProblem(routing, tried);
  const accountNow = tried ? accountProblem(account, confirm) : null;
  const routingOk = routingProblem(routing, true) === null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    setFailure(null);
    if (routingProblem(routing, true) || accountProblem(account, confirm)) return;
    try {
      await onSubmit({ routing_number: digits(routing), account_number: digits(account), account_type: type });
      setRouting('');
      setAccount('');
      setConfirm('');
      setTried(false);
    } catch (err) {
      setFailure(err instanceof Error ? err.message : String(err));
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="d-grid gap-3" aria-label="Bank account">
      <div>
        <label htmlFor={`${id}-routing`} className="form-label">Routing number</label>
        <input id={`${id}-routing`} name="routing_number" className={`form-control${routingNow ? ' is-invalid' : routingOk ? ' is-valid' : ''}`}
          inputMode="numeric" autoComplete="off" maxLength={11} value={routing} aria-describedby={`${id}-routing-hint`}
          aria-invalid={routingNow ? true : undefined} onChange={(e) => setRouting(e.target.value)} />
        <div id={`${id}-routing-hint`} className={routingNow ? 'invalid-feedback d-block' : 'form-text'}>
          {routingNow ?? (routingOk ? 'A valid routing number.' : 'The 9 digits at the bottom left of a check.')}
        </div>
      </div>
      <div className="row g-3">
        <div className="col-12 col-sm-6">
          <label htmlFor={`${id}-account`} className="form-label">Account number</label>
          <input id={`${id}-account`} name="account_number" className={`form-control${accountNow ? ' is-invalid' : ''}`} inputMode="numeric"
            autoComplete="off" maxLength={21} value={account} onChange={(e) => setAccount(e.target.value)} />
        </div>
        <div className="col-12 col-sm-6">
          <label htmlFor={`${id}-confirm`} className="form-label">Account number again</label>
          <input id={`${id}-confirm`} name="account_number_confirm" className={`form-control${accountNow ? ' is-invalid' : ''}`} inputMode="numeric"
            autoComplete="off" maxLength={21} value={confirm} onChange={(e) => setConfirm(e.target.value)} />
        </div>
        {accountNow && <div className="col-12 invalid-feedback d-block mt-1">{accountNow}</div>}
      </div>
      <fieldset>
        <legend className="form-label fs-6">Account type</legend>
        {(['checking', 'savings'] as const).map((t) => (
          <div key={t} className="form-check form-check-inline">
            <input id={`${id}-type-${t}`} className="form-check-input" type="radio" name="account_type" value={t}
              checked={type === t} onChange={() => setType(t)} />
            <label htmlFor={`${id}-type-${t}`} className="form-check-label">{t === 'checking' ? 'Checking' : 'Savings'}</label>
          </div>
        ))}
      </fieldset>
      <FormError message={failure} />
      <div>
        <button type="submit" className="btn btn-primary" disabled={busy}>{submitLabel}</button>
      </div>
    </form>
  );
}
