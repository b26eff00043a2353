import { useState } from 'react';
import { endpoints } from '../../../../contract/endpoints';
import { errorText } from '../../../lib/api-client';
import { useEndpointMutation } from '../../../lib/queries';
import { NameActionForm } from './name-action-form';

/**
 * Get Investor Secret (docs/product.md "Screens"): the server issues a fresh single-use registration secret
 * on every call (the previous one stops working), so it is asked for only on a click, never cached. It
 * shows as 'Investor login secret is: {secret}' in an alert, with a button that copies the secret.
 */
const CHOOSE_FIRST = 'Please select an investor.';

export function InvestorSecret({ investors }: { investors: readonly string[] }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const issue = useEndpointMutation(endpoints.investorSecret);
  const secret = issue.data?.investor_secret;

  const choose = (value: string) => {
    setName(value);
    setError(null);
    setCopied(null);
    issue.reset(); // a secret on screen belongs to the investor it was issued for
  };

  const ask = async () => {
    setCopied(null);
    try {
      await issue.mutateAsync({ query: { investor_name: name } });
    } catch (err) {
      const message = errorText(err);
      console.error(message);
      setError(message);
    }
  };

  const copy = () => {
    if (!secret) return;
    navigator.clipboard.writeText(secret).then(
      () => setCopied('yes'),
      () => setCopied('failed'),
    );
  };

  return (
    <NameActionForm id="investor-secret" label="Investor" placeholder="Select an investor" options={investors} value={name}
      onChange={choose} onSubmit={() => void ask()} missing={CHOOSE_FIRST} onError={setError}
      submitLabel="Get secret" submitClass="btn-primary" busy={issue.isPending} error={error}
      hint="Each click issues a new secret for the investor to register with; the one issued before stops working.">
      {secret && (
        <div className="alert alert-success mb-0 d-flex flex-wrap align-items-center gap-2 investor-secret" role="status">
          <span className="investor-secret-text">
            Investor login secret is: <code className="user-select-all">{secret}</code>
          </span>
          <button type="button" className="btn btn-sm btn-outline-success ms-auto" onClick={copy}>
            {copied === 'yes' ? 'Copied' : 'Copy secret'}
          </button>
          {copied === 'failed' && <span className="small w-100">Copying is not allowed here: select the secret and copy it.</span>}
        </div>
      )}
    </NameActionForm>
  );
}
