import { useId, useState } from 'react';
import { endpoints } from '../../../../contract/endpoints';
import { maskedAccount } from '../../../../contract/schemas/bank-accounts';
import { BankAccountForm, type BankAccountFields } from '../../../components/bank-account-form';
import { errorText } from '../../../lib/api-client';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/queries';
import type { AdminFormProps } from '../shared/fields';
import { NameSelect } from '../shared/name-select';
import { logFailure } from '../shared/report-state';
import { PendingBankChanges } from './pending-bank-changes';

/** The chosen investor's account on file and pending change, masked. */
function AccountOnFile({ investor }: { investor: string }) {
  const { data, error } = useEndpointQuery(endpoints.bankAccount, { investor_name: investor }, { meta: logFailure });
  if (error) return <p className="text-danger mb-0">{errorText(error)}</p>;
  if (!data) return <p className="text-secondary mb-0">Loading...</p>;
  return (
    <p className="mb-0" data-testid="admin-bank-account">
      {data.account ? <>On file: <strong>{maskedAccount(data.account.type, data.account.last4)}</strong>, routing {data.account.routing_number}.</>
        : 'No account on file: paid by check.'}
      {data.pending && <> Waiting for approval: <strong>{maskedAccount(data.pending.type, data.pending.last4)}</strong>.</>}
    </p>
  );
}

/**
 * "Bank accounts": the changes waiting for approval, and a form to set an investor's account (at once, or
 * waiting for another admin when the portal requires a second approver).
 */
export function BankAccountsPanel({ helpers }: AdminFormProps) {
  const id = useId();
  const [investor, setInvestor] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const change = useEndpointMutation(endpoints.changeBankAccount);

  const submit = async (fields: BankAccountFields) => {
    setDone(null);
    if (!investor) throw new Error('Investor is required: choose whose account this is.');
    try {
      const reply = await change.mutateAsync({ body: { investor_name: investor, ...fields } });
      setDone(`${investor}: ${reply.message}`);
    } catch (err) {
      throw new Error(errorText(err));
    }
  };

  return (
    <div className="d-grid gap-4 report-stack">
      <PendingBankChanges />
      <section aria-labelledby={`${id}-set`} className="d-grid gap-3">
        <h3 id={`${id}-set`} className="admin-subtitle mb-0">Set an investor’s account</h3>
        <div>
          <NameSelect id={`${id}-investor`} label="Investor" placeholder="Select an investor" options={helpers.investors_list}
            value={investor} onChange={(v) => { setInvestor(v); setDone(null); }} />
        </div>
        {investor && <AccountOnFile investor={investor} />}
        <BankAccountForm busy={change.isPending} submitLabel="Save the account" onSubmit={submit} />
        {done && <div className="alert alert-success py-2 mb-0" role="status">{done}</div>}
      </section>
    </div>
  );
}
