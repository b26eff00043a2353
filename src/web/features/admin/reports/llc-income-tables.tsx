import type { LlcTaxesResponse } from '../../../../contract/schemas/reports';
import { csvFileName, dollarsColumn, type CsvColumn } from '../../../lib/csv-export';
import { amountColumns, amountCsvColumns, amountRows, ReportTable, type Column } from '../shared/report-table';

/**
 * The income of the LLC tax report by member (docs/product.md "Screens", LLC Taxes): the Income Summary (rental income;
 * dividend income and its expenses) and the Rental Income Details, one table per member with each
 * rental property's income and UBIA. Amounts are the server's; a member missing from a map has 0 there.
 */
type Props = { llc: string; year: string; report: LlcTaxesResponse };

type DividendRow = { member: string; income: number; expenses: number };
const DIVIDEND_COLUMNS: readonly Column<DividendRow>[] = [
  { header: 'Member', cell: (r) => r.member },
  { header: 'Income', money: (r) => r.income },
  { header: 'Expenses', money: (r) => r.expenses },
];
const DIVIDEND_CSV: readonly CsvColumn<DividendRow>[] = [
  { header: 'Member', kind: 'text', value: (r) => r.member },
  dollarsColumn('Income', (r) => r.income),
  dollarsColumn('Expenses', (r) => r.expenses),
];

type PropertyRow = { property: string; income: number; ubia: number };
const PROPERTY_COLUMNS: readonly Column<PropertyRow>[] = [
  { header: 'Property', cell: (r) => r.property },
  { header: 'Income', money: (r) => r.income },
  { header: 'UBIA', money: (r) => r.ubia },
];
const PROPERTY_CSV: readonly CsvColumn<PropertyRow>[] = [
  { header: 'Property', kind: 'text', value: (r) => r.property },
  dollarsColumn('Income', (r) => r.income),
  dollarsColumn('UBIA', (r) => r.ubia),
];

/** The keys of several maps, once each, in first-seen order. */
const keysOf = (...maps: readonly Readonly<Record<string, unknown>>[]): string[] => [...new Set(maps.flatMap((m) => Object.keys(m)))];

function dividendRows(r: LlcTaxesResponse): DividendRow[] {
  return keysOf(r.dividend_income_by_member, r.dividend_expenses_by_member).map((member) => ({
    member,
    income: r.dividend_income_by_member[member] ?? 0,
    expenses: r.dividend_expenses_by_member[member] ?? 0,
  }));
}

function propertyRows(r: LlcTaxesResponse, member: string): PropertyRow[] {
  const income = r.rental_income_by_member_by_property[member] ?? {};
  const ubia = r.ubia_by_member_by_property[member] ?? {};
  return keysOf(income, ubia).map((property) => ({ property, income: income[property] ?? 0, ubia: ubia[property] ?? 0 }));
}

export function LlcIncomeTables({ llc, year, report }: Props) {
  const file = (...table: string[]) => csvFileName('LLC Taxes', llc, year, ...table);
  const members = keysOf(
    report.rental_income_by_member, report.rental_income_by_member_by_property, report.ubia_by_member_by_property,
    report.dividend_income_by_member, report.dividend_expenses_by_member,
  );
  return (
    <>
      <section className="report-section" aria-labelledby="llc-income-summary">
        <h3 id="llc-income-summary" className="report-section-title">
          Income Summary
        </h3>
        <div className="row g-3">
          <div className="col-12 col-xl-5">
            <ReportTable title="Rental Income by Member" subtitle="Rental income less the rental properties' expenses."
              headingLevel="h4" columns={amountColumns('Member')} rows={amountRows(report.rental_income_by_member)}
              rowKey={(r) => r.name} empty="No rental income."
              download={{ file: file('Rental Income by Member'), columns: amountCsvColumns('Member') }} />
          </div>
          <div className="col-12 col-xl-7">
            <ReportTable title="Dividend Income by Member" subtitle="Gross portfolio income (land-contract interest and gain) and its expenses."
              headingLevel="h4" columns={DIVIDEND_COLUMNS} rows={dividendRows(report)} rowKey={(r) => r.member}
              empty="No dividend income."
              download={{ file: file('Dividend Income by Member'), columns: DIVIDEND_CSV }} />
          </div>
        </div>
      </section>

      <section className="report-section" aria-labelledby="llc-rental-details">
        <h3 id="llc-rental-details" className="report-section-title">
          Rental Income Details
        </h3>
        {/* Two across at most: the page keeps a column for the actions menu beside the report from 992 px. */}
        <div className="row g-3">
          {(members.length > 0 ? members : ['']).map((member) => (
            <div key={member} className="col-12 col-md-6">
              <ReportTable title={member || 'Members'} regionLabel={`Rental Income Details: ${member || 'no members'}`}
                headingLevel="h4" columns={PROPERTY_COLUMNS} rows={member ? propertyRows(report, member) : []}
                rowKey={(r) => r.property} empty="No rental properties."
                download={{ file: file('Rental Income Details', member), columns: PROPERTY_CSV }} />
            </div>
          ))}
        </div>
      </section>
    </>
  );
}
