import { useState } from 'react';
import { endpoints } from '../../../../contract/endpoints';
import type { AdminCall } from '../../../../contract/schemas/capital-calls';
import { csvFileName, dollarsColumn } from '../../../lib/csv-export';
import { formatDate } from '../../../lib/format';
import { useEndpointQuery } from '../../../lib/queries';
import { useMayCall } from '../../../lib/role';
import type { AdminFormProps } from '../shared/fields';
import { ReportTable, type Column } from '../shared/report-table';
import { logFailure, ReportFailure, ReportLoading } from '../shared/report-state';
import { CallDetail } from './call-detail';
import { IssueCallForm } from './issue-call-form';
import { StatusBadge } from './status-badge';

/**
 * "Capital Calls": the issue form with its preview, every call with what was asked, received and is
 * outstanding and who is late, and the chosen call's detail, where receipts are recorded.
 */
export function CapitalCallsPanel(props: AdminFormProps) {
  const canIssue = useMayCall(endpoints.issueCapitalCall);
  const { data, error } = useEndpointQuery(endpoints.adminCapitalCalls, undefined, { meta: logFailure });
  const [chosen, setChosen] = useState<number | null>(null);

  const columns: readonly Column<AdminCall>[] = [
    { header: 'Property', cell: (c) => c.property_name },
    { header: 'Purpose', cell: (c) => c.purpose },
    { header: 'Due', cell: (c) => <span className="text-nowrap">{formatDate(c.due_date)}</span> },
    { header: 'Asked', money: (c) => c.asked },
    { header: 'Received', money: (c) => c.received },
    { header: 'Outstanding', money: (c) => c.outstanding },
    { header: 'Status', cell: (c) => <StatusBadge status={c.status} /> },
    { header: 'Late', cell: (c) => c.late.join(', ') },
    { header: 'Detail', end: true, cell: (c) => (
      <button type="button" className="btn btn-sm btn-outline-primary" aria-label={`Open the call ${c.property_name}: ${c.purpose}`}
        aria-pressed={chosen === c.id} onClick={() => setChosen(c.id)}>Open</button>
    ) },
  ];

  return (
    <div className="d-grid gap-4 report-stack">
      {/* Issuing a call is the roles the table names; a bookkeeper reads the calls and records receipts. */}
      {canIssue && (
        <section aria-labelledby="issue-call-title">
          <h3 id="issue-call-title" className="admin-subtitle mb-2">Issue a capital call</h3>
          <IssueCallForm {...props} onIssued={setChosen} />
        </section>
      )}
      {error ? <ReportFailure what="The capital calls" error={error} /> : !data ? <ReportLoading /> : (
        <ReportTable title="Capital calls" rows={data.calls} rowKey={(c) => String(c.id)} columns={columns}
          empty="No capital calls yet: issue the first one above." subtitle="Newest first."
          download={{
            file: csvFileName('Capital calls'),
            columns: [
              { header: 'Property', kind: 'text', value: (c: AdminCall) => c.property_name },
              { header: 'Purpose', kind: 'text', value: (c: AdminCall) => c.purpose },
              { header: 'Issued', kind: 'date', value: (c: AdminCall) => c.issued_on },
              { header: 'Due', kind: 'date', value: (c: AdminCall) => c.due_date },
              dollarsColumn('Asked', (c: AdminCall) => c.asked),
              dollarsColumn('Received', (c: AdminCall) => c.received),
              dollarsColumn('Outstanding', (c: AdminCall) => c.outstanding),
              { header: 'Status', kind: 'text', value: (c: AdminCall) => c.status },
              { header: 'Late', kind: 'text', value: (c: AdminCall) => c.late.join(', ') },
            ],
          }} />
      )}
      {chosen !== null && <CallDetail id={chosen} />}
    </div>
  );
}
