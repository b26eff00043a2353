import { investorCalls } from '../../../lib/investor-calls';
import { csvFileName } from '../../../lib/csv-export';
import { useEndpointQuery } from '../../../lib/queries';
import { BalanceCard } from '../components/balance-card';
import { HistoryTable } from '../components/history-table';
import { ReturnCards } from '../components/return-cards';
import { SummaryCards } from '../components/summary-cards';
import { SummarySkeleton } from '../components/summary-skeleton';
import { YearlyRoiChart } from '../components/yearly-roi-chart';
import { RecordSwitcher } from './record-switcher';
import { useMyRecords } from './use-my-records';

/** "A, B and C". */
const listed = (names: readonly string[]) =>
  names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`;

/**
 * /investor?view=combined: one person's own investor records together (personal, IRA, trust), from GET
 * /api/investor_combined: the figures that add, summed, and the returns of the combined cash flows (never
 * an average of each record's). No "How is this calculated?" here: each record's page explains its own.
 */
export function CombinedView() {
  const { records } = useMyRecords(true);
  const { data, error } = useEndpointQuery(investorCalls.investorCombined, {}, { meta: { onError: 'Failed to load the combined view:' } });
  const csvFile = (table: string) => csvFileName(table, 'All my entities');
  return (
    <main className="container-xl py-4 investor-page">
      <header className="investor-header">
        <h1 className="investor-name">All my entities</h1>
        <p className="investor-subtitle">Combined Investment Summary</p>
      </header>
      {records && <RecordSwitcher records={records} current="combined" />}
      {error ? (
        <div className="card investor-card">
          <p className="investor-empty py-5 mb-0">The combined view could not be loaded: {error.message}</p>
        </div>
      ) : !data ? (
        <SummarySkeleton />
      ) : (
        <>
          <p className="alert alert-light border py-2 mb-3" data-testid="combined-note">
            These figures combine <strong>{listed(data.investor_names)}</strong>: the amounts are added up, and the XIRR and
            equity multiple are those of all their cash flows together, not an average of each one’s.
          </p>
          <SummaryCards total_investments={data.total_investments} total_income={data.total_income} total_roi={data.total_roi} />
          <ReturnCards xirr={data.xirr} xirr_note={data.xirr_note} equity_multiple={data.equity_multiple}
            capital_returned={data.capital_returned} cash_distributed={data.cash_distributed} total_investments={data.total_investments} />
          <div className="row g-3 mt-0">
            <div className="col-12 col-md-5 col-lg-4">
              <BalanceCard cash_balance={data.cash_balance} total_rental_investments={data.total_rental_investments}
                total_lc_investments={data.total_lc_investments} total_other_investments={data.total_other_investments} />
            </div>
            <div className="col-12 col-md-7 col-lg-8">
              <YearlyRoiChart roiPerYear={data.roi_per_year} />
            </div>
          </div>
          <div className="row g-3 mt-0">
            <div className="col-12 col-md-4">
              <HistoryTable title="Investment History" help="Capital added (+) and returned (−), by month, all records together"
                rows={data.investments_per_month} emptyText="No investments available" csvFile={csvFile('Investment History')} />
            </div>
            <div className="col-12 col-md-4">
              <HistoryTable title="Income History" help="Your share of net income after fees, by month, all records together"
                rows={data.cashflow_per_month} emptyText="No income available" csvFile={csvFile('Income History')} />
            </div>
            <div className="col-12 col-md-4">
              <HistoryTable title="Distributions History" help="Paid out to you, by month, all records together"
                rows={data.distributions_per_month} emptyText="No distributions available." csvFile={csvFile('Distributions History')} />
            </div>
          </div>
        </>
      )}
    </main>
  );
}
