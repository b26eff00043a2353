import { useId, useRef, useState } from 'react';
import { endpoints } from '../../../contract/endpoints';
import type { ApiTokenRow } from '../../../contract/schemas/access';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormError } from '../../components/form-error';
import { errorText } from '../../lib/api-client';
import { formatDate } from '../../lib/format';
import { useEndpointMutation, useEndpointQuery } from '../../lib/queries';
import { ApiTokenForm, type ApiTokenFields } from './api-token-form';

const STATUS: Record<ApiTokenRow['status'], { words: string; badge: string }> = {
  active: { words: 'Active', badge: 'text-bg-success' },
  expired: { words: 'Expired', badge: 'text-bg-secondary' },
  revoked: { words: 'Revoked', badge: 'text-bg-secondary' },
};

const day = (iso: string) => formatDate(iso.slice(0, 10));

/**
 * "API tokens" (issue 29, docs/security.md "API tokens"): personal tokens for scripts and an AI assistant
 * (`Authorization: Bearer …`, and /mcp). Made here from the signed-in session, shown once, listed without
 * the token, revoked with a confirmation.
 */
export function ApiTokensCard() {
  const titleId = useId();
  const list = useEndpointQuery(endpoints.apiTokens);
  const create = useEndpointMutation(endpoints.createApiToken);
  const revoke = useEndpointMutation(endpoints.revokeApiToken);
  const [createError, setCreateError] = useState<string | null>(null);
  // The new token lives only here, in memory, until the person is done with it.
  const [made, setMade] = useState<{ name: string; token: string } | null>(null);
  const [copied, setCopied] = useState<string | null>(null);
  const [asked, setAsked] = useState<ApiTokenRow | null>(null);
  const [revokeError, setRevokeError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const tokenField = useRef<HTMLInputElement>(null);

  const send = async (fields: ApiTokenFields) => {
    setCreateError(null);
    setDone(null);
    try {
      const reply = await create.mutateAsync({ body: fields });
      setMade({ name: reply.name, token: reply.token });
      setCopied(null);
    } catch (err) {
      setCreateError(errorText(err));
      throw err;
    }
  };

  const copy = async () => {
    if (!made) return;
    tokenField.current?.select();
    try {
      await navigator.clipboard.writeText(made.token);
      setCopied('Copied.');
    } catch {
      setCopied('The browser did not let the page copy it: it is selected, copy it with the keyboard or the menu.');
    }
  };

  const confirmRevoke = async () => {
    if (!asked) return;
    setRevokeError(null);
    try {
      const reply = await revoke.mutateAsync({ body: { id: asked.id } });
      setDone(`${reply.message}: “${asked.name}” no longer works.`);
      setAsked(null);
    } catch (err) {
      setRevokeError(errorText(err));
    }
  };

  const tokens = list.data?.tokens ?? [];
  return (
    <section id="api-tokens" className="card shadow-sm account-card" aria-labelledby={titleId}>
      <div className="card-body d-grid gap-3">
        <h2 id={titleId} className="h5 mb-0">API tokens</h2>
        <p className="mb-0 small text-secondary">
          For a script or an AI assistant to read the portal as you, sent as <code>Authorization: Bearer …</code>. A token can
          do what you can do, or only read; it can never change a password, two-factor sign-in, tokens or users.
        </p>
        {made && (
          <div className="alert alert-success mb-0 d-grid gap-2" role="status" data-testid="api-token-made">
            <p className="mb-0">
              <strong>Copy it now: it is shown only once.</strong> The portal keeps only a fingerprint of “{made.name}”.
            </p>
            <label htmlFor={`${titleId}-token`} className="visually-hidden">The new API token</label>
            <div className="input-group">
              <input id={`${titleId}-token`} ref={tokenField} className="form-control font-monospace" readOnly value={made.token}
                spellCheck={false} autoComplete="off" onFocus={(e) => e.currentTarget.select()} data-testid="api-token-value" />
              <button type="button" className="btn btn-outline-secondary" onClick={() => void copy()}>Copy</button>
            </div>
            {copied && <p className="mb-0 small">{copied}</p>}
            <div>
              <button type="button" className="btn btn-sm btn-success" onClick={() => { setMade(null); setCopied(null); }}>
                I have copied it
              </button>
            </div>
          </div>
        )}
        <ApiTokenForm busy={create.isPending} onSubmit={send} failure={createError} />
        {list.isPending && <p className="text-secondary mb-0">Loading...</p>}
        {list.error && <FormError message={`Your API tokens could not be loaded: ${errorText(list.error)}`} />}
        {list.data && (tokens.length === 0 ? (
          <p className="mb-0" data-testid="no-api-tokens">No API tokens yet.</p>
        ) : (
          <ul className="list-group list-group-flush" aria-label="Your API tokens">
            {tokens.map((t) => (
              <li key={t.id} className="list-group-item px-0 d-flex flex-wrap align-items-center gap-2" data-testid="api-token-row">
                <div style={{ flex: '1 1 12rem', minWidth: 0 }}>
                  <div className="d-flex flex-wrap align-items-center gap-2">
                    <span className="fw-semibold text-break">{t.name}</span>
                    <span className={`badge rounded-pill ${STATUS[t.status].badge}`}>{STATUS[t.status].words}</span>
                    <span className="badge rounded-pill text-bg-light border">{t.read_only ? 'Read-only' : 'Reads and writes'}</span>
                  </div>
                  <div className="small text-secondary">
                    {[
                      `created ${day(t.created_at)}`,
                      t.last_used_at ? `last used ${day(t.last_used_at)}` : 'never used',
                      `${t.status === 'expired' ? 'expired' : 'expires'} ${day(t.expires_at)}`,
                    ].join(' · ')}
                  </div>
                </div>
                {t.status === 'active' && (
                  <button type="button" className="btn btn-sm btn-outline-danger" aria-label={`Revoke ${t.name}`}
                    onClick={() => { setDone(null); setRevokeError(null); setAsked(t); }}>
                    Revoke
                  </button>
                )}
              </li>
            ))}
          </ul>
        ))}
        {done && <div className="alert alert-success mb-0 py-2" role="status">{done}</div>}
      </div>
      <ConfirmDialog open={asked !== null} title={`Revoke “${asked?.name ?? ''}”?`} danger busy={revoke.isPending}
        message="It stops working at once: whatever uses it is refused from its next request. This cannot be undone."
        confirmLabel="Revoke" onConfirm={() => void confirmRevoke()} onCancel={() => { setAsked(null); setRevokeError(null); }}>
        <FormError message={revokeError} />
      </ConfirmDialog>
    </section>
  );
}
