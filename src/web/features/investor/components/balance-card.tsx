import { useId } from 'react';
import type { InvestorSummaryResponse } from '../../../../contract/schemas/investor';
import { addDollars } from '../../../lib/cents';
import { useManifest } from '../../../lib/manifest';
import { ExplainButton } from '../explain/explain-button';
import type { ExplainTarget } from '../explain/explain-figures';
import { Money } from './money';

/** The merged line's explanation says first why it adds two of the API's figures. */
const MERGED_NOTE = () =>
  'This is the money you have put into your rental and land-contract properties, less the capital paid back to you: this portal shows them together.';

type Props = Pick<
  InvestorSummaryResponse,
  'cash_balance' | 'total_rental_investments' | 'total_lc_investments' | 'total_other_investments'
>;

/**
 * Cash and capital by property type (docs/product.md "Screens"). With the group-land-contract flag on, land contract
 * capital is shown inside 'Rental Investments' and its own line is left out.
 */
export function BalanceCard(props: Props) {
  const { groupLandContract } = useManifest();
  const titleId = useId();
  // [label, amount, the figures it explains with, hover text saying what a merged figure holds]
  const rows: [string, number, ExplainTarget['figures'], string?][] = groupLandContract
    ? [
        ['Cash Balance', props.cash_balance, ['cash_balance']],
        [
          'Rental Investments',
          addDollars(props.total_rental_investments, props.total_lc_investments),
          ['total_rental_investments', 'total_lc_investments'],
          'Rental and land contract properties together',
        ],
        ['Other Investments', props.total_other_investments, ['total_other_investments']],
      ]
    : [
        ['Cash Balance', props.cash_balance, ['cash_balance']],
        ['Rental Investments', props.total_rental_investments, ['total_rental_investments']],
        ['Land Contract Investments', props.total_lc_investments, ['total_lc_investments']],
        ['Other Investments', props.total_other_investments, ['total_other_investments']],
      ];
  return (
    <section className="card investor-card" aria-labelledby={titleId}>
      <div className="card-body">
        <h2 id={titleId} className="investor-card-title">
          Balance
        </h2>
        <p className="investor-help">Cash not yet withdrawn; capital by property type</p>
        <dl className="investor-rows mb-0">
          {rows.map(([label, amount, figures, hint]) => (
            <div key={label} className="investor-row" title={hint}>
              <dt>{label}</dt>
              <dd>
                <Money amount={amount} />
                <ExplainButton target={{ title: label, figures, sumNote: figures.length > 1 ? MERGED_NOTE : undefined }} />
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
