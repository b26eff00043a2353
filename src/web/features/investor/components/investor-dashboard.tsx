import { useEffect, useRef, useState } from 'react';
import type { InvestorSummaryResponse } from '../../../../contract/schemas/investor';
import { csvFileName } from '../../../lib/csv-export';
import { formatMonth } from '../../../lib/format';
import { propertyPictures } from '../investor-figures';
import { useInvestorProperty } from '../use-investor-property';
import { ExplainProvider } from '../explain/explain-context';
import type { ExplainTarget } from '../explain/explain-figures';
import { BalanceCard } from './balance-card';
import { HistoryTable } from './history-table';
import { PropertyPanel } from './property-panel';
import { PropertyScroller } from './property-scroller';
import { ReturnCards } from './return-cards';
import { StatementsCard } from '../statements/statements-card';
import { SummaryCards } from './summary-cards';
import { YearlyRoiChart } from './yearly-roi-chart';

/** docs/product.md "Formats and constants": the page scrolls to the panel this long after a property card is clicked. */
const SCROLL_DELAY_MS = 150;

/** A month of distributions holds both kinds of withdrawal, so its explanation adds the two totals. */
const DISTRIBUTIONS: ExplainTarget = {
  title: 'Distributions',
  figures: ['capital_returned', 'cash_distributed'],
  sumNote: (month) => `This is everything paid to you${month ? ` in ${formatMonth(month)}` : ''}: capital paid back and income paid out.`,
};

type Props = { summary: InvestorSummaryResponse; investorName: string | undefined };

/** The loaded investor summary of docs/product.md "Screens", top to bottom, with the property detail panel last. */
export function InvestorDashboard({ summary, investorName }: Props) {
  const [selected, setSelected] = useState<string | null>(null);
  const detail = useInvestorProperty(selected, investorName);
  const scrollTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(scrollTimer.current), []);
  // The scroll waits for the delay (docs/product.md "Formats and constants") and for the panel: on a slow connection the detail arrives
  // after the delay, and scrolling before it would stop short of the panel.
  const [scrollDue, setScrollDue] = useState(false);
  const panelReady = selected === null || detail !== null;
  useEffect(() => {
    if (!scrollDue || !panelReady) return;
    setScrollDue(false);
    window.scrollTo({ top: document.body.scrollHeight, behavior: 'smooth' });
  }, [scrollDue, panelReady]);

  const toggle = (name: string) => {
    setSelected((current) => (current === name ? null : name));
    setScrollDue(false);
    window.clearTimeout(scrollTimer.current);
    scrollTimer.current = window.setTimeout(() => setScrollDue(true), SCROLL_DELAY_MS);
  };

  const csvFile = (table: string) => csvFileName(table, summary.investor_name);
  return (
    <ExplainProvider investorName={investorName} ownerName={summary.investor_name}>
      <SummaryCards total_investments={summary.total_investments} total_income={summary.total_income}
        total_roi={summary.total_roi} />
      <ReturnCards xirr={summary.xirr} xirr_note={summary.xirr_note} equity_multiple={summary.equity_multiple}
        capital_returned={summary.capital_returned} cash_distributed={summary.cash_distributed}
        total_investments={summary.total_investments} />
      <div className="row g-3 mt-0">
        <div className="col-12 col-md-5 col-lg-4">
          <BalanceCard cash_balance={summary.cash_balance} total_rental_investments={summary.total_rental_investments}
            total_lc_investments={summary.total_lc_investments} total_other_investments={summary.total_other_investments} />
        </div>
        <div className="col-12 col-md-7 col-lg-8">
          <YearlyRoiChart roiPerYear={summary.roi_per_year} />
        </div>
      </div>
      <div className="row g-3 mt-0">
        <div className="col-12 col-md-4">
          <HistoryTable title="Investment History" help="Capital added (+) and returned (−), by month"
            rows={summary.investments_per_month} emptyText="No investments available" csvFile={csvFile('Investment History')}
            explain={{ title: 'Active Investments', figures: ['total_investments'] }} />
        </div>
        <div className="col-12 col-md-4">
          <HistoryTable title="Income History" help="Your share of net income after fees, by month"
            rows={summary.cashflow_per_month} emptyText="No income available" csvFile={csvFile('Income History')}
            explain={{ title: 'Total Income', figures: ['total_income'] }} />
        </div>
        <div className="col-12 col-md-4">
          <HistoryTable title="Distributions History" help="Paid out to you; tap or hover a row for what it was"
            rows={summary.distributions_per_month} emptyText="No distributions available."
            csvFile={csvFile('Distributions History')} explain={DISTRIBUTIONS} />
        </div>
      </div>
      {/* Above the properties: the detail panel stays last, where choosing a property scrolls. */}
      <StatementsCard investorName={investorName} />
      <PropertyScroller properties={propertyPictures(summary.property_pictures)} selected={selected} onSelect={toggle} />
      {selected && detail && <PropertyPanel detail={detail} investorName={summary.investor_name} />}
    </ExplainProvider>
  );
}
