import type { LlcTaxesResponse } from '../../../../contract/schemas/reports';
import { addDollars } from '../../../lib/cents';
import { csvFileName } from '../../../lib/csv-export';
import { formatCurrency, formatDate } from '../../../lib/format';
import { LlcIncomeTables } from './llc-income-tables';
import { amountColumns, amountCsvColumns, amountRows, Money, ReportCardHeader, ReportTable } from '../shared/report-table';
import { ReportRows, type ReportRow } from '../shared/report-rows';
import { ReviewNotes } from '../shared/report-state';

/**
 * The LLC's tax report for a year (docs/product.md "Screens", LLC Taxes): the LLC card, the basis of the figures,
 * what the CPA should review, income by member, the LLC's own expenses and the management fees reported
 * apart. Figures come from the server as they are; only the expenses' total is added here, in cents.
 */
type Props = { llc: string; year: string; report: LlcTaxesResponse };

const identity = (r: LlcTaxesResponse): ReportRow[] => [
  { label: 'Address', value: r.address },
  { label: 'Date Started', value: formatDate(r.date_started) },
  { label: 'Principal Business Activity', value: r.principal_business_activity },
  { label: 'Principal Product', value: r.principal_product },
  { label: 'Business Code Number', value: r.business_code_number },
];

const figures = (r: LlcTaxesResponse): ReportRow[] => [
  { label: 'Total LLC Assets', value: <Money amount={r.total_assets} /> },
  { label: 'Ordinary Business Income', value: <Money amount={r.ordinary_business_income} /> },
  { label: 'Total Rental Income', value: <Money amount={r.total_rental_income} /> },
  { label: 'Total Dividend Income', value: <Money amount={r.total_dividend_income} /> },
  { label: 'Total Income', value: <Money amount={r.total_income} /> },
  { label: 'Total Active Income', value: <Money amount={r.total_active_income} /> },
];

export function LlcTaxReport({ llc, year, report }: Props) {
  const expenses = amountRows(report.llc_expenses);
  const fees = amountRows(report.management_fees_by_member);
  return (
    <div className="d-grid gap-4 report-stack llc-tax-report">
      <section className="card report-card" aria-labelledby="llc-tax-card-title">
        <ReportCardHeader id="llc-tax-card-title" title={llc} subtitle={`Tax year ${year}`} />
        <div className="card-body">
          <div className="row g-0 gx-md-5">
            <div className="col-12 col-md-6">
              <ReportRows rows={identity(report)} />
            </div>
            <div className="col-12 col-md-6">
              <ReportRows rows={figures(report)} className="report-rows-figures" />
            </div>
          </div>
          <p className="report-help mt-3 mb-0">
            Figures are cash basis, before depreciation: money received and paid in {year}. Total Active Income equals
            Ordinary Business Income in this version.
          </p>
        </div>
      </section>

      <ReviewNotes notes={report.review_notes} />

      <LlcIncomeTables llc={llc} year={year} report={report} />

      <div className="row g-3">
        <div className="col-12 col-lg-6">
          <ReportTable title="LLC Expenses" subtitle={`Total: ${formatCurrency(addDollars(...expenses.map((e) => e.amount)))}`}
            columns={amountColumns('Category')} rows={expenses} rowKey={(r) => r.name} empty="No expenses available."
            download={{ file: csvFileName('LLC Taxes', llc, year, 'LLC Expenses'), columns: amountCsvColumns('Category') }} />
        </div>
        <div className="col-12 col-lg-6">
          <ReportTable title="Management Fees by Member"
            subtitle="Reported separately for the CPA; not deducted from the income above."
            columns={amountColumns('Member')} rows={fees} rowKey={(r) => r.name} empty="No management fees this year."
            download={{ file: csvFileName('LLC Taxes', llc, year, 'Management Fees by Member'), columns: amountCsvColumns('Member') }} />
        </div>
      </div>
    </div>
  );
}
