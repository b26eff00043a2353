import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { endpoints } from '../../../../contract/endpoints';
import { DownloadCsvButton } from '../../../components/download-csv-button';
import { FormError } from '../../../components/form-error';
import { errorText } from '../../../lib/api-client';
import { csvFileName, tableCsv } from '../../../lib/csv-export';
import { formatDateTime } from '../../../lib/format';
import { useEndpointQuery } from '../../../lib/queries';
import { allAuditEvents, AUDIT_CSV_COLUMNS } from './audit-csv';
import { auditEventSentence, type AuditEvent } from './audit-event-sentence';

/**
 * Audit Log (extension): every change the server recorded, newest first, a page at a time, filtered by
 * what it is about. Each event reads as a sentence ("admin recorded an expense of $432.00 on Birch Court
 * Fourplex"); the raw record, before and after, waits behind a details toggle for the curious.
 */
const PAGE_SIZE = 25;

const ABOUT: readonly { value: string; label: string }[] = [
  { value: '', label: 'Everything' },
  { value: 'ledger_entry', label: 'Transactions' },
  { value: 'investor', label: 'Investors' },
  { value: 'property', label: 'Properties' },
  { value: 'llc', label: 'LLCs' },
  { value: 'category', label: 'Categories' },
  { value: 'loren', label: 'Lorens' },
  { value: 'portal_user', label: 'Portal users' },
];

const json = (value: unknown): string => (value === null || value === undefined ? '(none)' : JSON.stringify(value, null, 2));

function AuditEventItem({ event: e }: { event: AuditEvent }) {
  return (
    <li className="audit-event" data-event-id={e.id}>
      <p className="audit-sentence mb-1">{auditEventSentence(e)}</p>
      <div className="audit-meta">
        <time dateTime={e.at} className="audit-when">
          {formatDateTime(e.at)}
        </time>
        <details className="audit-raw">
          <summary>
            Raw record<span className="visually-hidden"> of event {e.id}</span>
          </summary>
          <div className="row g-3 pt-2">
            {([['Before', e.before], ['After', e.after]] as const).map(([title, record]) => (
              <div key={title} className="col-12 col-lg-6">
                <div className="small fw-semibold mb-1">{title}</div>
                <pre className="audit-json" tabIndex={0}>
                  {json(record)}
                </pre>
              </div>
            ))}
          </div>
        </details>
      </div>
    </li>
  );
}

export function AuditLog() {
  const [about, setAbout] = useState('');
  const [page, setPage] = useState(1);
  // The page on screen stays until the next one arrives (a click on the pager meanwhile waits for it).
  const { data: log, error, isFetching } = useEndpointQuery(
    endpoints.auditLog,
    { entity: about || undefined, page, page_size: PAGE_SIZE },
    { placeholderData: keepPreviousData, meta: { onError: (err) => console.error(errorText(err)) } },
  );
  const pages = log ? Math.max(1, Math.ceil(log.total / log.page_size)) : 1;
  const aboutLabel = ABOUT.find((a) => a.value === about)?.label ?? about;

  return (
    <div className="audit-log">
      <div className="row g-3 align-items-end mb-3">
        <div className="col-12 col-md-6 col-lg-4">
          <label htmlFor="audit-about" className="form-label">
            Events about
          </label>
          <select id="audit-about" className="form-select" value={about}
            onChange={(e) => {
              setAbout(e.target.value);
              setPage(1);
            }}>
            {ABOUT.map((a) => (
              <option key={a.value} value={a.value}>
                {a.label}
              </option>
            ))}
          </select>
        </div>
        <div className="col-12 col-md text-md-end small txn-muted" aria-live="polite">
          {log && `${log.total === 1 ? '1 event' : `${log.total} events`}, newest first`}
        </div>
      </div>

      {error && !isFetching && (
        <div className="mb-3">
          <FormError message={`The audit log could not be loaded: ${errorText(error)}`} />
        </div>
      )}
      {!log && isFetching && <p className="mb-0">Loading...</p>}
      {log && (
        <div className="card txn-card" aria-busy={isFetching}>
          <div className="card-header txn-card-header d-flex flex-wrap align-items-center justify-content-between gap-2">
            <h3 id="audit-events-title" className="h6 fw-semibold mb-0">
              Events
            </h3>
            {/* Every page, not only the one on screen, under the filter chosen. */}
            <DownloadCsvButton table="the Audit Log" hasRows={log.total > 0}
              fileName={csvFileName('Audit Log', about ? aboutLabel : '')}
              csv={async () => tableCsv(AUDIT_CSV_COLUMNS, await allAuditEvents(about))} />
          </div>
          <div className="audit-scroll" role="region" aria-labelledby="audit-events-title" tabIndex={0}>
            {log.events.length === 0 ? (
              <p className="txn-empty mb-0">No events recorded.</p>
            ) : (
              <ol className="audit-events list-unstyled mb-0">
                {log.events.map((e) => (
                  <AuditEventItem key={e.id} event={e} />
                ))}
              </ol>
            )}
          </div>
          <nav className="card-footer txn-card-footer d-flex align-items-center justify-content-between gap-2"
            aria-label="Audit log pages">
            <button type="button" className="btn btn-sm btn-outline-primary" disabled={page <= 1}
              onClick={() => !isFetching && setPage((p) => Math.max(1, p - 1))}>
              Previous
            </button>
            <span className="small" aria-live="polite">
              Page {log.page} of {pages}
            </span>
            <button type="button" className="btn btn-sm btn-outline-primary" disabled={page >= pages}
              onClick={() => !isFetching && setPage((p) => p + 1)}>
              Next
            </button>
          </nav>
        </div>
      )}
    </div>
  );
}
