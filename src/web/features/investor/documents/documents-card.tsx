import { useId, useState } from 'react';
import { DOCUMENT_KIND_WORDS, sizeText, type DocumentKind } from '../../../../contract/schemas/document-words';
import { FormError } from '../../../components/form-error';
import { download } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useEndpointQuery } from '../../../lib/queries';
import { useDownload } from '../../../lib/use-download';
import { documentCalls } from './document-calls';

/**
 * "Documents": what the managers shared with this investor (theirs, their LLCs' and everyone's), newest
 * first, filterable by kind and year, each downloadable. An admin viewing as the investor sees the same.
 */
export function DocumentsCard({ investorName }: { investorName: string | undefined }) {
  const titleId = useId();
  const { data, error } = useEndpointQuery(documentCalls.documents, investorName ? { investor_name: investorName } : {});
  const [kind, setKind] = useState('');
  const [year, setYear] = useState('');
  const { busy, error: downloadError, run } = useDownload();
  const documents = data?.documents ?? [];
  const kinds = [...new Set(documents.map((d) => d.kind))];
  const years = [...new Set(documents.flatMap((d) => (d.tax_year === null ? [] : [d.tax_year])))].sort((a, b) => b - a);
  const shown = documents.filter((d) => (!kind || d.kind === kind) && (!year || String(d.tax_year) === year));

  return (
    <section className="card investor-card mt-3" aria-labelledby={titleId} id="documents">
      <div className="card-body">
        <h2 id={titleId} className="investor-card-title">Documents</h2>
        {error ? (
          <FormError message={`Your documents could not be loaded: ${error.message}`} />
        ) : !data ? (
          <p className="text-secondary small mb-0">Loading documents…</p>
        ) : documents.length === 0 ? (
          <p className="investor-empty mb-0">No documents yet. When a K-1, statement or letter is shared with you, it appears here.</p>
        ) : (
          <>
            <div className="row g-2 mb-3">
              <div className="col-6 col-md-3">
                <label htmlFor={`${titleId}-kind`} className="form-label small mb-1">Kind</label>
                <select id={`${titleId}-kind`} className="form-select form-select-sm" value={kind} onChange={(e) => setKind(e.target.value)}>
                  <option value="">All kinds</option>
                  {kinds.map((k) => <option key={k} value={k}>{DOCUMENT_KIND_WORDS[k as DocumentKind]}</option>)}
                </select>
              </div>
              <div className="col-6 col-md-3">
                <label htmlFor={`${titleId}-year`} className="form-label small mb-1">Tax year</label>
                <select id={`${titleId}-year`} className="form-select form-select-sm" value={year} onChange={(e) => setYear(e.target.value)}>
                  <option value="">All years</option>
                  {years.map((y) => <option key={y} value={String(y)}>{y}</option>)}
                </select>
              </div>
            </div>
            {shown.length === 0 ? (
              <p className="investor-empty mb-0">No documents of this kind and year.</p>
            ) : (
              <ul className="list-group list-group-flush">
                {shown.map((d) => (
                  <li key={d.id} className="list-group-item px-0 d-flex flex-wrap align-items-center justify-content-between gap-2">
                    <div style={{ minWidth: 0, flex: '1 1 12rem' }}>
                      <div className="fw-semibold text-break">{d.title}</div>
                      <div className="small text-secondary">
                        {[DOCUMENT_KIND_WORDS[d.kind], d.tax_year, formatDate(d.date.slice(0, 10)), sizeText(d.size_bytes)].filter((x) => x !== null).join(' · ')}
                      </div>
                    </div>
                    <button type="button" className="btn btn-sm btn-outline-primary" disabled={busy} aria-label={`Download ${d.title}`}
                      onClick={() => void run(() => download(documentCalls.document, { query: { id: String(d.id) } }))}>
                      Download
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
        <div className="mt-2">
          <FormError message={downloadError} />
        </div>
      </div>
    </section>
  );
}
