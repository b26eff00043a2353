import { useId, useState } from 'react';
import type { AdminHelpersResponse } from '../../../../contract/schemas/admin-helpers';
import { MONEY_IN_KINDS, MONEY_OUT_KINDS } from '../../../../contract/schemas/bank-import';
import { ChoiceFields } from './choice-fields';
import type { ChoicePatch, LineChoice } from './line-choice';

type Bulk = Pick<LineChoice, 'kind' | 'property_name' | 'category' | 'investor_name'>;
const NONE: Bulk = { kind: '', property_name: '', category: '', investor_name: '' };

/** The chosen fields only: an empty select means "leave each line's own". */
const patchOf = (b: Bulk): ChoicePatch => Object.fromEntries(Object.entries(b).filter(([, v]) => v !== '')) as ChoicePatch;

/**
 * "Apply to selected": one kind, property, category (and investor) set on every checked line at once; a
 * kind reaches only the lines of its direction (money in or out).
 */
export function BulkApply({ helpers, checked, onApply }: { helpers: AdminHelpersResponse; checked: number; onApply: (patch: ChoicePatch) => number }) {
  const id = useId();
  const [bulk, setBulk] = useState<Bulk>(NONE);
  const [done, setDone] = useState<string | null>(null);
  const patch = patchOf(bulk);
  const apply = () => {
    const reached = onApply(patch);
    setDone(reached === checked ? `Applied to ${reached} ${reached === 1 ? 'line' : 'lines'}.`
      : `Applied to ${reached} of ${checked} checked lines: the others go the other way (money in or out).`);
  };
  return (
    <fieldset className="border rounded p-2 p-sm-3">
      <legend className="float-none w-auto px-1 mb-0 fs-6 fw-semibold">Apply to selected</legend>
      <div className="row g-2 align-items-end">
        <ChoiceFields id={id} of="the checked lines" kinds={[...MONEY_IN_KINDS, ...MONEY_OUT_KINDS]} choice={bulk} helpers={helpers}
          keepLabel="Leave as is" onChange={(p) => { setDone(null); setBulk((b) => ({ ...b, ...p } as Bulk)); }} />
        <div className="col-12 col-sm-auto">
          <button type="button" className="btn btn-sm btn-outline-primary" disabled={checked === 0 || Object.keys(patch).length === 0} onClick={apply}>
            Apply to {checked} checked
          </button>
        </div>
      </div>
      {done && <p className="small mb-0 mt-2" role="status">{done}</p>}
    </fieldset>
  );
}
