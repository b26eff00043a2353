import { useState } from 'react';
import { endpoints } from '../../../../contract/endpoints';
import type { DistributionRunHeader } from '../../../../contract/schemas/distribution-runs';
import { formatDate } from '../../../lib/format';
import { useEndpointQuery } from '../../../lib/queries';
import type { AdminFormProps } from '../shared/fields';
import { ReportTable, type Column } from '../shared/report-table';
import { logFailure, ReportFailure, ReportLoading } from '../shared/report-state';
import { DraftRunForm } from './draft-run-form';
import { RunCard } from './run-card';

const STATUS_WORDS = { draft: 'Draft', approved: 'Approved', cancelled: 'Cancelled' } as const;

/** The run chosen in the list (or just drafted), read whole with its lines. */
function ChosenRun({ id }: { id: number }) {
  const { data, error } = useEndpointQuery(endpoints.distributionRun, { id }, { meta: logFailure });
  if (error) return <ReportFailure what="The run" error={error} />;
  return data ? <RunCard key={data.id} run={data} /> : <ReportLoading />;
}

/**
 * "Distributions": the quarterly payout as one run. Draft it (whom, when, all cash or a percent, a minimum),
 * check and change its lines, approve it into cash withdrawals, or cancel it; an approved run downloads as
 * CSV, the checks to write and the NACHA file for the bank.
 */
export function DistributionsPanel(props: AdminFormProps) {
  const { data, error } = useEndpointQuery(endpoints.distributionRuns, undefined, { meta: logFailure });
  const [chosen, setChosen] = useState<number | null>(null);
  const shown = chosen ?? data?.runs.find((r) => r.status === 'draft')?.id ?? null;

  const columns: readonly Column<DistributionRunHeader>[] = [
    { header: 'Run', cell: (r) => `${r.id}${r.memo ? `: ${r.memo}` : ''}` },
    { header: 'Date', cell: (r) => <span className="text-nowrap">{formatDate(r.date)}</span> },
    { header: 'Status', cell: (r) => STATUS_WORDS[r.status] },
    { header: 'Total', money: (r) => r.total },
    { header: 'Open', end: true, cell: (r) => (
      <button type="button" className="btn btn-sm btn-outline-primary" aria-label={`Open run ${r.id}`} aria-pressed={r.id === shown}
        onClick={() => setChosen(r.id)}>Open</button>
    ) },
  ];

  return (
    <div className="d-grid gap-4 report-stack">
      <section aria-labelledby="draft-run-title">
        <h3 id="draft-run-title" className="admin-subtitle mb-2">Draft a distribution</h3>
        <p className="report-muted small">
          Each investor’s cash available is what the Withdraw Funds form allows today. Nothing is paid until the run is approved.
        </p>
        <DraftRunForm {...props} onDrafted={setChosen} />
      </section>
      {shown !== null && <ChosenRun id={shown} />}
      {error ? <ReportFailure what="The runs" error={error} /> : !data ? <ReportLoading /> : (
        <ReportTable title="Distribution runs" rows={data.runs} rowKey={(r) => String(r.id)} columns={columns}
          empty="No runs yet: draft the first one above." subtitle="Newest first." />
      )}
    </div>
  );
}
