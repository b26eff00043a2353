import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { AdminFormProps } from '../shared/fields';
import { WithdrawFunds } from './withdraw-funds';

/** The three forms of Withdraw Funds, by the id of each (withdraw-funds.tsx). */
const FORMS = [
  { id: 'withdraw-cash', label: 'Cash' },
  { id: 'withdraw-investment', label: 'Investment' },
  { id: 'withdraw-deposit', label: 'Deposit' },
] as const;

/**
 * Withdraw Funds on a phone: one of its three forms at a time, the others a tap away;
 * from medium width up all three show and the switch hides (app.css). A hidden form keeps what was typed.
 */
export function WithdrawSwitcher(props: AdminFormProps) {
  // An address may name the form (a correction of a withdrawal: ?form=withdraw-deposit&correct=…).
  const [params] = useSearchParams();
  const named = FORMS.find((f) => f.id === params.get('form'))?.id;
  const [shown, setShown] = useState<string>(named ?? FORMS[0].id);
  useEffect(() => {
    if (named) setShown(named);
  }, [named]);
  return (
    <div className="withdraw-switcher" data-shown={shown}>
      <div className="btn-group w-100 mb-3 d-md-none withdraw-switch" role="group" aria-label="Withdraw from">
        {FORMS.map((f) => (
          <button key={f.id} type="button" className={`btn btn-outline-primary${shown === f.id ? ' active' : ''}`}
            aria-pressed={shown === f.id} aria-controls={f.id} onClick={() => setShown(f.id)}>
            {f.label}
          </button>
        ))}
      </div>
      <WithdrawFunds {...props} />
    </div>
  );
}
