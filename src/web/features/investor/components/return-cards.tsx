import type { InvestorSummaryResponse } from '../../../../contract/schemas/investor';
import { addDollars } from '../../../lib/cents';
import { formatCurrency, formatMultiple } from '../../../lib/format';
import { Percent } from './money';
import { StatCard } from './stat-card';

type Props = Pick<
  InvestorSummaryResponse,
  'xirr' | 'xirr_note' | 'equity_multiple' | 'capital_returned' | 'cash_distributed' | 'total_investments'
>;

/** A figure the summary has none for: a dash on screen, words for a screen reader. */
function NoFigure() {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">None</span>
    </>
  );
}

/**
 * The second row of cards: the money-weighted yearly return and the equity multiple. Without
 * a rate the XIRR card says why in the server's words; the multiple's card shows what was paid out of
 * what was invested (all invested = active capital + capital returned), added in cents.
 */
export function ReturnCards(props: Props) {
  const paidOut = addDollars(props.capital_returned, props.cash_distributed);
  const invested = addDollars(props.total_investments, props.capital_returned);
  const paid =
    `Paid out ${formatCurrency(paidOut)} of ${formatCurrency(invested)} invested ` +
    `(${formatCurrency(props.capital_returned)} capital, ${formatCurrency(props.cash_distributed)} cash)`;
  return (
    <div className="row g-3 mt-0">
      <div className="col-12 col-md-6">
        <StatCard title="XIRR" help="Yearly return weighing when each dollar went in and came out"
          note={props.xirr === null ? (props.xirr_note ?? undefined) : undefined} explain={{ title: 'XIRR', figures: ['xirr'] }}>
          {props.xirr === null ? <NoFigure /> : <Percent value={props.xirr} />}
        </StatCard>
      </div>
      <div className="col-12 col-md-6">
        <StatCard title="Equity Multiple" help="(Paid out + capital and cash you still hold) ÷ all you invested" note={paid}
          explain={{ title: 'Equity Multiple', figures: ['equity_multiple'] }}>
          {props.equity_multiple === null ? <NoFigure /> : <span className="money">{formatMultiple(props.equity_multiple)}</span>}
        </StatCard>
      </div>
    </div>
  );
}
