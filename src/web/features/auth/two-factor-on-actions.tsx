import { useState, type FormEvent } from 'react';
import { endpoints } from '../../../contract/endpoints';
import { FormError } from '../../components/form-error';
import { errorText } from '../../lib/api-client';
import { useEndpointMutation } from '../../lib/queries';

type Props = {
  codesLeft: number;
  canTurnOff: boolean;
  onNewCodes: (codes: string[]) => void;
  onTurnedOff: (message: string) => void;
};

/**
 * With two-factor sign-in on: how many recovery codes are left, ten new ones for a
 * code of the app, and turning it off, proven by a code of the app or a recovery code. Each opens its
 * own small form; a wrong code is said beside it.
 */
export function TwoFactorOnActions({ codesLeft, canTurnOff, onNewCodes, onTurnedOff }: Props) {
  const [open, setOpen] = useState<'codes' | 'off' | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const renew = useEndpointMutation(endpoints.recoveryCodes);
  const disable = useEndpointMutation(endpoints.totpDisable);
  const busy = renew.isPending || disable.isPending;
  // Turning off also takes a recovery code (the phone may be gone); new codes need the app itself.
  const isRecovery = open === 'off' && /[a-z]/i.test(code);

  const show = (which: 'codes' | 'off' | null) => {
    setOpen(which);
    setCode('');
    setError(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      if (open === 'codes') {
        onNewCodes((await renew.mutateAsync({ body: { code: code.trim() } })).recovery_codes);
      } else {
        const body = isRecovery ? { recovery_code: code } : { code: code.trim() };
        onTurnedOff((await disable.mutateAsync({ body })).message);
      }
      show(null);
    } catch (err) {
      setError(errorText(err));
    }
  };

  return (
    <div className="d-grid gap-2">
      <p className={`small mb-0${codesLeft <= 2 ? ' text-danger' : ' text-secondary'}`} data-testid="recovery-codes-left">
        {codesLeft === 1 ? '1 recovery code left.' : `${codesLeft} recovery codes left.`}
        {codesLeft <= 2 && ' Make new ones before you run out.'}
      </p>
      {open === null ? (
        <div className="d-flex flex-wrap gap-2">
          <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => show('codes')}>New recovery codes</button>
          {canTurnOff && <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => show('off')}>Turn off</button>}
        </div>
      ) : (
        <form className="d-grid gap-2" onSubmit={(e) => void submit(e)} noValidate aria-busy={busy}>
          <div>
            <label htmlFor="two-factor-proof" className="form-label">
              {open === 'codes' ? '6-digit code from your app' : '6-digit code from your app, or a recovery code'}
            </label>
            <input id="two-factor-proof" className="form-control account-totp-code" autoComplete="one-time-code" maxLength={40}
              inputMode={open === 'codes' ? 'numeric' : 'text'} value={code} onChange={(e) => setCode(e.target.value)}
              aria-describedby="two-factor-proof-note" autoFocus />
            <div id="two-factor-proof-note" className="form-text">
              {open === 'codes' ? 'Your old recovery codes stop working.' : 'Your next sign-in asks only for your password.'}
            </div>
          </div>
          <FormError message={error} />
          <div className="d-flex flex-wrap gap-2">
            <button type="submit" className={`btn btn-sm ${open === 'off' ? 'btn-danger' : 'btn-primary'}`} disabled={busy || !code.trim()}>
              {open === 'codes' ? 'Make new codes' : 'Turn off two-factor sign-in'}
            </button>
            <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => show(null)} disabled={busy}>Cancel</button>
          </div>
        </form>
      )}
    </div>
  );
}
