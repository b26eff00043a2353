import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { endpoints } from '../../../../contract/endpoints';
import { DOCUMENT_ACCEPT, DOCUMENT_KIND_WORDS, type AdminDocument } from '../../../../contract/schemas/documents';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormError } from '../../../components/form-error';
import { download, errorText } from '../../../lib/api-client';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/queries';
import { mayCall, useRole } from '../../../lib/role';
import { ReportTable, type Column } from '../shared/report-table';
import { logFailure, ReportFailure, ReportLoading } from '../shared/report-state';
import { sizeText } from '../../../../contract/schemas/document-words';
import { upload } from './upload-call';
import { useVaultRefresh } from './upload-document-form';

const audienceText = (d: AdminDocument) =>
  d.audience.type === 'investor' ? d.audience.investor_name : d.audience.type === 'llc' ? `Members of ${d.audience.llc_name}` : 'Every investor';

/** Who opened one document, and which version when. */
function Downloads({ doc }: { doc: AdminDocument }) {
  const { data, error } = useEndpointQuery(endpoints.documentDownloads, { id: doc.id }, { meta: logFailure });
  if (error) return <ReportFailure what="The downloads" error={error} />;
  if (!data) return <ReportLoading />;
  return (
    <ReportTable title={`Downloads of “${doc.title}”`} headingLevel="h4" rows={data.downloads} rowKey={(_, i) => String(i)}
      empty="Nobody has opened it yet."
      columns={[
        { header: 'Investor', cell: (r) => r.investor_name ?? r.username },
        { header: 'Version', end: true, cell: (r) => r.version },
        { header: 'Opened', cell: (r) => formatDateTime(r.downloaded_at) },
      ]} />
  );
}

/**
 * Every document with whom it is for, its version, its downloads and whether it is withdrawn; each live
 * one can be replaced by a new file (the old version stays in its history) or withdrawn with a reason.
 */
export function DocumentsList() {
  const { data, error } = useEndpointQuery(endpoints.adminDocuments, undefined, { meta: logFailure });
  const withdraw = useEndpointMutation(endpoints.withdrawDocument);
  const role = useRole();
  const canReplace = mayCall(role, endpoints.replaceDocument);
  const canWithdraw = mayCall(role, endpoints.withdrawDocument);
  const refresh = useVaultRefresh();
  const picker = useRef<HTMLInputElement>(null);
  const [replacing, setReplacing] = useState<AdminDocument | null>(null);
  const [withdrawing, setWithdrawing] = useState<AdminDocument | null>(null);
  const [reason, setReason] = useState('');
  const [shown, setShown] = useState<AdminDocument | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const replaceWith = async (file: File | undefined) => {
    const doc = replacing;
    if (!doc || !file) return;
    setBusy(true);
    try {
      const reply = await upload(endpoints.replaceDocument, { id: doc.id }, file);
      setDone(`“${doc.title}”: ${reply.message}`);
      await refresh();
    } catch (err) {
      setFailure(errorText(err));
    } finally {
      setBusy(false);
      setReplacing(null);
    }
  };

  const confirmWithdraw = async () => {
    const doc = withdrawing;
    if (!doc) return;
    try {
      await withdraw.mutateAsync({ body: { id: doc.id, reason } });
      flushSync(() => setWithdrawing(null));
      setDone(`“${doc.title}” is withdrawn: investors no longer see it.`);
      await refresh();
    } catch (err) {
      flushSync(() => setWithdrawing(null));
      setFailure(errorText(err));
    }
  };

  const columns: readonly Column<AdminDocument>[] = [
    { header: 'Title', cell: (d) => <>{d.title}{d.withdrawn_at && <span className="badge text-bg-secondary ms-2">Withdrawn</span>}</> },
    { header: 'Kind', cell: (d) => <span className="text-nowrap">{DOCUMENT_KIND_WORDS[d.kind]}</span> },
    { header: 'Year', cell: (d) => <span className="text-nowrap">{d.tax_year ?? '—'}</span> },
    { header: 'For', cell: audienceText },
    { header: 'Uploaded', cell: (d) => <span className="text-nowrap">{formatDate(d.date.slice(0, 10))}</span> },
    { header: 'Version', end: true, cell: (d) => (
      <button type="button" className="btn btn-link btn-sm p-0 text-nowrap" aria-label={`Download version ${d.version} of ${d.title}`}
        onClick={() => void download(endpoints.document, { query: { id: String(d.id) } }).catch((err: unknown) => setFailure(errorText(err)))}>
        {d.version} · {sizeText(d.size_bytes)}
      </button>
    ) },
    { header: 'Downloads', end: true, cell: (d) => (
      <button type="button" className="btn btn-link btn-sm p-0" aria-label={`Who downloaded ${d.title}`} onClick={() => setShown(shown?.id === d.id ? null : d)}>
        {d.download_count}
      </button>
    ) },
    { header: 'Action', end: true, cell: (d) => d.withdrawn_at ? <span className="report-muted" title={d.withdrawn_reason ?? ''}>{d.withdrawn_reason}</span> : (
      <div className="d-inline-flex flex-wrap gap-1 justify-content-end">
        {/* Replacing and withdrawing are the roles the table names; another role reads and downloads. */}
        {canReplace && <button type="button" className="btn btn-sm btn-outline-secondary" disabled={busy} aria-label={`Replace the file of ${d.title}`}
          onClick={() => { setFailure(null); setDone(null); setReplacing(d); picker.current?.click(); }}>Replace</button>}
        {canWithdraw && <button type="button" className="btn btn-sm btn-outline-danger" disabled={busy} aria-label={`Withdraw ${d.title}`}
          onClick={() => { setFailure(null); setDone(null); setReason(''); setWithdrawing(d); }}>Withdraw</button>}
        {!canReplace && !canWithdraw && <span className="report-muted">Shown</span>}
      </div>
    ) },
  ];

  return (
    <div className="d-grid gap-2">
      {error ? <ReportFailure what="The documents" error={error} /> : !data ? <ReportLoading /> : (
        <ReportTable title="Documents" rows={data.documents} rowKey={(d) => String(d.id)} columns={columns}
          empty="No documents yet: upload the first one above."
          subtitle={`${data.documents.filter((d) => !d.withdrawn_at).length} shown to investors, newest first.`} />
      )}
      <input ref={picker} type="file" accept={DOCUMENT_ACCEPT} className="d-none" aria-label="The new file" tabIndex={-1}
        onChange={(e) => { const file = e.target.files?.[0]; e.target.value = ''; void replaceWith(file); }} />
      <FormError message={failure} />
      {done && <div className="alert alert-success py-2 mb-0" role="status">{done}</div>}
      {shown && <Downloads doc={shown} />}
      <ConfirmDialog open={withdrawing !== null} title="Withdraw the document" danger busy={withdraw.isPending}
        message={withdrawing ? `Withdraw “${withdrawing.title}”? Investors will no longer see or download it; the audit log keeps who did it and why.` : ''}
        confirmLabel="Withdraw" onConfirm={() => {
          if (reason.trim()) void confirmWithdraw();
          else setFailure('Reason is required: say why the document is withdrawn.');
        }} onCancel={() => setWithdrawing(null)}>
        <label htmlFor="withdraw-reason" className="form-label mt-2">Reason<span className="text-danger ms-1" aria-hidden="true">*</span></label>
        <input id="withdraw-reason" type="text" className="form-control" maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
      </ConfirmDialog>
    </div>
  );
}
