import type { AdminHelpersResponse } from '../../../../contract/schemas/admin-helpers';
import type { BankImportLine } from '../../../../contract/schemas/bank-import';
import { formatDate } from '../../../lib/format';
import { Money } from '../shared/report-table';
import { ChoiceFields } from './choice-fields';
import { duplicateText, kindsFor, selectable, STATUS_WORDS, type ChoicePatch, type LineChoice } from './line-choice';

const BADGE: Record<BankImportLine['status'], string> = {
  new: 'text-bg-success', already_imported: 'text-bg-secondary', possible_duplicate: 'text-bg-warning',
};

/** The bank's side of a line: its date, payee and memo, the amount (in or out, in words too), its status and why. */
export function LineFacts({ line }: { line: BankImportLine }) {
  const moneyIn = line.amount > 0;
  return (
    <div className="d-flex flex-wrap align-items-baseline column-gap-3 row-gap-1" style={{ flex: '1 1 16rem', minWidth: 0 }}>
      <span className="text-nowrap small text-secondary">Line {line.line} · {formatDate(line.date)}</span>
      <span className="text-break fw-semibold" style={{ flex: '1 1 10rem', minWidth: 0 }}>
        {line.payee || line.memo}
        {line.payee && line.memo && <span className="fw-normal text-secondary"> · {line.memo}</span>}
      </span>
      <span className="text-nowrap">
        <Money amount={line.amount} /> <span className="small text-secondary">{moneyIn ? 'in' : 'out'}</span>
      </span>
      <span className={`badge ${line.closed ? 'text-bg-dark' : BADGE[line.status]}`}>{line.closed ? 'Closed period' : STATUS_WORDS[line.status]}</span>
    </div>
  );
}

/** Why a line has its status, the entry it may repeat, a closed period's words and the rule that proposed it. */
export function LineNotes({ line }: { line: BankImportLine }) {
  const notes = [line.closed, line.reason, line.duplicate_of && duplicateText(line.duplicate_of),
    line.proposal.rule && `rule: ${line.proposal.rule.match_text}`].filter((n): n is string => Boolean(n));
  if (notes.length === 0) return null;
  return <div className="small text-secondary text-break" data-testid="bank-line-notes">{notes.join(' · ')}</div>;
}

type Props = {
  line: BankImportLine;
  choice: LineChoice;
  checked: boolean;
  helpers: AdminHelpersResponse;
  onCheck: (checked: boolean) => void;
  onChange: (patch: ChoicePatch) => void;
};

/**
 * One line of the preview: checked to record it, with its proposal editable (what it records, the selects
 * of that kind's form, the description). Once changed by hand, the admin may keep the choice as a rule.
 */
export function PreviewLine({ line, choice, checked, helpers, onCheck, onChange }: Props) {
  const id = `bank-line-${line.line}`;
  const open = selectable(line);
  return (
    <li className="list-group-item d-grid gap-2" data-testid="bank-line" data-line={line.line}
      style={line.status === 'possible_duplicate' && open ? { boxShadow: 'inset 4px 0 0 var(--bs-warning)' } : undefined}>
      <div className="d-flex align-items-start gap-2">
        <input id={`${id}-check`} type="checkbox" className="form-check-input mt-1 flex-shrink-0" checked={checked && open} disabled={!open}
          onChange={(e) => onCheck(e.target.checked)} aria-label={`Record line ${line.line}`} />
        <LineFacts line={line} />
      </div>
      <LineNotes line={line} />
      {open && (
        <div className="row g-2">
          <ChoiceFields id={id} of={`line ${line.line}`} kinds={kindsFor(line)} choice={choice} helpers={helpers} onChange={onChange} />
          <div className="col-12 col-xl-9">
            <label htmlFor={`${id}-description`} className="form-label small mb-1">Description<span className="visually-hidden"> for line {line.line}</span></label>
            <input id={`${id}-description`} className="form-control form-control-sm" maxLength={500} value={choice.description}
              onChange={(e) => onChange({ description: e.target.value })} />
          </div>
          {choice.changed && line.payee && (
            <div className="col-12 form-check ms-2">
              <input id={`${id}-remember`} type="checkbox" className="form-check-input" checked={choice.remember}
                onChange={(e) => onChange({ remember: e.target.checked })} />
              <label htmlFor={`${id}-remember`} className="form-check-label small">Remember for “{line.payee}”</label>
            </div>
          )}
        </div>
      )}
    </li>
  );
}
