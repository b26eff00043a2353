import { flushSync } from 'react-dom';
import { useState } from 'react';
import { endpoints } from '../../../../contract/endpoints';
import type { DistributionRun } from '../../../../contract/schemas/distribution-runs';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormError } from '../../../components/form-error';
import { download, errorText } from '../../../lib/api-client';
import { formatCurrency, formatDate, formatDateTime } from '../../../lib/format';
import { useEndpointMutation } from '../../../lib/queries';
import { useDownload } from '../../../lib/use-download';
import { mayCall, useMayCall, useRole } from '../../../lib/role';
import { ReportCardHeader } from '../shared/report-table';
import { RunLines } from './run-lines';

const STATUS_BADGE = { draft: 'text-bg-warning', approved: 'text-bg-success', cancelled: 'text-bg-secondary' } as const;
const STATUS_WORDS = { draft: 'Draft', approved: 'Approved', cancelled: 'Cancelled' } as const;

const ruleText = (run: DistributionRun) =>
  `${run.mode === 'percent' ? `${run.percent} % of each investor's cash available, rounded down to the cent` : "All of each investor's cash available"}`
  + `${run.minimum > 0 ? `; payments below ${formatCurrency(run.minimum)} left out` : ''}.`;

const whoText = (run: DistributionRun) =>
  [
    `Drafted by ${run.drafted_by ?? 'an operator'} ${formatDateTime(run.drafted_at)}`,
    run.approved_at && `approved by ${run.approved_by ?? 'an operator'} ${formatDateTime(run.approved_at)}`,
    run.cancelled_at && `cancelled by ${run.cancelled_by ?? 'an operator'} ${formatDateTime(run.cancelled_at)}`,
  ].filter(Boolean).join('; ') + '.';

/** The downloads of an approved run: every line, the checks to write, the NACHA file of the ACH payments. */
function RunDownloads({ run }: { run: DistributionRun }) {
  const { busy, error, run: fetchFile } = useDownload();
  const query = { query: { id: run.id } };
  // The payment files are the approver's (the endpoint table's roles): a bookkeeper gets the lines only.
  const role = useRole();
  const paymentFiles = mayCall(role, endpoints.distributionRunChecks) && mayCall(role, endpoints.distributionRunNacha);
  return (
    <div className="d-grid gap-2">
      <div className="d-flex flex-wrap gap-2">
        <button type="button" className="btn btn-outline-secondary btn-sm" disabled={busy}
          onClick={() => void fetchFile(() => download(endpoints.distributionRunCsv, query))}>Lines (CSV)</button>
        {run.status === 'approved' && paymentFiles && (
          <>
            <button type="button" className="btn btn-outline-secondary btn-sm" disabled={busy}
              onClick={() => void fetchFile(() => download(endpoints.distributionRunChecks, query))}>Checks to write (CSV)</button>
            <button type="button" className="btn btn-outline-secondary btn-sm" disabled={busy}
              onClick={() => void fetchFile(() => download(endpoints.distributionRunNacha, query))}>ACH file for the bank (NACHA)</button>
          </>
        )}
      </div>
      <FormError message={error} />
    </div>
  );
}

/** One run: its rule, totals, lines, and while a draft its Approve (confirmed) and Cancel. */
export function RunCard({ run }: { run: DistributionRun }) {
  const approve = useEndpointMutation(endpoints.approveDistributionRun);
  const cancel = useEndpointMutation(endpoints.cancelDistributionRun);
  const canApprove = useMayCall(endpoints.approveDistributionRun);
  const canCancel = useMayCall(endpoints.cancelDistributionRun);
  const [asking, setAsking] = useState<'approve' | 'cancel' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const confirm = async () => {
    setFailure(null);
    try {
      const reply = asking === 'approve' ? await approve.mutateAsync({ body: { id: run.id } }) : await cancel.mutateAsync({ body: { id: run.id } });
      setDone(reply.message);
    } catch (err) {
      setFailure(errorText(err));
    }
    flushSync(() => setAsking(null));
  };

  const titleId = `run-${run.id}-title`;
  return (
    <section className="card report-card" aria-labelledby={titleId}>
      <ReportCardHeader id={titleId} title={`Run ${run.id}: ${formatDate(run.date)}${run.memo ? `, ${run.memo}` : ''}`}
        subtitle={<><span className={`badge ${STATUS_BADGE[run.status]} me-2`}>{STATUS_WORDS[run.status]}</span>{ruleText(run)}</>} />
      <div className="card-body d-grid gap-3">
        <dl className="row mb-0 small">
          <dt className="col-6 col-md-3">Total</dt><dd className="col-6 col-md-3 money mb-1">{formatCurrency(run.total)}</dd>
          <dt className="col-6 col-md-3">Payments</dt><dd className="col-6 col-md-3 text-end mb-1">{run.paid_lines}</dd>
          <dt className="col-6 col-md-3">By ACH</dt><dd className="col-6 col-md-3 money mb-1">{formatCurrency(run.ach_total)}</dd>
          <dt className="col-6 col-md-3">By check</dt><dd className="col-6 col-md-3 money mb-1">{formatCurrency(run.check_total)}</dd>
        </dl>
        <RunLines run={run} />
        <p className="report-muted small mb-0">{whoText(run)}</p>
        {run.status === 'draft' && (
          <p className="small mb-0">
            Approving records one cash withdrawal per payment, dated {formatDate(run.date)}, and tells each investor by e-mail. An amount
            above the investor’s cash available at that moment refuses the whole run, and nothing is paid.
          </p>
        )}
        {run.status === 'approved' && (
          <p className="small mb-0">
            To undo a payment, void its withdrawal under Corrections, “Cash Withdrawals”, like any withdrawal.
          </p>
        )}
        {done && <div className="alert alert-success py-2 mb-0" role="status">{done}</div>}
        <FormError message={failure} />
        {run.status === 'draft' && (
          <div className="d-flex flex-wrap gap-2">
            <button type="button" className="btn btn-primary" disabled={!canApprove} aria-describedby={canApprove ? undefined : `${titleId}-approver`}
              onClick={() => { setDone(null); setAsking('approve'); }}>Approve</button>
            {canCancel && (
              <button type="button" className="btn btn-outline-danger" onClick={() => { setDone(null); setAsking('cancel'); }}>Cancel run</button>
            )}
          </div>
        )}
        {run.status === 'draft' && !canApprove && (
          <p id={`${titleId}-approver`} className="small text-secondary mb-0">Approving a run is an administrator&apos;s: ask one to check and approve it.</p>
        )}
        {run.status !== 'cancelled' && <RunDownloads run={run} />}
      </div>
      <ConfirmDialog open={asking !== null} danger={asking === 'cancel'} busy={approve.isPending || cancel.isPending}
        title={asking === 'approve' ? 'Approve the distribution' : 'Cancel the draft'}
        message={asking === 'approve'
          ? `Pay ${formatCurrency(run.total)} to ${run.paid_lines} investors, dated ${formatDate(run.date)}? Each payment is recorded as a cash withdrawal now.`
          : `Cancel run ${run.id}? Nothing has been paid; the run stays in the list, cancelled.`}
        confirmLabel={asking === 'approve' ? 'Approve and record' : 'Cancel run'}
        onConfirm={() => void confirm()} onCancel={() => setAsking(null)} />
    </section>
  );
}
