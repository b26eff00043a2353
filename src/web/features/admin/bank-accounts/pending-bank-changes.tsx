import { useId, useState, type FormEvent } from 'react';
import { endpoints } from '../../../../contract/endpoints';
import { maskedAccount } from '../../../../contract/schemas/bank-accounts';
import { FormError } from '../../../components/form-error';
import { errorText } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/queries';
import { ReportTable, type Column } from '../shared/report-table';
import { logFailure, ReportFailure, ReportLoading } from '../shared/report-state';

type Change = { investor_name: string; type: 'checking' | 'savings'; last4: string; requested_by: string; requested_by_admin: boolean; requested_at: string };

/** The changes waiting for approval, each with Approve and Reject (a reason the audit log keeps). */
export function PendingBankChanges() {
  const id = useId();
  const { data, error } = useEndpointQuery(endpoints.bankChanges, undefined, { meta: logFailure });
  const approve = useEndpointMutation(endpoints.approveBankChange);
  const reject = useEndpointMutation(endpoints.rejectBankChange);
  const [rejecting, setRejecting] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const run = async (write: () => Promise<{ message: string }>, who: string) => {
    setFailure(null);
    setDone(null);
    try {
      const reply = await write();
      setDone(`${who}: ${reply.message}`);
      setRejecting(null);
      setReason('');
    } catch (err) {
      setFailure(errorText(err));
    }
  };

  const submitReject = (e: FormEvent) => {
    e.preventDefault();
    if (!rejecting) return;
    if (!reason.trim()) return setFailure('Reason is required: say why the change is rejected.');
    void run(() => reject.mutateAsync({ body: { investor_name: rejecting, reason } }), rejecting);
  };

  const busy = approve.isPending || reject.isPending;
  const columns: readonly Column<Change>[] = [
    { header: 'Investor', cell: (c) => c.investor_name },
    { header: 'New account', cell: (c) => maskedAccount(c.type, c.last4) },
    { header: 'Asked by', cell: (c) => `${c.requested_by}${c.requested_by_admin ? ' (admin)' : ''}` },
    { header: 'When', cell: (c) => <span className="text-nowrap">{formatDateTime(c.requested_at)}</span> },
    { header: 'Action', end: true, cell: (c) => (
      <span className="d-inline-flex gap-2">
        <button type="button" className="btn btn-sm btn-success" disabled={busy} aria-label={`Approve the change of ${c.investor_name}`}
          onClick={() => void run(() => approve.mutateAsync({ body: { investor_name: c.investor_name } }), c.investor_name)}>Approve</button>
        <button type="button" className="btn btn-sm btn-outline-danger" disabled={busy} aria-label={`Reject the change of ${c.investor_name}`}
          onClick={() => { setFailure(null); setDone(null); setRejecting(c.investor_name); }}>Reject</button>
      </span>
    ) },
  ];

  return (
    <div className="d-grid gap-3">
      {error ? <ReportFailure what="The pending changes" error={error} /> : !data ? <ReportLoading /> : (
        <ReportTable title="Changes waiting for approval" rows={data.changes} rowKey={(c) => c.investor_name} columns={columns}
          empty="No bank account change is waiting for approval."
          subtitle="A change is paid only once approved; until then the account on file (or a check) is used." />
      )}
      {rejecting && (
        <form onSubmit={submitReject} className="d-grid gap-2 border rounded p-3" aria-label="Reject the change">
          <label htmlFor={`${id}-reason`} className="form-label mb-0">Why is the change of {rejecting} rejected?</label>
          <textarea id={`${id}-reason`} name="reason" className="form-control" rows={2} maxLength={500} value={reason}
            onChange={(e) => setReason(e.target.value)} />
          <div className="d-flex gap-2">
            <button type="submit" className="btn btn-danger" disabled={busy}>Reject the change</button>
            <button type="button" className="btn btn-link" onClick={() => setRejecting(null)}>Cancel</button>
          </div>
        </form>
      )}
      <FormError message={failure} />
      {done && <div className="alert alert-success py-2 mb-0" role="status">{done}</div>}
    </div>
  );
}
