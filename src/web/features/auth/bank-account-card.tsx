import { useState } from 'react';
import { endpoints } from '../../../contract/endpoints';
import { maskedAccount } from '../../../contract/schemas/bank-accounts';
import { BankAccountForm, type BankAccountFields } from '../../components/bank-account-form';
import { FormError } from '../../components/form-error';
import { ApiError, errorText } from '../../lib/api-client';
import { useEndpointMutation, useEndpointQuery } from '../../lib/queries';

const whenText = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short' });

/**
 * The Account page's "Bank account for distributions" card (its anchor #bank-account): the account paid,
 * masked, a change waiting for an administrator's approval, and the form to ask for a new one. An account
 * that is no investor's (an admin's own) shows nothing.
 */
export function BankAccountCard() {
  const state = useEndpointQuery(endpoints.bankAccount, {}, { retry: false });
  const change = useEndpointMutation(endpoints.changeBankAccount);
  const [saved, setSaved] = useState<string | null>(null);
  const [open, setOpen] = useState(false);

  if (state.error instanceof ApiError && state.error.status === 400) return null;

  const submit = async (fields: BankAccountFields) => {
    setSaved(null);
    try {
      const reply = await change.mutateAsync({ body: fields });
      setSaved(reply.message);
      setOpen(false);
    } catch (err) {
      throw new Error(errorText(err));
    }
  };

  const data = state.data;
  return (
    <section id="bank-account" className="card shadow-sm account-card" aria-labelledby="bank-account-title">
      <div className="card-body d-grid gap-3">
        <h2 id="bank-account-title" className="h5 mb-0">Bank account for distributions</h2>
        {state.isPending && <p className="text-secondary mb-0">Loading...</p>}
        {state.error && <FormError message={`Your bank account could not be loaded: ${errorText(state.error)}`} />}
        {data && (
          <>
            <p className="mb-0" data-testid="bank-account-current">
              {data.account
                ? <>Distributions are paid to <strong>{maskedAccount(data.account.type, data.account.last4)}</strong> at routing
                  number {data.account.routing_number}, since {whenText(data.account.since)}.</>
                : 'No bank account is on file: distributions are paid by check.'}
            </p>
            {data.pending && (
              <div className="alert alert-warning mb-0 py-2" data-testid="bank-account-pending">
                New account <strong>{maskedAccount(data.pending.type, data.pending.last4)}</strong> (routing {data.pending.routing_number}),
                entered {whenText(data.pending.requested_at)}: waiting for an administrator’s approval.
                {data.account ? ' Until then distributions go to the account above.' : ' Until then distributions are paid by check.'}
              </div>
            )}
            {open ? (
              <>
                <p className="small text-secondary mb-0">
                  For your safety a new account is paid only after an administrator approves it, and we e-mail you that it was entered.
                </p>
                <BankAccountForm busy={change.isPending} submitLabel="Ask for this account" onSubmit={submit} />
                <div><button type="button" className="btn btn-link px-0" onClick={() => setOpen(false)}>Cancel</button></div>
              </>
            ) : (
              <div>
                <button type="button" className="btn btn-outline-primary" onClick={() => { setSaved(null); setOpen(true); }}>
                  {data.account || data.pending ? 'Change bank account' : 'Add a bank account'}
                </button>
              </div>
            )}
          </>
        )}
        {saved && <div className="alert alert-success mb-0 py-2" role="status">{saved}</div>}
      </div>
    </section>
  );
}
