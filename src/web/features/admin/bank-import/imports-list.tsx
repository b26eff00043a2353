import { useState } from 'react';
import { flushSync } from 'react-dom';
import { endpoints } from '../../../../contract/endpoints';
import type { Reply } from '../../../../contract/endpoint';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormError } from '../../../components/form-error';
import { errorText } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/queries';
import { useMayCall } from '../../../lib/role';
import { ReportTable, type Column } from '../shared/report-table';
import { logFailure, ReportFailure, ReportLoading } from '../shared/report-state';

type Imported = Reply<typeof endpoints.bankImports>['imports'][number];

const STATE_WORDS = { previewed: 'Not recorded yet', committed: 'Recorded', undone: 'Undone' } as const;

/**
 * An LLC's imports, newest first: the file, who uploaded it and when, the lines taken and skipped, its
 * state. Open shows its lines; Undo (an admin's alone) voids what it recorded, after a confirmation.
 */
export function ImportsList({ llc, shown, onOpen, onUndone }: { llc: string; shown: number | null; onOpen: (id: number) => void; onUndone: (message: string) => void }) {
  const { data, error } = useEndpointQuery(endpoints.bankImports, { llc_name: llc }, { meta: logFailure });
  const undo = useEndpointMutation(endpoints.bankImportUndo);
  const mayUndo = useMayCall(endpoints.bankImportUndo);
  const [asking, setAsking] = useState<Imported | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const confirm = async () => {
    if (!asking) return;
    try {
      const reply = await undo.mutateAsync({ body: { import_id: asking.import_id } });
      flushSync(() => setAsking(null));
      onUndone(reply.message);
    } catch (err) {
      flushSync(() => setAsking(null));
      setFailure(errorText(err));
    }
  };

  const columns: readonly Column<Imported>[] = [
    { header: 'File', cell: (i) => <span className="text-break">{i.import_id}: {i.file_name}</span> },
    { header: 'Uploaded', cell: (i) => `${i.uploaded_by}, ${formatDateTime(i.uploaded_at)}` },
    { header: 'Taken / skipped', end: true, cell: (i) => (i.lines_taken === null ? `${i.lines} lines` : `${i.lines_taken} / ${i.lines_skipped ?? 0}`) },
    { header: 'State', cell: (i) => STATE_WORDS[i.state] },
    { header: 'Actions', end: true, cell: (i) => (
      <span className="d-inline-flex flex-wrap gap-1 justify-content-end">
        <button type="button" className="btn btn-sm btn-outline-primary" aria-pressed={i.import_id === shown} aria-label={`Open import ${i.import_id}`}
          onClick={() => onOpen(i.import_id)}>Open</button>
        {mayUndo && i.state === 'committed' && (
          <button type="button" className="btn btn-sm btn-outline-danger" aria-label={`Undo import ${i.import_id}`}
            onClick={() => { setFailure(null); setAsking(i); }}>Undo</button>
        )}
      </span>
    ) },
  ];

  if (error) return <ReportFailure what="The imports" error={error} />;
  if (!data) return <ReportLoading />;
  return (
    <div className="d-grid gap-2">
      <FormError message={failure} />
      <ReportTable title="Imports" subtitle={`${llc}'s statements, newest first.`} rows={data.imports} rowKey={(i) => String(i.import_id)}
        columns={columns} empty="No statements imported yet." />
      <ConfirmDialog open={asking !== null} title="Undo the import" danger busy={undo.isPending} confirmLabel="Undo import"
        message={asking ? `Undo import ${asking.import_id} (${asking.file_name})? The ${asking.lines_taken ?? 0} entries it recorded will be voided; the audit log keeps them.` : ''}
        onConfirm={() => void confirm()} onCancel={() => setAsking(null)} />
    </div>
  );
}
