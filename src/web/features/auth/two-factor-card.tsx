import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { endpoints } from '../../../contract/endpoints';
import { TotpEnableRequest } from '../../../contract/schemas/auth';
import { FormError } from '../../components/form-error';
import { errorText } from '../../lib/api-client';
import { useEndpointMutation, useEndpointQuery } from '../../lib/queries';
import { RecoveryCodes } from './recovery-codes';
import { TotpQrCode } from './totp-qr-code';
import { TwoFactorOnActions } from './two-factor-on-actions';

/** "6-digit" with a hyphen that never breaks the line (a phone would otherwise end a line at "6-"). */
const SIX_DIGIT = '6\u2011digit';

type Offer = { otpauth_url: string; secret: string };
type Fields = { code: string };

/**
 * The Account page's two-factor card (docs/security.md A10): whether the sign-in asks for a
 * code, and for a person without it the enrolment: "Set up" shows a QR code drawn in the browser and the
 * key as text, and a code from the app turns it on. From the next sign-in on, a code follows the password.
 */
export function TwoFactorCard() {
  const status = useEndpointQuery(endpoints.totpStatus, undefined, { meta: { onError: (err) => console.error(errorText(err)) } });
  const enrol = useEndpointMutation(endpoints.totpEnrol);
  const enable = useEndpointMutation(endpoints.totpEnable);
  const [offer, setOffer] = useState<Offer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const { register, handleSubmit, reset, setFocus, formState: { errors, isSubmitting } } = useForm<Fields>({
    resolver: zodResolver(TotpEnableRequest),
    defaultValues: { code: '' },
  });
  const on = status.data?.totp_enabled === true;

  // The code field takes the focus once the QR code is there: the next thing to do is type the code.
  useEffect(() => {
    if (offer) setFocus('code');
  }, [offer, setFocus]);

  const setUp = async () => {
    setError(null);
    setDone(null);
    try {
      setOffer(await enrol.mutateAsync({}));
      reset();
    } catch (err) {
      setError(errorText(err));
      void status.refetch(); // a 409: it was turned on meanwhile (another window)
    }
  };

  const turnOn = handleSubmit(async ({ code }) => {
    setError(null);
    try {
      const { message, recovery_codes } = await enable.mutateAsync({ body: { code } });
      setOffer(null);
      reset();
      setDone(message);
      setCodes(recovery_codes);
    } catch (err) {
      setError(errorText(err));
    }
  });

  const cancel = () => {
    setOffer(null);
    setError(null);
    reset();
  };

  const codeProblem = errors.code ? `Code ${errors.code.message ?? 'is required'}.` : null;

  return (
    <section className="card shadow-sm account-card" aria-labelledby="two-factor-title">
      <div className="card-body d-grid gap-3">
        <div className="d-flex flex-wrap align-items-center gap-2">
          <h2 id="two-factor-title" className="h5 mb-0 me-auto">Two-factor sign-in</h2>
          {status.data && (
            <span className={`badge rounded-pill ${on ? 'text-bg-success' : 'text-bg-secondary'}`} data-testid="two-factor-status">
              {on ? 'On' : 'Off'}
            </span>
          )}
        </div>
        {status.isPending && <p className="text-secondary mb-0">Loading...</p>}
        {status.error && <FormError message={`Whether two-factor sign-in is on could not be loaded: ${errorText(status.error)}`} />}
        {status.data && on && (
          <p className="mb-0">
            Two-factor sign-in is on: after your password, each sign-in asks for the {SIX_DIGIT} code your authenticator app shows.
          </p>
        )}
        {done && on && <div className="alert alert-success mb-0" role="status">{done}</div>}
        {codes && on && <RecoveryCodes codes={codes} />}
        {status.data && on && (
          <TwoFactorOnActions codesLeft={status.data.recovery_codes_left} canTurnOff={status.data.can_turn_off}
            onNewCodes={(fresh) => { setDone(null); setCodes(fresh); }} onTurnedOff={(message) => { setCodes(null); setDone(null); setError(null); window.alert(message); }} />
        )}
        {status.data && !on && !offer && (
          <>
            <p className="mb-0">
              Add a second step to your sign-in: a {SIX_DIGIT} code from an authenticator app on your phone (Google Authenticator,
              Microsoft Authenticator, 1Password or another). Someone who learns your password still cannot sign in.
            </p>
            <div>
              <button type="button" className="btn btn-primary" onClick={() => void setUp()} disabled={enrol.isPending}>
                {enrol.isPending && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
                Set up
              </button>
            </div>
          </>
        )}
        {offer && !on && (
          <form className="d-grid gap-3" onSubmit={(e) => void turnOn(e)} noValidate aria-busy={isSubmitting}>
            <ol className="mb-0 ps-3 d-grid gap-1 small">
              <li>Scan this QR code with your authenticator app, or type the key into it by hand.</li>
              <li>Type the {SIX_DIGIT} code the app shows, and press Turn on.</li>
            </ol>
            <TotpQrCode url={offer.otpauth_url} />
            <p className="small text-center mb-0 account-totp-key">
              Key: <code className="user-select-all" data-testid="totp-secret">{offer.secret}</code>
            </p>
            <div>
              <label htmlFor="account-totp-code" className="form-label">6-digit code</label>
              <input id="account-totp-code" className={`form-control account-totp-code${codeProblem ? ' is-invalid' : ''}`} inputMode="numeric"
                autoComplete="one-time-code" maxLength={6} aria-invalid={Boolean(codeProblem)} aria-describedby="account-totp-code-note"
                {...register('code')} />
              <div id="account-totp-code-note" className={codeProblem ? 'invalid-feedback' : 'form-text'}>
                {codeProblem ?? 'The code changes every 30 seconds; each one works once.'}
              </div>
            </div>
            <FormError message={error} />
            <div className="d-flex flex-wrap gap-2">
              <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
                {isSubmitting && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
                Turn on
              </button>
              <button type="button" className="btn btn-outline-secondary" onClick={cancel} disabled={isSubmitting}>
                Cancel
              </button>
            </div>
          </form>
        )}
        {!offer && <FormError message={error} />}
      </div>
    </section>
  );
}
