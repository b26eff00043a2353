import { useId, useState } from 'react';
import type { LcScheduleResponse } from '../../../../contract/schemas/land-contracts';
import { formatDate } from '../../../lib/format';
import { ReportRows } from '../shared/report-rows';
import { Money } from '../shared/report-table';
import { rateText } from './rate-percent';
import { TermsForm } from './terms-form';

type Terms = LcScheduleResponse['terms'];

/** The terms as recorded, one per line. */
function TermsRows({ terms }: { terms: Terms }) {
  return (
    <ReportRows rows={[
      { label: 'Sale date', value: formatDate(terms.sale_date) },
      { label: 'Sale price', value: <Money amount={terms.sale_price} /> },
      { label: 'Down payment', value: <Money amount={terms.down_payment} /> },
      { label: 'Assumed mortgage', value: <Money amount={terms.assumed_mortgage} /> },
      { label: 'Interest rate', value: rateText(terms.rate_bps) },
      { label: 'Monthly installment', value: terms.installment === null ? 'Not recorded' : <Money amount={terms.installment} /> },
      { label: 'First due date', value: terms.first_due_date ? formatDate(terms.first_due_date) : 'Not recorded' },
      { label: 'Grace days', value: String(terms.grace_days) },
      { label: 'Adjusted basis', value: <Money amount={terms.adjusted_basis} /> },
      { label: 'Selling expenses', value: <Money amount={terms.selling_expenses} /> },
      { label: 'Buyer', value: [terms.buyer_name, terms.buyer_address].filter(Boolean).join(', ') || 'Not recorded' },
    ]} />
  );
}

/**
 * "Terms": the contract's terms read-only; "Change terms" opens the form for whoever may change them (the
 * admin). A contract without terms shows "No terms recorded", and the form at once.
 */
type Props = {
  property: string;
  terms: Terms | null;
  mayChange: boolean;
  onSaved: (message: string) => void;
  /** Whether the form is open (the screen widens the card for it); the card's own when not given. */
  editing?: boolean;
  onEditing?: (open: boolean) => void;
};

export function TermsCard({ property, terms, mayChange, onSaved, ...open }: Props) {
  const id = useId();
  const [own, setOwn] = useState(false);
  const editing = open.editing ?? own;
  const setEditing = open.onEditing ?? setOwn;
  const form = mayChange && (editing || terms === null);
  return (
    <section className="card report-card" aria-labelledby={`${id}-title`}>
      <div className="card-header report-card-header d-flex flex-wrap align-items-start justify-content-between gap-2">
        <div style={{ flex: '1 1 8rem', minWidth: 0 }}>
          <h3 id={`${id}-title`} className="report-card-title">Terms</h3>
          <p className="report-card-subtitle mb-0">{terms ? 'As the contract writes them.' : 'No terms recorded'}</p>
        </div>
        {mayChange && terms && !editing && (
          <button type="button" className="btn btn-sm btn-outline-primary" onClick={() => setEditing(true)}>Change terms</button>
        )}
      </div>
      <div className="card-body">
        {form ? (
          <TermsForm property={property} terms={terms} onCancel={terms ? () => setEditing(false) : undefined}
            onSaved={(m) => { setEditing(false); onSaved(m); }} />
        ) : terms ? <TermsRows terms={terms} /> : <p className="report-muted mb-0">No terms recorded: an admin records them here.</p>}
      </div>
    </section>
  );
}
