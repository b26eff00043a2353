import { useId } from 'react';
import type { InvestorPropertyResponse } from '../../../../contract/schemas/investor';
import { HistoryTable } from './history-table';
import { Money, Percent } from './money';
import { PropertyPicture } from './property-picture';

/**
 * The property detail panel (portal-spec §2): three equal columns from medium width, stacked on phones,
 * each card as tall as its content.
 */
export function PropertyPanel({ detail }: { detail: InvestorPropertyResponse }) {
  const titleId = useId();
  const name = detail.property_name;
  return (
    <section className="row g-3 mt-1 investor-property-panel" aria-labelledby={titleId}>
      <div className="col-12 col-md-4">
        <div className="card investor-card">
          <div className="card-body">
            <h3 id={titleId} className="investor-card-title">
              {name} Details
            </h3>
            <PropertyPicture url={detail.picture_url} name={name} alt={`Picture of ${name}`}
              className="investor-detail-picture" size={200} />
            <dl className="investor-rows mb-0">
              <div className="investor-row">
                <dt>Investments</dt>
                <dd>
                  <Money amount={detail.total_investments} />
                </dd>
              </div>
              <div className="investor-row">
                <dt>Income</dt>
                <dd>
                  <Money amount={detail.total_income} />
                </dd>
              </div>
              <div className="investor-row">
                <dt>ROI</dt>
                <dd>
                  <Percent value={detail.total_roi} />
                </dd>
              </div>
              <div className="investor-row investor-notes">
                <dt>Notes</dt>
                {/* Empty notes are shown as empty, never as a word that reads like a note. */}
                <dd>{detail.notes.trim()}</dd>
              </div>
            </dl>
          </div>
        </div>
      </div>
      <div className="col-12 col-md-4">
        <HistoryTable headingLevel="h3" title="Property Investment History" help="Capital added (+) and returned (−), by month"
          rows={detail.investments_per_month} emptyText="No investments available." />
      </div>
      <div className="col-12 col-md-4">
        <HistoryTable headingLevel="h3" title="Property Income History" help="Your share of net income after fees, by month"
          rows={detail.cashflow_per_month} emptyText="No income available." />
      </div>
    </section>
  );
}
