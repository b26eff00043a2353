import { useId, useMemo, useState } from 'react';
import { endpoints } from '../../../../contract/endpoints';
import type { AdminHelpersResponse } from '../../../../contract/schemas/admin-helpers';
import type { BankImportLine } from '../../../../contract/schemas/bank-import';
import { FormError } from '../../../components/form-error';
import { errorText } from '../../../lib/api-client';
import { useEndpointMutation } from '../../../lib/queries';
import { BulkApply } from './bulk-apply';
import { applyToSelected, changeLine, commitLines, countsText, defaultSelection, initialChoices, newLines, selectable, type Choices } from './line-choice';
import { PreviewLine } from './preview-line';

type Previewed = { import_id: number; llc_name: string; file_name: string; lines: BankImportLine[];
  counts: { new: number; already_imported: number; possible_duplicate: number }; not_transactions: number };

/**
 * The preview of a statement read: its counts, then every line with its status and proposal. New lines
 * start checked; the admin checks, changes and records. A refusal ("Line 4: …") shows by the button, and
 * every choice stays as it was.
 */
export function PreviewTable({ imp, helpers, onRecorded }: { imp: Previewed; helpers: AdminHelpersResponse; onRecorded: (message: string) => void }) {
  const id = useId();
  const commit = useEndpointMutation(endpoints.bankImportCommit);
  const [choices, setChoices] = useState<Choices>(() => initialChoices(imp.lines));
  const [ticked, setSelected] = useState<ReadonlySet<number>>(() => defaultSelection(imp.lines));
  const [failure, setFailure] = useState<string | null>(null);
  // A line that became unrecordable since it was ticked (its period closed, another import recorded it)
  // is neither counted nor sent, though the admin's other ticks stay as they were.
  const selected = useMemo(() => new Set(imp.lines.filter((l) => ticked.has(l.line) && selectable(l)).map((l) => l.line)), [imp.lines, ticked]);
  const count = selected.size;

  const check = (line: number, on: boolean) => setSelected((s) => {
    const next = new Set(s);
    if (on) next.add(line); else next.delete(line);
    return next;
  });
  const record = async () => {
    setFailure(null);
    const built = commitLines(imp.lines, choices, selected, imp.llc_name);
    if ('error' in built) return setFailure(built.error);
    try {
      const reply = await commit.mutateAsync({ body: { import_id: imp.import_id, lines: built.lines } });
      onRecorded(reply.rules_added ? `${reply.message} ${reply.rules_added} ${reply.rules_added === 1 ? 'rule' : 'rules'} kept.` : reply.message);
    } catch (err) {
      setFailure(errorText(err));
    }
  };

  return (
    <section className="card report-card" aria-labelledby={`${id}-title`}>
      <div className="card-header report-card-header">
        <h3 id={`${id}-title`} className="report-card-title">Check the lines</h3>
        <p className="report-card-subtitle mb-0 text-break" data-testid="bank-counts">
          {imp.file_name}: {countsText(imp.counts)}{imp.not_transactions ? ` · ${imp.not_transactions} not transactions, left out` : ''}
        </p>
      </div>
      <div className="card-body d-grid gap-2 border-bottom">
        <div className="d-flex flex-wrap gap-2">
          <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => setSelected(newLines(imp.lines))}>Select all new</button>
          <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => setSelected(new Set())}>Select none</button>
        </div>
        <BulkApply helpers={helpers} checked={count} onApply={(patch) => {
          const { choices: next, reached } = applyToSelected(imp.lines, choices, selected, patch);
          setChoices(next);
          return reached;
        }} />
      </div>
      <ul className="list-group list-group-flush" aria-label="Lines of the statement">
        {imp.lines.map((l) => (
          <PreviewLine key={l.line} line={l} choice={choices[l.line]!} checked={selected.has(l.line)} helpers={helpers}
            onCheck={(on) => check(l.line, on)} onChange={(patch) => setChoices((c) => changeLine(imp.lines, c, l.line, patch))} />
        ))}
      </ul>
      <div className="card-body d-grid gap-2 border-top">
        <FormError message={failure} />
        <div className="d-flex flex-wrap align-items-center gap-2">
          <button type="button" className="btn btn-primary" disabled={commit.isPending || count === 0} onClick={() => void record()}>
            {commit.isPending && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
            Record {count} {count === 1 ? 'line' : 'lines'}
          </button>
          <span className="small text-secondary">{count === 0 ? 'Check the lines to record.' : 'The lines left unchecked are skipped.'}</span>
        </div>
      </div>
    </section>
  );
}
