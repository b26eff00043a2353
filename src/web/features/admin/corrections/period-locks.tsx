import { useState } from 'react';
import { flushSync } from 'react-dom';
import { endpoints } from '../../../../contract/endpoints';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormError } from '../../../components/form-error';
import { RecordForm } from '../../../components/record-form';
import { errorText } from '../../../lib/api-client';
import { csvFileName, type CsvColumn } from '../../../lib/csv-export';
import { formatDate } from '../../../lib/format';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/queries';
import { date, llc, type AdminFormProps } from '../shared/fields';
import { ReportTable, type Column } from '../shared/report-table';
import { logFailure, ReportFailure, ReportLoading } from '../shared/report-state';

/**
 * Period Locks (extension; docs/rules/ledger.md): which LLCs have their books closed and
 * through which date, closing them through a date, and reopening them. While an LLC is closed through a
 * date, nothing of it dated on or before that date can be recorded or voided: the recording forms show
 * the server's refusal (409) in its words.
 */
type Lock = { llc_name: string; closed_through: string | null };

/** An open LLC's date is left empty: the file keeps the column a date a spreadsheet can sort. */
const LOCK_CSV: readonly CsvColumn<Lock>[] = [
  { header: 'LLC', kind: 'text', value: (l) => l.llc_name },
  { header: 'Closed through', kind: 'date', value: (l) => l.closed_through },
];

const WHAT_IT_DOES =
  'Close an LLC’s books once its return is filed: entries dated on or before the date can no longer be recorded or voided, until the books are reopened here.';

function LockTable({ locks, onReopen, busy }: { locks: readonly Lock[]; onReopen: (lock: Lock) => void; busy: boolean }) {
  const closed = locks.filter((l) => l.closed_through).length;
  const columns: readonly Column<Lock>[] = [
    { header: 'LLC', cell: (l) => l.llc_name },
    {
      header: 'Closed through',
      cell: (l) => (l.closed_through ? <span className="report-date">{formatDate(l.closed_through)}</span> : <span className="report-muted">Open</span>),
    },
    {
      header: 'Action',
      end: true,
      cell: (l) =>
        l.closed_through ? (
          <button type="button" className="btn btn-sm btn-outline-secondary" disabled={busy} onClick={() => onReopen(l)}
            aria-label={`Reopen the books of ${l.llc_name}`}>
            Reopen
          </button>
        ) : (
          <span className="report-muted">—</span>
        ),
    },
  ];
  return (
    <ReportTable title="Books by LLC" columns={columns} rows={locks} rowKey={(l) => l.llc_name} empty="No LLCs yet."
      download={{ file: csvFileName('Period Locks'), columns: LOCK_CSV }}
      subtitle={`${closed} of ${locks.length} ${locks.length === 1 ? 'LLC' : 'LLCs'} closed. Nothing dated on or before an LLC’s date can change.`} />
  );
}

export function PeriodLocks({ helpers }: AdminFormProps) {
  const { data: locks, error } = useEndpointQuery(endpoints.periodLocks, undefined, { meta: logFailure });
  const reopen = useEndpointMutation(endpoints.setPeriodLock);
  const [reopening, setReopening] = useState<Lock | null>(null);
  const [reopenError, setReopenError] = useState<string | null>(null);
  /** What the last change did, in words, under the table. */
  const [done, setDone] = useState<string | null>(null);
  /** The LLC chosen in the close form (the form empties itself on success). */
  const [chosen, setChosen] = useState('');

  const confirmReopen = async () => {
    if (!reopening) return;
    const name = reopening.llc_name;
    try {
      const { message } = await reopen.mutateAsync({ body: { llc_name: name, closed_through: '' } });
      // The dialog closes before the alert, so focus goes back to the page behind it.
      flushSync(() => {
        setReopening(null);
        setDone(`The books of ${name} are open: every date can be recorded and voided again.`);
      });
      window.alert(message);
    } catch (err) {
      const message = errorText(err);
      console.error(message);
      flushSync(() => setReopening(null));
      setReopenError(message);
    }
  };

  return (
    <div className="d-grid gap-4 report-stack">
      <div className="d-grid gap-2">
        {error ? (
          <ReportFailure what="The period locks" error={error} />
        ) : !locks ? (
          <ReportLoading />
        ) : (
          <LockTable locks={locks} busy={reopen.isPending} onReopen={(lock) => {
            setReopenError(null);
            setDone(null);
            setReopening(lock);
          }} />
        )}
        <FormError message={reopenError} />
        {done && (
          <div className="alert alert-success py-2 mb-0" role="status">
            {done}
          </div>
        )}
      </div>
      <section aria-labelledby="close-period-title">
        <h3 id="close-period-title" className="admin-subtitle mb-2">Close the books</h3>
        <RecordForm id="close-period" endpoint={endpoints.setPeriodLock} submitLabel="Close the books" intro={WHAT_IT_DOES}
          fields={[
            llc(helpers, 'llc_name'),
            date('closed_through', 'Closed through', { required: true, hint: 'Usually the last day of the filed tax year.' }),
          ]}
          onFieldChange={(name, value) => {
            setDone(null);
            if (name === 'llc_name') setChosen(value);
          }}
          onSuccess={(reply) => {
            setReopenError(null);
            setDone(reply.closed_through
              ? `The books of ${chosen} are closed through ${formatDate(reply.closed_through)}: nothing dated on or before it can be recorded or voided.`
              : null);
          }} />
      </section>
      <ConfirmDialog open={reopening !== null} title="Reopen the books"
        message={reopening?.closed_through
          ? `Reopen the books of ${reopening.llc_name}? Entries dated on or before ${formatDate(reopening.closed_through)} can be recorded and voided again.`
          : ''}
        confirmLabel="Reopen" busy={reopen.isPending} onConfirm={() => void confirmReopen()} onCancel={() => setReopening(null)} />
    </div>
  );
}
