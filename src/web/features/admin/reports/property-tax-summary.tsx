import { useEffect, useRef, useState } from 'react';
import { endpoints } from '../../../../contract/endpoints';
import type { PropertyTaxesResponse } from '../../../../contract/schemas/reports';
import { addDollars } from '../../../lib/cents';
import { csvFileName } from '../../../lib/csv-export';
import { formatCurrency } from '../../../lib/format';
import { useEndpointQuery } from '../../../lib/queries';
import { amountColumns, amountCsvColumns, amountRows, Money, ReportCardHeader, ReportTable } from '../shared/report-table';
import { ReportRows, type ReportRow } from '../shared/report-rows';
import { logFailure, ReportFailure, ReportLoading, ReviewNotes } from '../shared/report-state';

/**
 * 'Summary for {property} in {year}' (docs/product.md "Screens", LLC Taxes): the address, the year's income and
 * expenses by category, how a land contract's payments split (extension) and notes for the CPA. 150 ms
 * after it opens (docs/product.md "Formats and constants"), once its figures are in, the page scrolls down to it.
 */
const SCROLL_DELAY_MS = 150;

type Props = { property: string; year: string };

const total = (byCategory: Readonly<Record<string, number>>) => `Total: ${formatCurrency(addDollars(...Object.values(byCategory)))}`;

const landContractRows = (lc: NonNullable<PropertyTaxesResponse['lc_summary']>): ReportRow[] => [
  { label: 'Payments received', value: <Money amount={lc.payments} /> },
  { label: 'Interest', value: <Money amount={lc.interest} /> },
  { label: 'Principal', value: <Money amount={lc.principal} /> },
  { label: 'Gain', value: <Money amount={lc.gain} /> },
  { label: 'Return of basis', value: <Money amount={lc.return_of_basis} /> },
  { label: 'Balance at year end', value: <Money amount={lc.balance_end} /> },
];

export function PropertyTaxSummary({ property, year }: Props) {
  const { data, error } = useEndpointQuery(endpoints.propertyTaxes, { selectedProperty: property, selectedTaxYear: year }, {
    meta: logFailure,
  });
  const section = useRef<HTMLElement>(null);
  const [scrollDue, setScrollDue] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setScrollDue(true), SCROLL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);
  const settled = data !== undefined || error !== null;
  useEffect(() => {
    if (!scrollDue || !settled) return;
    setScrollDue(false);
    section.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [scrollDue, settled]);

  const titleId = `tax-summary-${property.replace(/\W+/g, '-')}`;
  return (
    <section ref={section} className="report-section property-tax-summary" aria-labelledby={titleId}>
      <h3 id={titleId} className="report-section-title">
        Summary for {property} in {year}
      </h3>
      {error && <ReportFailure what="The property summary" error={error} />}
      {!error && !data && <ReportLoading />}
      {data && (
        <div className="d-grid gap-3 report-stack">
          <ReportRows rows={[{ label: 'Address', value: data.address }]} className="report-rows-inline" />
          <ReviewNotes notes={data.review_notes} />
          <div className="row g-3">
            <div className="col-12 col-lg-6">
              <ReportTable title="Property Income" subtitle={total(data.income_list)} headingLevel="h4"
                columns={amountColumns('Category')} rows={amountRows(data.income_list)} rowKey={(r) => r.name}
                empty="No income available."
                download={{ file: csvFileName('Property Taxes', property, year, 'Property Income'), columns: amountCsvColumns('Category') }} />
            </div>
            <div className="col-12 col-lg-6">
              <ReportTable title="Property Expenses" subtitle={total(data.expenses_list)} headingLevel="h4"
                columns={amountColumns('Category')} rows={amountRows(data.expenses_list)} rowKey={(r) => r.name}
                empty="No expenses available."
                download={{ file: csvFileName('Property Taxes', property, year, 'Property Expenses'), columns: amountCsvColumns('Category') }} />
            </div>
            {data.lc_summary && (
              <div className="col-12 col-lg-6">
                <section className="card report-card h-100" aria-labelledby={`${titleId}-lc`}>
                  <ReportCardHeader id={`${titleId}-lc`} title={`Land Contract in ${year}`} headingLevel="h4"
                    subtitle="How the year's payments split (installment method)." />
                  <div className="card-body py-2">
                    <ReportRows rows={landContractRows(data.lc_summary)} />
                  </div>
                </section>
              </div>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
