import { useId } from 'react';
import type { BankImportLine } from '../../../../contract/schemas/bank-import';
import { KIND_WORDS } from './line-choice';
import { LineFacts, LineNotes } from './preview-line';

/** What a committed line became: the entry it recorded, or skipped. */
function outcomeText(line: BankImportLine, undone: boolean): string {
  if (line.decided !== 'taken') return 'Skipped';
  const kind = line.proposal.kind ? `${KIND_WORDS[line.proposal.kind]}, ` : '';
  return `${undone ? 'Was recorded' : 'Recorded'} as ${kind}entry ${line.entry_id ?? ''}${undone ? ' (voided by the undo)' : ''}`;
}

/** A committed or undone import's lines, each with what it became. */
export function ImportLines({ imp }: { imp: { import_id: number | null; file_name: string; state: string; lines: BankImportLine[] } }) {
  const id = useId();
  const undone = imp.state === 'undone';
  return (
    <section className="card report-card" aria-labelledby={`${id}-title`}>
      <div className="card-header report-card-header">
        <h3 id={`${id}-title`} className="report-card-title">Import {imp.import_id}: {imp.file_name}</h3>
        <p className="report-card-subtitle mb-0">{undone ? 'Undone: its entries are voided.' : 'Recorded. Each line and what it became.'}</p>
      </div>
      <ul className="list-group list-group-flush" aria-label={`Lines of import ${imp.import_id}`}>
        {imp.lines.map((l) => (
          <li key={l.line} className="list-group-item d-grid gap-1" data-testid="bank-import-line">
            <LineFacts line={l} />
            <LineNotes line={l} />
            <div className={`small ${l.decided === 'taken' ? 'fw-semibold' : 'text-secondary'}`}>{outcomeText(l, undone)}</div>
          </li>
        ))}
      </ul>
    </section>
  );
}
