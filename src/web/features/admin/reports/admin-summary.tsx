import { memo, useId } from 'react';
import { Link } from 'react-router';
import { endpoints } from '../../../../contract/endpoints';
import type { AdminSummaryResponse } from '../../../../contract/schemas/reports';
import { csvFileName, dollarsColumn } from '../../../lib/csv-export';
import { useEndpointQuery } from '../../../lib/queries';
import { InvestorSearch, nobodyFound, useInvestorSearch } from '../../../components/investor-search';
import { Money, ReportTable, type Column, type CsvDownload } from '../shared/report-table';
import { logFailure, ReportFailure, ReportLoading } from '../shared/report-state';

/**
 * Admin Summary (docs/product.md "Screens"): the business at a glance in five cards, each saying what it sums, then
 * the investors with their capital and cash; a name opens that investor's summary (/investor/{name}).
 */
type Total = 'total_cash' | 'total_investments' | 'total_income' | 'total_expenses' | 'total_deposits';

const CARDS: readonly { key: Total; title: string; help: string }[] = [
  { key: 'total_cash', title: 'Total Cash', help: "Undistributed cash owed to investors: the sum of their cash balances" },
  { key: 'total_investments', title: 'Total Investments', help: "Investors' outstanding capital: investments less capital returned" },
  { key: 'total_income', title: 'Total Income', help: 'Property income and land-contract payments, gross, all time' },
  { key: 'total_expenses', title: 'Total Expenses', help: 'Property, investor-property and LLC expenses, all time' },
  { key: 'total_deposits', title: 'Total Deposits', help: 'Security deposits held today: deposits less refunds' },
];

type InvestorRow = AdminSummaryResponse['investors'][number];

const INVESTOR_COLUMNS: readonly Column<InvestorRow>[] = [
  {
    header: 'Investor',
    cell: (r) => (
      <Link to={`/investor/${encodeURIComponent(r.investor_name)}`} className="report-link">
        {r.investor_name}
      </Link>
    ),
  },
  { header: 'Investments', money: (r) => r.total_investments },
  { header: 'Cash Balance', money: (r) => r.cash_balance },
];

const INVESTOR_CSV: CsvDownload<InvestorRow> = {
  file: csvFileName('Admin Summary', 'Investors'),
  columns: [
    { header: 'Investor', kind: 'text', value: (r) => r.investor_name },
    dollarsColumn('Investments', (r) => r.total_investments),
    dollarsColumn('Cash Balance', (r) => r.cash_balance),
  ],
};

function FigureCard({ title, help, amount }: { title: string; help: string; amount: number }) {
  const titleId = useId();
  return (
    <section className="card report-card report-figure-card h-100" aria-labelledby={titleId}>
      <div className="card-body">
        <h3 id={titleId} className="report-card-title">
          {title}
        </h3>
        <p className="report-figure">
          <Money amount={amount} />
        </p>
        <p className="report-help mb-0">{help}</p>
      </div>
    </section>
  );
}

const investorKey = (r: InvestorRow) => r.investor_name;

/** Memoised: a keystroke in the search box does not render 2,000 rows again (investor-search.tsx). */
const InvestorsTable = memo(function InvestorsTable({ rows, empty }: { rows: readonly InvestorRow[]; empty: string }) {
  return (
    <div className="report-investors">
      <ReportTable title="Investors" subtitle="Each investor's outstanding capital and cash balance; open one for their summary."
        columns={INVESTOR_COLUMNS} rows={rows} rowKey={investorKey} empty={empty} download={INVESTOR_CSV} />
    </div>
  );
});

export function AdminSummary() {
  const { data, error } = useEndpointQuery(endpoints.adminSummary, undefined, { meta: logFailure });
  const search = useInvestorSearch(data?.investors);
  if (error) return <ReportFailure what="The admin summary" error={error} />;
  if (!data) return <ReportLoading />;
  return (
    <div className="d-grid gap-4 report-stack">
      <div className="row row-cols-1 row-cols-sm-2 row-cols-lg-3 row-cols-xxl-5 g-3">
        {CARDS.map((c) => (
          <div key={c.key} className="col">
            <FigureCard title={c.title} help={c.help} amount={data[c.key]} />
          </div>
        ))}
      </div>
      {/* Beside the table's box, not in it: the table's card takes its box's whole height. */}
      {search.searchable && <InvestorSearch search={search} />}
      <InvestorsTable rows={search.shown} empty={search.searched ? nobodyFound(search.searched) : 'No investors available.'} />
    </div>
  );
}
