import { useId } from 'react';
import type { InvestorPropertyResponse } from '../../../../contract/schemas/investor';
import { csvFileName } from '../../../lib/csv-export';
import type { PropertyFigure } from '../../../../contract/schemas/explain';
import { ExplainButton } from '../explain/explain-button';
import type { ExplainTarget } from '../explain/explain-figures';
import { HistoryTable } from './history-table';
import { Money, Percent } from './money';
import { PropertyPicture } from './property-picture';

/**
 * The property detail panel (docs/product.md "Screens"): three equal columns from medium width, stacked on phones,
 * each card as tall as its content.
 */
export function PropertyPanel({ detail, investorName }: { detail: InvestorPropertyResponse; investorName: string }) {
  const titleId = useId();
  const name = detail.property_name;
  const csvFile = (table: string) => csvFileName(table, investorName, name);
  const explain = (figure: PropertyFigure, title: string): ExplainTarget => ({ title, figures: [figure], propertyName: name });
  return (
    <section className="row g-3 mt-1 investor-property-panel" aria-labelledby={titleId}>
      <div className="col-12 col-md-4">
        <div className="card investor-card">
          <div className="card-body">
            <h3 id={titleId} className="investor-card-title">
              {name} Details
            </h3>
            <PropertyPicture url={detail.picture_url} name={name} alt={`Picture of ${name}`}
              className="investor-detail-picture" />
            <dl className="investor-rows mb-0">
              <div className="investor-row">
                <dt>Investments</dt>
                <dd>
                  <Money amount={detail.total_investments} />
                  <ExplainButton target={explain('total_investments', `Investments in ${name}`)} />
                </dd>
              </div>
              <div className="investor-row">
                <dt>Income</dt>
                <dd>
                  <Money amount={detail.total_income} />
                  <ExplainButton target={explain('total_income', `Income from ${name}`)} />
                </dd>
              </div>
              <div className="investor-row">
                <dt>ROI</dt>
                <dd>
                  <Percent value={detail.total_roi} />
                  <ExplainButton target={explain('total_roi', `ROI of ${name}`)} />
                </dd>
              </div>
              <div className="investor-row investor-notes">
                <dt>Notes</dt>
                {/* No notes: said in muted words that cannot pass for a note, rather than a heading over nothing. */}
                {detail.notes.trim() ? <dd>{detail.notes.trim()}</dd> : <dd className="investor-no-notes">No notes.</dd>}
              </div>
            </dl>
          </div>
        </div>
      </div>
      <div className="col-12 col-md-4">
        <HistoryTable headingLevel="h3" title="Property Investment History" help="Capital added (+) and returned (−), by month"
          rows={detail.investments_per_month} emptyText="No investments available." csvFile={csvFile('Property Investment History')}
          explain={explain('total_investments', `Investments in ${name}`)} />
      </div>
      <div className="col-12 col-md-4">
        <HistoryTable headingLevel="h3" title="Property Income History" help="Your share of net income after fees, by month"
          rows={detail.cashflow_per_month} emptyText="No income available." csvFile={csvFile('Property Income History')}
          explain={explain('total_income', `Income from ${name}`)} />
      </div>
    </section>
  );
}
