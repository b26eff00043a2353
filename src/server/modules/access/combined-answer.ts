import type { CombinedResponse } from '../../../contract/schemas/access.js';
import type { CombinedFigures } from '../../domain/combined-figures.js';
import type { MonthAmount } from '../../domain/investor-figures.js';
import { centsToDollars } from '../../domain/money.js';

const dollars = <T extends MonthAmount>(rows: T[]): T[] => rows.map((r) => ({ ...r, amount: centsToDollars(r.amount) }));

/** The combined view as the API answers it: the summary's field names, cents become dollars at the edge. */
export function combinedAnswer(investorNames: string[], asOf: string, c: CombinedFigures): CombinedResponse {
  return {
    investor_names: investorNames,
    as_of: asOf,
    total_investments: centsToDollars(c.totalInvestments),
    total_income: centsToDollars(c.totalIncome),
    total_roi: c.totalRoi,
    cash_balance: centsToDollars(c.cashBalance),
    total_rental_investments: centsToDollars(c.totalRentalInvestments),
    total_lc_investments: centsToDollars(c.totalLcInvestments),
    total_other_investments: centsToDollars(c.totalOtherInvestments),
    roi_per_year: c.roiPerYear,
    investments_per_month: dollars(c.investmentsPerMonth),
    cashflow_per_month: dollars(c.cashflowPerMonth),
    distributions_per_month: dollars(c.distributionsPerMonth),
    xirr: c.xirr.percent,
    xirr_note: c.xirr.percent === null ? c.xirr.note : null,
    equity_multiple: c.equityMultiple,
    capital_returned: centsToDollars(c.capitalReturned),
    cash_distributed: centsToDollars(c.cashDistributed),
  };
}
