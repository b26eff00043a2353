import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { endpoints } from '../../../../contract/endpoints';
import { FormError } from '../../../components/form-error';
import { errorText } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useEndpointQuery } from '../../../lib/queries';

/**
 * Outbox: every e-mail notice the portal wrote, newest first, a page at a time: to whom, what it says,
 * and whether it is pending, sent or failed (with the mail server's last answer). Without SMTP_URL this
 * is where the notices are read.
 */
const PAGE_SIZE = 25;

const STATUS_BADGE = { pending: 'text-bg-warning', sent: 'text-bg-success', failed: 'text-bg-danger' } as const;

export function OutboxPanel() {
  const [page, setPage] = useState(1);
  const { data, error, isFetching } = useEndpointQuery(endpoints.outbox, { page, page_size: PAGE_SIZE }, {
    placeholderData: keepPreviousData, meta: { onError: (err) => console.error(errorText(err)) },
  });
  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;

  return (
    <div className="outbox">
      {data && (
        <p className="small mb-3" data-testid="outbox-sending">
          {data.sending
            ? 'E-mail is sent through the mail server set in SMTP_URL; a refused notice is tried again later.'
            : 'E-mail is not sent: SMTP_URL and MAIL_FROM are not set. The notices wait here.'}
        </p>
      )}
      {error && !isFetching && <FormError message={`The outbox could not be loaded: ${errorText(error)}`} />}
      {!data && isFetching && <p className="mb-0">Loading...</p>}
      {data && (
        <div className="card txn-card" aria-busy={isFetching}>
          <div className="card-header txn-card-header d-flex flex-wrap align-items-center justify-content-between gap-2">
            <h3 id="outbox-title" className="h6 fw-semibold mb-0">Notices</h3>
            <span className="small" aria-live="polite">{data.total === 1 ? '1 notice' : `${data.total} notices`}, newest first</span>
          </div>
          <div role="region" aria-labelledby="outbox-title" tabIndex={0}>
            {data.notices.length === 0 ? (
              <p className="txn-empty mb-0 p-3">No notices yet.</p>
            ) : (
              <ol className="list-group list-group-flush mb-0">
                {data.notices.map((n) => (
                  <li key={n.id} className="list-group-item" data-notice-id={n.id}>
                    <div className="d-flex flex-wrap align-items-center gap-2">
                      <span className={`badge ${STATUS_BADGE[n.status]}`}>{n.status}</span>
                      <strong className="me-auto text-break">{n.subject}</strong>
                      <time dateTime={n.created_at} className="small text-secondary">{formatDateTime(n.created_at)}</time>
                    </div>
                    <div className="small text-break">To {n.address}</div>
                    {n.status !== 'sent' && n.attempts > 0 && (
                      <div className="small text-secondary">
                        {n.attempts === 1 ? '1 attempt' : `${n.attempts} attempts`}
                        {n.next_attempt_at && `, next at ${formatDateTime(n.next_attempt_at)}`}
                        {n.last_error && <>; last answer: <span className="text-danger text-break">{n.last_error}</span></>}
                      </div>
                    )}
                    {n.sent_at && <div className="small text-secondary">Sent {formatDateTime(n.sent_at)}</div>}
                    <details className="mt-1">
                      <summary className="small">Text<span className="visually-hidden"> of notice {n.id}</span></summary>
                      <pre className="small mb-0 mt-1" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{n.text}</pre>
                    </details>
                  </li>
                ))}
              </ol>
            )}
          </div>
          <nav className="card-footer txn-card-footer d-flex align-items-center justify-content-between gap-2" aria-label="Outbox pages">
            <button type="button" className="btn btn-sm btn-outline-primary" disabled={page <= 1}
              onClick={() => !isFetching && setPage((p) => Math.max(1, p - 1))}>Previous</button>
            <span className="small" aria-live="polite">Page {data.page} of {pages}</span>
            <button type="button" className="btn btn-sm btn-outline-primary" disabled={page >= pages}
              onClick={() => !isFetching && setPage((p) => p + 1)}>Next</button>
          </nav>
        </div>
      )}
    </div>
  );
}
