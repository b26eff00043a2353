import { useState } from 'react';
import { endpoints } from '../../../contract/endpoints';
import { FormError } from '../../components/form-error';
import { ApiError, errorText } from '../../lib/api-client';
import { useEndpointMutation, useEndpointQuery } from '../../lib/queries';

/** "March 2, 2026, 3:04 PM" in the reader's own time zone: when the consent or withdrawal was recorded. */
const whenText = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short' });

/**
 * The Account page's K-1 delivery card (its anchor #k1-consent): the disclosures, then an affirmative
 * consent (a checkbox, then a button) with the time it was recorded, and a way to withdraw it
 * (docs/decisions.md, "K-1 delivery consent"). An account that is no investor's (an admin's) shows nothing.
 */
export function K1ConsentCard() {
  const consent = useEndpointQuery(endpoints.k1Consent, undefined, { retry: false });
  const give = useEndpointMutation(endpoints.giveK1Consent);
  const withdraw = useEndpointMutation(endpoints.withdrawK1Consent);
  const [agreed, setAgreed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  if (consent.error instanceof ApiError && consent.error.status === 409) return null;

  const act = async (run: () => Promise<unknown>, message: string) => {
    setError(null);
    setSaved(null);
    try {
      await run();
      setSaved(message);
      setAgreed(false);
      await consent.refetch();
    } catch (err) {
      setError(errorText(err));
    }
  };

  const data = consent.data;
  const busy = give.isPending || withdraw.isPending;
  return (
    <section id="k1-consent" className="card shadow-sm account-card" aria-labelledby="k1-consent-title">
      <div className="card-body d-grid gap-3">
        <h2 id="k1-consent-title" className="h5 mb-0">Electronic K-1 delivery</h2>
        {consent.isPending && <p className="text-secondary mb-0">Loading...</p>}
        {consent.error && <FormError message={`Your K-1 delivery choice could not be loaded: ${errorText(consent.error)}`} />}
        {data && (
          <>
            <p className="mb-0" data-testid="k1-consent-state">
              {data.consented && data.consented_at
                ? <>You consented to get your K-1s electronically on <strong>{whenText(data.consented_at)}</strong>.</>
                : data.withdrawn_at
                  ? <>You withdrew your consent on <strong>{whenText(data.withdrawn_at)}</strong>: your K-1s come on paper.</>
                  : 'You have not consented: your K-1s come on paper.'}
            </p>
            <ul className="mb-0 small d-grid gap-1" aria-label="What you consent to">
              {data.disclosures.map((d) => <li key={d}>{d}</li>)}
            </ul>
            {data.consented ? (
              <div>
                <button type="button" className="btn btn-outline-danger" disabled={busy}
                  onClick={() => void act(() => withdraw.mutateAsync({}), endpoints.withdrawK1Consent.message)}>
                  Withdraw consent
                </button>
              </div>
            ) : (
              <>
                <div className="form-check">
                  <input id="k1-consent-agree" type="checkbox" className="form-check-input" checked={agreed}
                    onChange={(e) => setAgreed(e.target.checked)} />
                  <label htmlFor="k1-consent-agree" className="form-check-label">{data.statement}</label>
                </div>
                <div>
                  <button type="button" className="btn btn-primary" disabled={!agreed || busy}
                    onClick={() => void act(() => give.mutateAsync({ body: { disclosure_version: data.disclosure_version } }), endpoints.giveK1Consent.message)}>
                    Consent to electronic K-1s
                  </button>
                </div>
              </>
            )}
          </>
        )}
        {saved && <div className="alert alert-success mb-0 py-2" role="status">{saved}</div>}
        <FormError message={error} />
      </div>
    </section>
  );
}
