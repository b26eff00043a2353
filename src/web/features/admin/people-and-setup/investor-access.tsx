import { useState } from 'react';
import { flushSync } from 'react-dom';
import { endpoints } from '../../../../contract/endpoints';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormError } from '../../../components/form-error';
import { errorText } from '../../../lib/api-client';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/queries';
import { NameSelect } from '../shared/name-select';

/**
 * "Investor records of a login" (issue 29 item 4): one person who invests personally, through an IRA and
 * through a trust signs in once and switches between their records. Type the login's username, see the
 * records it holds besides its own, grant another, or remove one (at once: the switcher stops showing it).
 */
export function InvestorAccess({ investors }: { investors: readonly string[] }) {
  const [typed, setTyped] = useState('');
  const [username, setUsername] = useState('');
  const [grant, setGrant] = useState('');
  const [removing, setRemoving] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const held = useEndpointQuery(endpoints.investorAccess, { username }, { enabled: username !== '' });
  const add = useEndpointMutation(endpoints.grantInvestorAccess);
  const remove = useEndpointMutation(endpoints.revokeInvestorAccess);
  const records = held.data?.investor_names ?? [];

  const look = () => {
    setDone(null);
    setFailure(null);
    setUsername(typed.trim());
  };
  const grantOne = async () => {
    setDone(null);
    setFailure(null);
    if (!grant) return setFailure('Choose the investor record to grant.');
    try {
      const { message } = await add.mutateAsync({ body: { username, investor_name: grant } });
      setDone(`${message}: ${username} now holds ${grant}.`);
      setGrant('');
    } catch (err) {
      setFailure(errorText(err));
    }
  };
  const removeOne = async () => {
    if (!removing) return;
    try {
      const { message } = await remove.mutateAsync({ body: { username, investor_name: removing } });
      setDone(`${message}: ${username} no longer holds ${removing}.`);
    } catch (err) {
      setFailure(errorText(err));
    }
    flushSync(() => setRemoving(null));
  };

  return (
    <div className="d-grid gap-3">
      <form className="row g-2 align-items-end" onSubmit={(e) => { e.preventDefault(); look(); }} noValidate>
        <div className="col-12 col-md-6">
          <label htmlFor="investor-access-username" className="form-label">Username of the login</label>
          <input id="investor-access-username" className="form-control" autoComplete="off" value={typed}
            onChange={(e) => setTyped(e.target.value)} aria-describedby="investor-access-username-note" />
          <div id="investor-access-username-note" className="form-text">The name the investor signs in with.</div>
        </div>
        <div className="col-12 col-md-auto mb-md-4">
          <button type="submit" className="btn btn-outline-primary" disabled={!typed.trim()}>Show its records</button>
        </div>
      </form>
      {username && held.error && <FormError message={errorText(held.error)} />}
      {username && held.isPending && <p className="mb-0">Loading...</p>}
      {username && held.data && (
        <section className="d-grid gap-3" aria-labelledby="investor-access-held">
          <h4 id="investor-access-held" className="h6 fw-semibold mb-0">Records {held.data.username} holds besides its own</h4>
          {records.length === 0 ? <p className="report-muted mb-0">None: only its own investor record.</p> : (
            <ul className="list-group">
              {records.map((name) => (
                <li key={name} className="list-group-item d-flex flex-wrap align-items-center justify-content-between gap-2">
                  <span>{name}</span>
                  <button type="button" className="btn btn-sm btn-outline-danger" aria-label={`Remove ${name} from ${held.data.username}`}
                    onClick={() => { setDone(null); setFailure(null); setRemoving(name); }}>Remove</button>
                </li>
              ))}
            </ul>
          )}
          <form className="row g-2 align-items-end" onSubmit={(e) => { e.preventDefault(); void grantOne(); }} noValidate>
            <div className="col-12 col-md-6">
              <NameSelect id="investor-access-grant" label="Grant another investor record (an IRA, a trust)" placeholder="Select an investor"
                options={investors.filter((i) => !records.includes(i))} value={grant} onChange={setGrant} />
            </div>
            <div className="col-12 col-md-auto">
              <button type="submit" className="btn btn-primary" disabled={add.isPending}>Grant</button>
            </div>
          </form>
        </section>
      )}
      {done && <div className="alert alert-success py-2 mb-0" role="status">{done}</div>}
      <FormError message={failure} />
      <ConfirmDialog open={removing !== null} title="Remove the investor record" danger busy={remove.isPending}
        message={removing ? `Remove ${removing} from ${username}? The login stops seeing it at once; the record and its money stay.` : ''}
        confirmLabel="Remove" onConfirm={() => void removeOne()} onCancel={() => setRemoving(null)} />
    </div>
  );
}
