import { flushSync } from 'react-dom';
import { useState } from 'react';
import { endpoints } from '../../../../contract/endpoints';
import type { AdminUpdate } from '../../../../contract/schemas/updates';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormError } from '../../../components/form-error';
import { errorText } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/queries';
import type { AdminFormProps } from '../shared/fields';
import { ReportTable, type Column } from '../shared/report-table';
import { logFailure, ReportFailure, ReportLoading } from '../shared/report-state';
import { PostUpdateForm } from './post-update-form';

const audienceText = (u: AdminUpdate) =>
  u.audience.type === 'llc' ? `Members of ${u.audience.llc_name}` : u.audience.type === 'investors' ? u.audience.investor_names.join(', ') : 'Every investor';

/** "Investor Updates": the letter form, and every update posted with whom it is for; a live one can be withdrawn. */
export function UpdatesPanel(props: AdminFormProps) {
  const { data, error, refetch } = useEndpointQuery(endpoints.adminUpdates, undefined, { meta: logFailure });
  const withdraw = useEndpointMutation(endpoints.withdrawUpdate);
  const [withdrawing, setWithdrawing] = useState<AdminUpdate | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const confirmWithdraw = async () => {
    const u = withdrawing;
    if (!u) return;
    try {
      await withdraw.mutateAsync({ body: { id: u.id } });
      await refetch();
    } catch (err) {
      setFailure(errorText(err));
    }
    flushSync(() => setWithdrawing(null));
  };

  const columns: readonly Column<AdminUpdate>[] = [
    { header: 'Title', cell: (u) => <>{u.title}{u.withdrawn_at && <span className="badge text-bg-secondary ms-2">Withdrawn</span>}</> },
    { header: 'For', cell: audienceText },
    { header: 'Posted', cell: (u) => <span className="text-nowrap">{formatDateTime(u.posted_at)}</span> },
    { header: 'Attachments', end: true, cell: (u) => u.attachments.length },
    { header: 'Action', end: true, cell: (u) => u.withdrawn_at ? <span className="report-muted">{u.withdrawn_by ?? ''}</span> : (
      <button type="button" className="btn btn-sm btn-outline-danger" aria-label={`Withdraw ${u.title}`}
        onClick={() => { setFailure(null); setWithdrawing(u); }}>Withdraw</button>
    ) },
  ];

  return (
    <div className="d-grid gap-4 report-stack">
      <section aria-labelledby="post-update-title">
        <h3 id="post-update-title" className="admin-subtitle mb-2">Write an update</h3>
        <PostUpdateForm {...props} onPosted={() => void refetch()} />
      </section>
      {error ? <ReportFailure what="The updates" error={error} /> : !data ? <ReportLoading /> : (
        <ReportTable title="Updates" rows={data.updates} rowKey={(u) => String(u.id)} columns={columns}
          empty="No updates yet: write the first one above."
          subtitle={`${data.updates.filter((u) => !u.withdrawn_at).length} shown to investors, newest first.`} />
      )}
      <FormError message={failure} />
      <ConfirmDialog open={withdrawing !== null} title="Withdraw the update" danger busy={withdraw.isPending}
        message={withdrawing ? `Withdraw “${withdrawing.title}”? Investors will no longer see it; the audit log keeps who did it.` : ''}
        confirmLabel="Withdraw" onConfirm={() => void confirmWithdraw()} onCancel={() => setWithdrawing(null)} />
    </div>
  );
}
