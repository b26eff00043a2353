import { memo, useId } from 'react';
import { Link } from 'react-router';
import { investorCalls } from '../../../lib/investor-calls';
import type { AdminSummaryResponse } from '../../../../contract/schemas/reports';
import { csvFileName, dollarsColumn, tableCsv, type CsvColumn } from '../../../lib/csv-export';
import { useEndpointQuery } from '../../../lib/queries';
import { Money } from './money';
import { DownloadCsvButton } from '../../../components/download-csv-button';
import { EmptyRow } from '../../../components/empty-row';
import { FirstDayChecklist } from '../../../components/first-day-checklist';
import { InvestorSearch, nobodyFound, useInvestorSearch } from '../../../components/investor-search';

const investorPath = (name: string) => `/investor/${encodeURIComponent(name)}`;

type InvestorRow = AdminSummaryResponse['investors'][number];
const CSV_COLUMNS: readonly CsvColumn<InvestorRow>[] = [
  { header: 'Investor', kind: 'text', value: (i) => i.investor_name },
  dollarsColumn('Active Investments', (i) => i.total_investments),
  dollarsColumn('Cash Balance', (i) => i.cash_balance),
];

/**
 * An administrator's landing on /investor: every investor with their active investments
 * and the cash the portfolio owes them (the admin summary's figures), each name opening the page that
 * investor sees. On a phone each row is a small card (.table-stack).
 */
export function InvestorChooser() {
  const titleId = useId();
  const { data, error } = useEndpointQuery(investorCalls.adminSummary, undefined, { meta: { onError: 'Failed to load the investors:' } });
  const investors = data?.investors;
  const search = useInvestorSearch(investors);
  return (
    <>
      {/* No investors yet: the first steps that lead to one. */}
      {investors?.length === 0 && <FirstDayChecklist />}
      <div className="card investor-card investor-chooser-card">
        <div className="card-body pb-2 flex-grow-0">
          <div className="d-flex flex-wrap align-items-start justify-content-between gap-2">
            <h2 id={titleId} className="investor-card-title">
              All investors
            </h2>
            <DownloadCsvButton table="All investors" fileName={csvFileName('All Investors')} hasRows={search.shown.length > 0}
              className="mb-2" csv={() => tableCsv(CSV_COLUMNS, search.shown)} />
          </div>
          <p className="investor-help mb-0">
            {data ? (
              <>
                {investors!.length} {investors!.length === 1 ? 'investor' : 'investors'}: <Money amount={data.total_investments} /> invested,{' '}
                <Money amount={data.total_cash} /> cash owed to them. Open one to see the page they see.
              </>
            ) : (
              'Open an investor to see the page they see.'
            )}
          </p>
          {search.searchable && <InvestorSearch search={search} className="mt-3" />}
        </div>
        {error && <p className="investor-empty py-4">The investors could not be loaded: {error.message}</p>}
        {!error && !investors && <p className="investor-empty py-4" role="status">Loading...</p>}
        {investors && (
          <div className="investor-table-scroll investor-chooser" role="region" aria-labelledby={titleId} tabIndex={0}>
            <table className="table table-sm table-striped mb-0 investor-table table-stack">
              <thead>
                <tr>
                  <th scope="col">Investor</th>
                  <th scope="col" className="text-end">Active Investments</th>
                  <th scope="col" className="text-end">Cash Balance</th>
                </tr>
              </thead>
              <ChooserRows investors={investors} shown={search.shown} searched={search.searched} />
            </table>
          </div>
        )}
      </div>
    </>
  );
}

/** The table's body, memoised: a keystroke in the search box does not render 2,000 rows again (investor-search.tsx). */
const ChooserRows = memo(function ChooserRows({ investors, shown, searched }: { investors: readonly InvestorRow[]; shown: readonly InvestorRow[]; searched: string }) {
  return (
    <tbody>
      {investors.length === 0 ? (
        <EmptyRow columns={3} className="investor-empty">
          No investors yet. <Link to="/admin?action=add-new-investor">Add New Investor</Link>
        </EmptyRow>
      ) : shown.length === 0 ? (
        <EmptyRow columns={3} className="investor-empty">{nobodyFound(searched)}</EmptyRow>
      ) : (
        shown.map((i) => (
          <tr key={i.investor_name}>
            <td data-label="Investor">
              <Link to={investorPath(i.investor_name)} className="investor-chooser-link">{i.investor_name}</Link>
            </td>
            <td data-label="Active Investments" className="money">
              <Money amount={i.total_investments} />
            </td>
            <td data-label="Cash Balance" className="money">
              <Money amount={i.cash_balance} />
            </td>
          </tr>
        ))
      )}
    </tbody>
  );
});
