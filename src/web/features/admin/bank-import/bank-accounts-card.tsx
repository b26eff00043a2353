import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { endpoints } from '../../../../contract/endpoints';
import type { Reply } from '../../../../contract/endpoint';
import { FormError } from '../../../components/form-error';
import { errorText } from '../../../lib/api-client';
import { useEndpointMutation } from '../../../lib/queries';

type Account = Reply<typeof endpoints.llcBankAccounts>['accounts'][number];
type Values = { name: string; last4: string; property_names: string[] };

/** The add-or-change form of one account: its name, last four digits and the properties it serves. */
function AccountForm({ llc, account, properties, onDone }: { llc: string; account: Account | null; properties: readonly string[]; onDone: (m: string) => void }) {
  const id = useId();
  const add = useEndpointMutation(endpoints.addLlcBankAccount);
  const change = useEndpointMutation(endpoints.changeLlcBankAccount);
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState: { errors, isSubmitting } } = useForm<Values>({
    defaultValues: { name: account?.name ?? '', last4: account?.last4 ?? '', property_names: account?.property_names ?? [] },
  });
  const onSubmit = async (v: Values) => {
    setFailure(null);
    try {
      const reply = account
        ? await change.mutateAsync({ body: { llc_name: llc, name: account.name, ...(v.name.trim() !== account.name ? { new_name: v.name } : {}),
          last4: v.last4.trim(), property_names: v.property_names } })
        : await add.mutateAsync({ body: { llc_name: llc, name: v.name, ...(v.last4.trim() ? { last4: v.last4.trim() } : {}), property_names: v.property_names } });
      onDone(reply.message);
    } catch (err) {
      setFailure(errorText(err));
    }
  };
  return (
    <form className="d-grid gap-2" noValidate aria-label={account ? `Change ${account.name}` : 'Add a bank account'} onSubmit={(e) => void handleSubmit(onSubmit)(e)}>
      <div className="row g-2">
        <div className="col-12 col-sm-7">
          <label htmlFor={`${id}-name`} className="form-label">Account name</label>
          <input id={`${id}-name`} className={`form-control${errors.name ? ' is-invalid' : ''}`} maxLength={100}
            aria-invalid={errors.name ? true : undefined} {...register('name', { validate: (v) => v.trim() !== '' || 'Name the account.' })} />
          {errors.name && <div className="invalid-feedback d-block">{errors.name.message}</div>}
        </div>
        <div className="col-12 col-sm-5">
          <label htmlFor={`${id}-last4`} className="form-label">Last four digits</label>
          <input id={`${id}-last4`} className={`form-control${errors.last4 ? ' is-invalid' : ''}`} inputMode="numeric" maxLength={4}
            aria-invalid={errors.last4 ? true : undefined}
            {...register('last4', { validate: (v) => v.trim() === '' || /^\d{4}$/.test(v.trim()) || 'Four digits, or leave it empty.' })} />
          {errors.last4 && <div className="invalid-feedback d-block">{errors.last4.message}</div>}
        </div>
      </div>
      <fieldset>
        <legend className="form-label fs-6 mb-1">Properties it serves</legend>
        <div className="border rounded px-2 py-1 overflow-auto" style={{ maxHeight: '9rem' }}>
          {properties.length === 0 && <span className="small text-secondary">No properties yet.</span>}
          {properties.map((p, i) => (
            <div key={p} className="form-check">
              <input id={`${id}-p-${i}`} type="checkbox" className="form-check-input" value={p} {...register('property_names')} />
              <label htmlFor={`${id}-p-${i}`} className="form-check-label">{p}</label>
            </div>
          ))}
        </div>
      </fieldset>
      <FormError message={failure} />
      <div>
        <button type="submit" className="btn btn-sm btn-primary" disabled={isSubmitting}>{account ? 'Save the account' : 'Add the account'}</button>
      </div>
    </form>
  );
}

/** "Bank accounts": the LLC's accounts (each statement is of one), added or changed here. */
export function BankAccountsCard({ llc, accounts, properties }: { llc: string; accounts: readonly Account[]; properties: readonly string[] }) {
  const id = useId();
  const [editing, setEditing] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  // Saved: the form starts empty again, for the next account.
  const [round, setRound] = useState(0);
  const account = accounts.find((a) => a.name === editing) ?? null;
  return (
    <section className="card report-card" aria-labelledby={`${id}-title`}>
      <div className="card-header report-card-header">
        <h3 id={`${id}-title`} className="report-card-title">Bank accounts</h3>
        <p className="report-card-subtitle mb-0">A statement of an account proposes its property when the account serves one.</p>
      </div>
      <ul className="list-group list-group-flush" aria-label={`Bank accounts of ${llc}`}>
        {accounts.length === 0 && <li className="list-group-item small text-secondary">No bank accounts yet.</li>}
        {accounts.map((a) => (
          <li key={a.name} className="list-group-item d-flex flex-wrap align-items-center gap-2">
            <div style={{ flex: '1 1 12rem', minWidth: 0 }} className="text-break">
              <span className="fw-semibold">{a.name}</span>{a.last4 && <span className="text-secondary"> ••••{a.last4}</span>}
              <div className="small text-secondary">{a.property_names.length ? a.property_names.join(', ') : 'No property named'}</div>
            </div>
            <button type="button" className="btn btn-sm btn-outline-primary" aria-label={`Change ${a.name}`} aria-pressed={editing === a.name}
              onClick={() => { setDone(null); setEditing(a.name); }}>Change</button>
          </li>
        ))}
      </ul>
      <div className="card-body d-grid gap-2">
        {done && <div className="alert alert-success py-2 mb-0" role="status">{done}</div>}
        <h4 className="h6 mb-0">{account ? `Change “${account.name}”` : 'Add a bank account'}</h4>
        {account && <button type="button" className="btn btn-link btn-sm p-0 text-start" onClick={() => setEditing(null)}>Add an account instead</button>}
        <AccountForm key={`${editing ?? ''}|${round}`} llc={llc} account={account} properties={properties}
          onDone={(m) => { setDone(m); setEditing(null); setRound((r) => r + 1); }} />
      </div>
    </section>
  );
}
