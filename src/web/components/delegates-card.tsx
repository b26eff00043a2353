import { useId, useState } from 'react';
import { endpoints } from '../../contract/endpoints';
import type { DelegateRow } from '../../contract/schemas/access';
import { errorText } from '../lib/api-client';
import { formatDate } from '../lib/format';
import { useEndpointMutation, useEndpointQuery } from '../lib/queries';
import { ConfirmDialog } from './confirm-dialog';
import { FormError } from './form-error';
import { InviteDelegateForm, type InviteDelegateFields } from './invite-delegate-form';

/** What an invitation answered: the address it went to, or the secret to pass on (shown this once). */
type Invited = { name: string; email: string } | { name: string; secret: string };

const STATUS: Record<DelegateRow['status'], { words: string; badge: string }> = {
  invited: { words: 'Invited', badge: 'text-bg-warning' },
  active: { words: 'Active', badge: 'text-bg-success' },
  revoked: { words: 'Revoked', badge: 'text-bg-secondary' },
};

/** "Figures and documents", "Figures only", "Documents only". */
export const seesText = (figures: boolean, documents: boolean): string =>
  figures && documents ? 'Figures and documents' : figures ? 'Figures only' : 'Documents only';

/**
 * "Delegates" (issue 29): the people who may read an investor's page (a spouse, an advisor, a family
 * office), what each sees, inviting one and revoking one. On the investor's Account page it is their own
 * record (no name); an administrator sees it on the page of the investor they are viewing (the name).
 */
export function DelegatesCard({ investorName, onInvestorPage = false }: {
  investorName?: string;
  /** Drawn as the investor page's cards are (an administrator's view of it), not the Account page's. */
  onInvestorPage?: boolean;
}) {
  const titleId = useId();
  const list = useEndpointQuery(endpoints.delegates, { investor_name: investorName });
  const invite = useEndpointMutation(endpoints.inviteDelegate);
  const revoke = useEndpointMutation(endpoints.revokeDelegate);
  const [open, setOpen] = useState(false);
  const [inviteError, setInviteError] = useState<string | null>(null);
  const [invited, setInvited] = useState<Invited | null>(null);
  const [asked, setAsked] = useState<DelegateRow | null>(null);
  const [revokeError, setRevokeError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const whose = list.data?.investor_name;
  const yours = investorName === undefined;

  const send = async (fields: InviteDelegateFields) => {
    setInviteError(null);
    try {
      const reply = await invite.mutateAsync({ body: { ...fields, investor_name: investorName } });
      setInvited(reply.registration_secret === null
        ? { name: fields.name, email: fields.email ?? '' }
        : { name: fields.name, secret: reply.registration_secret });
      setOpen(false);
    } catch (err) {
      setInviteError(errorText(err));
      throw err;
    }
  };

  const confirmRevoke = async () => {
    if (!asked) return;
    setRevokeError(null);
    try {
      const reply = await revoke.mutateAsync({ body: { id: asked.id, investor_name: investorName } });
      setDone(`${reply.message}: ${asked.name} can no longer read ${yours ? 'your' : `${whose ?? investorName}'s`} page.`);
      setAsked(null);
    } catch (err) {
      setRevokeError(errorText(err));
    }
  };

  const delegates = list.data?.delegates ?? [];
  return (
    <section id="delegates" className={onInvestorPage ? 'card investor-card mt-3' : 'card shadow-sm account-card'} aria-labelledby={titleId}>
      <div className="card-body d-grid gap-3">
        <h2 id={titleId} className={onInvestorPage ? 'investor-card-title mb-0' : 'h5 mb-0'}>Delegates</h2>
        <p className="mb-0 small text-secondary">
          {yours
            ? 'People you let read your page: your figures, your documents or both. They cannot change anything.'
            : <>People {whose ?? investorName} lets read their page. You can invite one for them or end one’s access.</>}
        </p>
        {list.isPending && <p className="text-secondary mb-0">Loading...</p>}
        {list.error && <FormError message={`The delegates could not be loaded: ${errorText(list.error)}`} />}
        {list.data && (delegates.length === 0 ? (
          <p className="mb-0" data-testid="no-delegates">No delegates yet.</p>
        ) : (
          <ul className="list-group list-group-flush" aria-label="Delegates">
            {delegates.map((d) => (
              <li key={d.id} className="list-group-item px-0 d-flex flex-wrap align-items-center gap-2" data-testid="delegate-row">
                <div style={{ flex: '1 1 12rem', minWidth: 0 }}>
                  <div className="d-flex flex-wrap align-items-center gap-2">
                    <span className="fw-semibold text-break">{d.name}</span>
                    <span className={`badge rounded-pill ${STATUS[d.status].badge}`}>{STATUS[d.status].words}</span>
                  </div>
                  <div className="small text-secondary">
                    {[
                      seesText(d.can_see_figures, d.can_see_documents),
                      d.username ? `signs in as ${d.username}` : d.status === 'invited' ? 'not registered yet' : null,
                      d.status === 'revoked' && d.revoked_at ? `revoked ${formatDate(d.revoked_at.slice(0, 10))}` : `invited ${formatDate(d.invited_at.slice(0, 10))}`,
                    ].filter(Boolean).join(' · ')}
                  </div>
                </div>
                {d.status !== 'revoked' && (
                  <button type="button" className="btn btn-sm btn-outline-danger" aria-label={`Revoke ${d.name}`}
                    onClick={() => { setDone(null); setRevokeError(null); setAsked(d); }}>
                    Revoke
                  </button>
                )}
              </li>
            ))}
          </ul>
        ))}
        {invited && (
          <div className="alert alert-success mb-0" role="status" data-testid="delegate-invited">
            {'email' in invited ? (
              <>Invitation e-mailed to <strong className="text-break">{invited.email}</strong>. {invited.name} registers with the secret it holds.</>
            ) : (
              <>
                <p className="mb-2">
                  Give {invited.name} this one-time secret. They register with it at{' '}
                  <strong className="text-break">{window.location.origin}/register</strong>, within 7 days.
                </p>
                <code className="d-block p-2 bg-white border rounded text-break user-select-all" data-testid="delegate-secret">{invited.secret}</code>
                <p className="mb-0 mt-2 small">It is shown only this once: copy it now.</p>
              </>
            )}
          </div>
        )}
        {done && <div className="alert alert-success mb-0 py-2" role="status">{done}</div>}
        {open ? (
          <InviteDelegateForm busy={invite.isPending} onSubmit={send} failure={inviteError}
            onCancel={() => { setOpen(false); setInviteError(null); }} />
        ) : (
          <div>
            <button type="button" className="btn btn-outline-primary"
              onClick={() => { setInvited(null); setDone(null); setInviteError(null); setOpen(true); }}>
              Invite a delegate
            </button>
          </div>
        )}
      </div>
      <ConfirmDialog open={asked !== null} title={`Revoke ${asked?.name ?? ''}?`} danger busy={revoke.isPending}
        message={asked?.status === 'invited'
          ? `The invitation is cancelled: its secret no longer registers.`
          : `${asked?.name ?? ''} can no longer read ${yours ? 'your' : `${whose ?? investorName}'s`} page, from now on.`}
        confirmLabel="Revoke" onConfirm={() => void confirmRevoke()} onCancel={() => { setAsked(null); setRevokeError(null); }}>
        <FormError message={revokeError} />
      </ConfirmDialog>
    </section>
  );
}
