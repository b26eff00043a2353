import { keepPreviousData } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { endpoints } from '../../../../contract/endpoints';
import { FormError } from '../../../components/form-error';
import { errorText } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useEndpointQuery } from '../../../lib/queries';

/**
 * Audit Log (extension): every change the server recorded, newest first, filtered by what changed,
 * a page at a time. Each event opens to show the record before and after as JSON.
 */
const PAGE_SIZE = 25;

const ENTITIES: readonly { value: string; label: string }[] = [
  { value: '', label: 'All' },
  { value: 'ledger_entry', label: 'Ledger entries' },
  { value: 'investor', label: 'Investors' },
  { value: 'property', label: 'Properties' },
  { value: 'llc', label: 'LLCs' },
  { value: 'category', label: 'Categories' },
  { value: 'loren', label: 'Lorens' },
  { value: 'portal_user', label: 'Portal users' },
];

const json = (value: unknown): string => (value === null || value === undefined ? '(none)' : JSON.stringify(value, null, 2));

export function AuditLog() {
  const [entity, setEntity] = useState('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  // The page on screen stays until the next one arrives.
  const { data: log, error, isFetching } = useEndpointQuery(
    endpoints.auditLog,
    { entity: entity || undefined, page, page_size: PAGE_SIZE },
    { placeholderData: keepPreviousData, meta: { onError: (err) => console.error(errorText(err)) } },
  );
  const state = { status: isFetching ? 'loading' : error ? 'error' : 'ready' } as const;

  const pages = log ? Math.max(1, Math.ceil(log.total / log.page_size)) : 1;
  const toggle = (id: number) =>
    setOpen((o) => {
      const next = new Set(o);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <div className="audit-log">
      <div className="row g-3 align-items-end mb-3">
        <div className="col-12 col-md-6 col-lg-4">
          <label htmlFor="audit-entity" className="form-label">
            Entity
          </label>
          <select id="audit-entity" className="form-select" value={entity}
            onChange={(e) => {
              setEntity(e.target.value);
              setPage(1);
              setOpen(new Set());
            }}>
            {ENTITIES.map((e) => (
              <option key={e.value} value={e.value}>
                {e.label}
              </option>
            ))}
          </select>
        </div>
        <div className="col-12 col-md text-md-end small txn-muted" aria-live="polite">
          {log && `${log.total === 1 ? '1 event' : `${log.total} events`}, newest first`}
        </div>
      </div>

      {state.status === 'error' && (
        <div className="mb-3">
          <FormError message={`The audit log could not be loaded: ${errorText(error)}`} />
        </div>
      )}
      {!log && state.status === 'loading' && <p className="mb-0">Loading...</p>}
      {log && (
        <div className="card txn-card" aria-busy={state.status === 'loading'}>
          <div className="card-header txn-card-header">
            <h3 id="audit-table-title" className="h6 fw-semibold mb-0">
              Events
            </h3>
          </div>
          <div className="txn-table-scroll audit-table-scroll" role="region" aria-labelledby="audit-table-title" tabIndex={0}>
            <table className="table table-sm align-middle mb-0 txn-table audit-table">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">Action</th>
                  <th scope="col">Entity</th>
                  <th scope="col">ID</th>
                  <th scope="col" className="text-end">
                    Details
                  </th>
                </tr>
              </thead>
              <tbody>
                {log.events.length === 0 ? (
                  <tr>
                    <td colSpan={6} className="txn-empty">
                      No events recorded.
                    </td>
                  </tr>
                ) : (
                  log.events.map((e) => {
                    const detailsId = `audit-event-${e.id}`;
                    const isOpen = open.has(e.id);
                    return (
                      <Fragment key={e.id}>
                        <tr className={isOpen ? 'audit-row-open' : undefined}>
                          <td className="text-nowrap audit-when">{formatDateTime(e.at)}</td>
                          <td>{e.user ?? 'System'}</td>
                          <td>{e.action}</td>
                          <td>
                            <code className="audit-code">{e.entity}</code>
                          </td>
                          <td className="audit-id">{e.entity_id ?? '—'}</td>
                          <td className="text-end">
                            <button type="button" className="btn btn-sm btn-outline-secondary" aria-expanded={isOpen}
                              aria-controls={detailsId} onClick={() => toggle(e.id)}>
                              {isOpen ? 'Hide' : 'Show'}
                              <span className="visually-hidden"> details of event {e.id}</span>
                            </button>
                          </td>
                        </tr>
                        <tr id={detailsId} className="audit-details" hidden={!isOpen}>
                          <td colSpan={6}>
                            {isOpen && (
                              <div className="row g-3">
                                <div className="col-12 col-lg-6">
                                  <div className="small fw-semibold mb-1">Before</div>
                                  <pre className="audit-json" tabIndex={0}>
                                    {json(e.before)}
                                  </pre>
                                </div>
                                <div className="col-12 col-lg-6">
                                  <div className="small fw-semibold mb-1">After</div>
                                  <pre className="audit-json" tabIndex={0}>
                                    {json(e.after)}
                                  </pre>
                                </div>
                              </div>
                            )}
                          </td>
                        </tr>
                      </Fragment>
                    );
                  })
                )}
              </tbody>
            </table>
          </div>
          <nav className="card-footer txn-card-footer d-flex align-items-center justify-content-between gap-2"
            aria-label="Audit log pages">
            <button type="button" className="btn btn-sm btn-outline-primary" disabled={page <= 1}
              onClick={() => state.status !== 'loading' && setPage((p) => Math.max(1, p - 1))}>
              Previous
            </button>
            <span className="small" aria-live="polite">
              Page {log.page} of {pages}
            </span>
            <button type="button" className="btn btn-sm btn-outline-primary"
              disabled={page >= pages} onClick={() => state.status !== 'loading' && setPage((p) => p + 1)}>
              Next
            </button>
          </nav>
        </div>
      )}
    </div>
  );
}
