import { useEffect, useState, type FormEvent } from 'react';
import { FormError } from '../../components/form-error';
import { callRoute, errorText } from '../../lib/api-client';
import { sessionCalls } from '../../lib/session-calls';
import { RecoveryCodes } from './recovery-codes';
import { TotpQrCode } from './totp-qr-code';

/** What a right password asked for next (docs/security.md A10): a code, or enrolling first. */
export type Challenge = { kind: 'mfa'; token: string } | { kind: 'setup'; token: string };

type Props = { challenge: Challenge; onSignedIn: (accessToken: string) => void; onCancel: () => void };

/**
 * The second step of signing in: the 6-digit code of the authenticator app (or, with the phone lost, one
 * of the recovery codes), and for an admin without one yet the enrolment first (a QR code drawn here, and
 * the secret as text for typing in by hand), ending on the recovery codes to keep.
 */
export function SecondFactor({ challenge, onSignedIn, onCancel }: Props) {
  const [code, setCode] = useState('');
  const [useRecovery, setUseRecovery] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [setup, setSetup] = useState<{ otpauth_url: string; secret: string } | null>(null);
  const [enrolled, setEnrolled] = useState<{ token: string; codes: string[] } | null>(null);

  useEffect(() => {
    if (challenge.kind !== 'setup') return;
    callRoute(sessionCalls.totpSetup, { body: { setup_token: challenge.token } }, { anonymous: true })
      .then(setSetup)
      .catch((err: unknown) => setError(errorText(err)));
  }, [challenge]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      if (challenge.kind === 'setup') {
        const answer = await callRoute(sessionCalls.totpConfirm, { body: { setup_token: challenge.token, code } }, { anonymous: true });
        setEnrolled({ token: answer.access_token, codes: answer.recovery_codes });
        return;
      }
      const body = useRecovery ? { mfa_token: challenge.token, recovery_code: code } : { mfa_token: challenge.token, code };
      onSignedIn((await callRoute(sessionCalls.mfa, { body }, { anonymous: true })).access_token);
    } catch (err) {
      setError(errorText(err));
      setBusy(false);
    }
  };

  const switchKind = () => {
    setUseRecovery((r) => !r);
    setCode('');
    setError(null);
  };

  if (enrolled) {
    return (
      <div className="d-grid gap-3">
        <h2 className="h5 mb-0">Two-factor sign-in is on</h2>
        <RecoveryCodes codes={enrolled.codes} onDone={() => onSignedIn(enrolled.token)} />
      </div>
    );
  }

  const ready = useRecovery ? code.trim().length >= 10 : code.length === 6;
  return (
    <form onSubmit={submit} className="d-grid gap-3" aria-labelledby="second-factor-title">
      <h2 id="second-factor-title" className="h5 mb-0">{challenge.kind === 'mfa' ? 'Two-factor sign-in' : 'Set up two-factor sign-in'}</h2>
      {challenge.kind === 'setup' && (
        <div className="d-grid gap-2">
          <p className="small mb-0">
            Admin accounts sign in with a code from an authenticator app. Scan this code with the app (or type the key
            below), then enter the 6 digits it shows.
          </p>
          {setup ? <TotpQrCode url={setup.otpauth_url} /> : !error && <p className="text-secondary mb-0">Loading...</p>}
          {setup && <p className="small text-center mb-0">Key: <code className="user-select-all" data-testid="totp-secret">{setup.secret}</code></p>}
        </div>
      )}
      {useRecovery ? (
        <div>
          <label htmlFor="login-recovery-code" className="form-label">Recovery code</label>
          <input id="login-recovery-code" className="form-control" autoComplete="off" autoCapitalize="none" spellCheck={false} maxLength={40}
            required value={code} onChange={(e) => setCode(e.target.value)} aria-describedby="login-recovery-help" />
          <div id="login-recovery-help" className="form-text">One of the codes you kept when you set up two-factor sign-in, such as abcde-fghjk. Each works once.</div>
        </div>
      ) : (
        <div>
          <label htmlFor="login-code" className="form-label">6-digit code</label>
          <input id="login-code" className="form-control" inputMode="numeric" autoComplete="one-time-code" pattern="\d{6}" maxLength={6}
            required value={code} onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))} aria-describedby="login-code-help" />
          <div id="login-code-help" className="form-text">The code changes every 30 seconds; each one works once.</div>
        </div>
      )}
      <FormError message={error} />
      <button type="submit" className="btn btn-primary" disabled={busy || !ready}>VERIFY</button>
      {challenge.kind === 'mfa' && (
        <button type="button" className="btn btn-link" onClick={switchKind}>
          {useRecovery ? 'Use the code from my app' : 'Lost your phone? Use a recovery code'}
        </button>
      )}
      <button type="button" className="btn btn-link" onClick={onCancel}>Back to sign in</button>
    </form>
  );
}
