import { flushSync } from 'react-dom';
import { useState } from 'react';
import { endpoints } from '../../../../contract/endpoints';
import type { StatementPublication } from '../../../../contract/schemas/statement-publications';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import type { Period } from '../../../components/period-chooser';
import { FormError } from '../../../components/form-error';
import { errorText } from '../../../lib/api-client';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/queries';
import { useMayCall } from '../../../lib/role';
import { ReportTable, type Column } from '../shared/report-table';
import { logFailure, ReportFailure, ReportLoading } from '../shared/report-state';

const periodText = (p: Period) => `${formatDate(p.from)} to ${formatDate(p.to)}`;

const columns: readonly Column<StatementPublication>[] = [
  { header: 'Period', cell: (p) => <span className="text-nowrap">{periodText(p)}</span> },
  { header: 'Published', cell: (p) => <span className="text-nowrap">{formatDateTime(p.published_at)}</span> },
  { header: 'By', cell: (p) => p.published_by ?? 'the console' },
  { header: 'Investors', end: true, cell: (p) => p.investors },
];

/**
 * "Publish and notify investors": the chosen period's statements are final; each investor who held
 * capital or cash in it is e-mailed and sees the period on their page. Below, every period published.
 */
export function StatementPublications({ period, disabled }: { period: Period; disabled?: boolean }) {
  const { data, error } = useEndpointQuery(endpoints.statementPublications, undefined, { meta: logFailure });
  const publish = useEndpointMutation(endpoints.publishStatements);
  const canPublish = useMayCall(endpoints.publishStatements);
  const [asking, setAsking] = useState<Period | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const confirm = async () => {
    if (!asking) return;
    try {
      const answer = await publish.mutateAsync({ body: asking });
      setDone(answer.message);
    } catch (err) {
      setFailure(errorText(err));
    }
    flushSync(() => setAsking(null));
  };

  return (
    <section className="d-grid gap-3" aria-labelledby="publish-statements-title">
      <div>
        <h3 id="publish-statements-title" className="admin-subtitle mb-2">Publish the period</h3>
        <p className="report-muted mb-2">
          When the period&rsquo;s statements are final, publish it: each investor who held capital or cash in it gets an e-mail, and the
          period is listed on their page with its statement. A period is published once.
        </p>
        <button type="button" className="btn btn-outline-primary" disabled={disabled || publish.isPending || !canPublish}
          aria-describedby={canPublish ? undefined : 'publish-statements-who'}
          onClick={() => { setDone(null); setFailure(null); setAsking(period); }}>
          Publish and notify investors
        </button>
        {!canPublish && <p id="publish-statements-who" className="small text-secondary mt-2 mb-0">Publishing is an administrator&apos;s: your role downloads the statements.</p>}
      </div>
      {done && <p className="text-success mb-0" role="status">{done}</p>}
      <FormError message={failure} />
      {error ? <ReportFailure what="The published periods" error={error} /> : !data ? <ReportLoading /> : (
        <ReportTable title="Published periods" rows={data.publications} rowKey={(p) => String(p.id)} columns={columns}
          empty="No period published yet." subtitle="Newest first." />
      )}
      <ConfirmDialog open={asking !== null} title="Publish the statements" busy={publish.isPending}
        message={asking ? `Publish the statements of ${periodText(asking)}? Every investor who held capital or cash in it will be e-mailed that their statement is ready. This cannot be undone.` : ''}
        confirmLabel="Publish and notify" onConfirm={() => void confirm()} onCancel={() => setAsking(null)} />
    </section>
  );
}
