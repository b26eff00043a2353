import { useId } from 'react';
import { FormError } from '../../../components/form-error';
import { download } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useEndpointQuery } from '../../../lib/queries';
import { useDownload } from '../../../lib/use-download';
import { documentCalls } from '../documents/document-calls';
import { updateCalls } from './update-calls';
import { UpdateTextView } from '../../../lib/update-text-view';

/**
 * "Updates from the manager": the letters posted for this investor (everyone's, their LLCs' and theirs),
 * newest first, each with its attached documents to download. An admin viewing as the investor sees the same.
 */
export function UpdatesCard({ investorName }: { investorName: string | undefined }) {
  const titleId = useId();
  const { data, error } = useEndpointQuery(updateCalls.updates, investorName ? { investor_name: investorName } : {});
  const { busy, error: downloadError, run } = useDownload();
  const updates = data?.updates ?? [];

  return (
    <section className="card investor-card mt-3" aria-labelledby={titleId} id="updates">
      <div className="card-body">
        <h2 id={titleId} className="investor-card-title">Updates from the manager</h2>
        {error ? (
          <FormError message={`Your updates could not be loaded: ${error.message}`} />
        ) : !data ? (
          <p className="text-secondary small mb-0">Loading updates…</p>
        ) : updates.length === 0 ? (
          <p className="investor-empty mb-0">No updates yet. When the manager writes to investors, the letter appears here.</p>
        ) : (
          <ol className="list-unstyled mb-0 d-grid gap-3">
            {updates.map((u) => (
              <li key={u.id} data-update-id={u.id}>
                <article aria-label={u.title}>
                  <h3 className="h6 fw-semibold mb-0 text-break">{u.title}</h3>
                  <div className="small text-secondary mb-2">
                    <time dateTime={u.posted_at}>{formatDate(u.posted_at.slice(0, 10))}</time>
                  </div>
                  <UpdateTextView text={u.body} />
                  {u.attachments.length > 0 && (
                    <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0" aria-label={`Attachments of ${u.title}`}>
                      {u.attachments.map((a) => (
                        <li key={a.document_id}>
                          <button type="button" className="btn btn-sm btn-outline-primary text-break" disabled={busy}
                            aria-label={`Download ${a.title}`}
                            onClick={() => void run(() => download(documentCalls.document, { query: { id: String(a.document_id) } }))}>
                            {a.title}
                          </button>
                        </li>
                      ))}
                    </ul>
                  )}
                </article>
              </li>
            ))}
          </ol>
        )}
        <div className="mt-2">
          <FormError message={downloadError} />
        </div>
      </div>
    </section>
  );
}
