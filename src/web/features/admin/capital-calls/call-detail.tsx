import { flushSync } from 'react-dom';
import { useId, useState } from 'react';
import { endpoints } from '../../../../contract/endpoints';
import type { AdminCallLine, CapitalCallResponse } from '../../../../contract/schemas/capital-calls';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormError } from '../../../components/form-error';
import { errorText } from '../../../lib/api-client';
import { centsOf, centsToDollars } from '../../../lib/cents';
import { csvFileName, dollarsColumn } from '../../../lib/csv-export';
import { formatCurrency, formatDate } from '../../../lib/format';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/queries';
import { mayCall, useRole } from '../../../lib/role';
import { ReportTable, type Column } from '../shared/report-table';
import { logFailure, ReportFailure, ReportLoading } from '../shared/report-state';
import { ReceiptForm } from './receipt-form';
import { SplitArithmetic } from './split-arithmetic';
import { StatusBadge } from './status-badge';

const receiptsText = (l: AdminCallLine) => l.receipts.map((r) => `${formatCurrency(r.amount)} on ${formatDate(r.date)}`).join('; ');

const LINE_COLUMNS: readonly Column<AdminCallLine>[] = [
  { header: 'Investor', cell: (l) => l.investor_name },
  { header: 'Capital', money: (l) => l.capital },
  { header: 'Asked', money: (l) => l.amount },
  { header: 'Received', money: (l) => l.received },
  { header: 'Outstanding', money: (l) => l.outstanding },
  { header: 'Status', cell: (l) => <StatusBadge status={l.status} /> },
  { header: 'Receipts', cell: (l) => receiptsText(l) || <span className="report-muted">none</span> },
];

/** One call: who was asked what, who paid and who is late, the arithmetic, a receipt form, a reminder and cancelling. */
export function CallDetail({ id }: { id: number }) {
  const { data, error } = useEndpointQuery(endpoints.capitalCall, { id }, { meta: logFailure });
  if (error) return <ReportFailure what="The capital call" error={error} />;
  if (!data) return <ReportLoading />;
  return <CallCard call={data} />;
}

function CallCard({ call }: { call: CapitalCallResponse }) {
  const reasonId = useId();
  const remind = useEndpointMutation(endpoints.remindCapitalCall);
  const cancel = useEndpointMutation(endpoints.cancelCapitalCall);
  // Reminding and cancelling are the roles the table names; a bookkeeper records receipts only.
  const role = useRole();
  const canRemind = mayCall(role, endpoints.remindCapitalCall);
  const canCancel = mayCall(role, endpoints.cancelCapitalCall);
  const [cancelling, setCancelling] = useState(false);
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const open = call.status !== 'cancelled';
  const title = `${call.property_name}: ${call.purpose}`;

  const act = async (what: () => Promise<{ message: string }>) => {
    setFailure(null);
    setDone(null);
    try {
      setDone((await what()).message);
    } catch (err) {
      setFailure(errorText(err));
    }
  };

  const confirmCancel = async () => {
    await act(() => cancel.mutateAsync({ body: { id: call.id, reason } }));
    flushSync(() => setCancelling(false));
  };

  return (
    <section className="d-grid gap-3" aria-label={`Capital call ${title}`}>
      <div>
        <h3 className="admin-subtitle mb-1 text-break">{title} <StatusBadge status={call.status} /></h3>
        <p className="small mb-1">
          Issued {formatDate(call.issued_on)}, due {formatDate(call.due_date)}. Asked {formatCurrency(call.asked)}, received{' '}
          {formatCurrency(call.received)}, outstanding {formatCurrency(call.outstanding)}
          {call.late.length ? `; late: ${call.late.join(', ')}` : ''}.
        </p>
        <p className="small mb-0 text-break" style={{ whiteSpace: 'pre-line' }}>How to pay: {call.instructions}</p>
        {call.cancel_reason && <p className="small mb-0">Cancelled: {call.cancel_reason}</p>}
      </div>
      <ReportTable title="Who was asked" rows={call.lines} rowKey={(l) => l.investor_name} columns={LINE_COLUMNS}
        empty="Nobody was asked." subtitle={call.split === 'typed' ? 'Amounts typed per investor.' : 'Split by capital in the property on the day it was issued.'}
        download={{
          file: csvFileName('Capital call', call.property_name, call.issued_on),
          columns: [
            { header: 'Investor', kind: 'text', value: (l: AdminCallLine) => l.investor_name },
            dollarsColumn('Capital', (l: AdminCallLine) => l.capital),
            dollarsColumn('Asked', (l: AdminCallLine) => l.amount),
            dollarsColumn('Received', (l: AdminCallLine) => l.received),
            dollarsColumn('Outstanding', (l: AdminCallLine) => l.outstanding),
            { header: 'Status', kind: 'text', value: (l: AdminCallLine) => l.status },
          ],
        }} />
      {call.split === 'pro_rata' && (
        <details>
          <summary className="small">How the shares were computed</summary>
          <SplitArithmetic amount={call.asked} totalCapital={centsToDollars(call.lines.reduce((s, l) => s + centsOf(l.capital), 0))} lines={call.lines} />
        </details>
      )}
      {open && call.outstanding > 0 && <ReceiptForm call={call} />}
      {done && <div className="alert alert-success py-2 mb-0" role="status">{done}</div>}
      <FormError message={failure} />
      {open && (
        <div className="d-flex flex-wrap gap-2">
          {call.outstanding > 0 && canRemind && (
            <button type="button" className="btn btn-outline-primary" disabled={remind.isPending}
              onClick={() => void act(() => remind.mutateAsync({ body: { id: call.id } }))}>Remind those who owe</button>
          )}
          {call.received === 0 && canCancel && (
            <button type="button" className="btn btn-outline-danger" onClick={() => { setDone(null); setCancelling(true); }}>Cancel the call</button>
          )}
        </div>
      )}
      <ConfirmDialog open={cancelling} title="Cancel the capital call" danger busy={cancel.isPending}
        message={`Cancel “${title}”? Its investors will no longer see it; the audit log keeps why.`} confirmLabel="Cancel the call"
        onCancel={() => setCancelling(false)}
        onConfirm={() => void confirmCancel()}>
        <label htmlFor={reasonId} className="form-label">Why</label>
        <input id={reasonId} className="form-control" value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
      </ConfirmDialog>
    </section>
  );
}
