import type { InvestorSummaryResponse } from '../../../../contract/schemas/investor';
import { csvFileName } from '../../../lib/csv-export';
import { formatMonth } from '../../../lib/format';
import type { ExplainTarget } from '../explain/explain-figures';
import { BalanceCard } from './balance-card';
import { HistoryTable } from './history-table';
import { ReturnCards } from './return-cards';
import { SummaryCards } from './summary-cards';
import { YearlyRoiChart } from './yearly-roi-chart';

/** The figures both an investor record's page and the combined view show (the combined answer has no pictures). */
export type Figures = Omit<InvestorSummaryResponse, 'investor_name' | 'property_pictures'>;

/** A month of distributions holds both kinds of withdrawal, so its explanation adds the two totals. */
const DISTRIBUTIONS: ExplainTarget = {
  title: 'Distributions',
  figures: ['capital_returned', 'cash_distributed'],
  sumNote: (month) => `This is everything paid to you${month ? ` in ${formatMonth(month)}` : ''}: capital paid back and income paid out.`,
};

type Props = {
  figures: Figures;
  /** Whose figures, for the CSV files' names. */
  owner: string;
  /**
   * One record's page explains each history ("How is this calculated?"); the combined view does not (each
   * record's page explains its own), and says in each table's help that the records are together.
   */
  combined?: boolean;
};

/** The totals, returns, balance, yearly ROI and the three histories of docs/product.md "Screens", top to bottom. */
export function FiguresGrid({ figures: f, owner, combined = false }: Props) {
  const csvFile = (table: string) => csvFileName(table, owner);
  const together = combined ? ', all records together' : '';
  return (
    <>
      <SummaryCards total_investments={f.total_investments} total_income={f.total_income} total_roi={f.total_roi} />
      <ReturnCards xirr={f.xirr} xirr_note={f.xirr_note} equity_multiple={f.equity_multiple}
        capital_returned={f.capital_returned} cash_distributed={f.cash_distributed} total_investments={f.total_investments} />
      <div className="row g-3 mt-0">
        <div className="col-12 col-md-5 col-lg-4">
          <BalanceCard cash_balance={f.cash_balance} total_rental_investments={f.total_rental_investments}
            total_lc_investments={f.total_lc_investments} total_other_investments={f.total_other_investments} />
        </div>
        <div className="col-12 col-md-7 col-lg-8">
          <YearlyRoiChart roiPerYear={f.roi_per_year} />
        </div>
      </div>
      <div className="row g-3 mt-0">
        <div className="col-12 col-md-4">
          <HistoryTable title="Investment History" help={`Capital added (+) and returned (−), by month${together}`}
            rows={f.investments_per_month} emptyText="No investments available" csvFile={csvFile('Investment History')}
            explain={combined ? undefined : { title: 'Active Investments', figures: ['total_investments'] }} />
        </div>
        <div className="col-12 col-md-4">
          <HistoryTable title="Income History" help={`Your share of net income after fees, by month${together}`}
            rows={f.cashflow_per_month} emptyText="No income available" csvFile={csvFile('Income History')}
            explain={combined ? undefined : { title: 'Total Income', figures: ['total_income'] }} />
        </div>
        <div className="col-12 col-md-4">
          <HistoryTable title="Distributions History"
            help={combined ? `Paid out to you, by month${together}` : 'Paid out to you; tap or hover a row for what it was'}
            rows={f.distributions_per_month} emptyText="No distributions available."
            csvFile={csvFile('Distributions History')} explain={combined ? undefined : DISTRIBUTIONS} />
        </div>
      </div>
    </>
  );
}
