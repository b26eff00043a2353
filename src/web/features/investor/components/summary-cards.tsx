import type { InvestorSummaryResponse } from '../../../../contract/schemas/investor';
import { Money, Percent } from './money';
import { StatCard } from './stat-card';

type Props = Pick<InvestorSummaryResponse, 'total_investments' | 'total_income' | 'total_roi'>;

/** The three summary cards of docs/product.md "Screens", side by side from medium width, stacked on phones. */
export function SummaryCards({ total_investments, total_income, total_roi }: Props) {
  return (
    <div className="row g-3">
      <div className="col-12 col-md-4">
        <StatCard title="Active Investments" help="Investments less capital returned"
          explain={{ title: 'Active Investments', figures: ['total_investments'] }}>
          <Money amount={total_investments} />
        </StatCard>
      </div>
      <div className="col-12 col-md-4">
        <StatCard title="Total Income" help="Your share of net income after fees, all time"
          explain={{ title: 'Total Income', figures: ['total_income'] }}>
          <Money amount={total_income} />
        </StatCard>
      </div>
      <div className="col-12 col-md-4">
        <StatCard title="Return on Investment" help="Total income ÷ the most capital you had invested"
          explain={{ title: 'Return on Investment', figures: ['total_roi'] }}>
          <Percent value={total_roi} />
        </StatCard>
      </div>
    </div>
  );
}
