import type { CapitalEvent, PropertyType } from './allocation.js';
import { capitalItems, capitalMonthItems, peakItems } from './explain-capital.js';
import { INCOME_RULES, incomeItems, LLC_RULE } from './explain-income.js';
import { explainCapitalReturned, explainCashDistributed, explainEquityMultiple, explainXirr } from './explain-returns.js';
import { cents, percentOf, type ExplainInput, type ExplainItem, type Explanation } from './explain-types.js';
import { propertyFigures } from './investor-figures.js';
import { sumCents } from './money.js';

/**
 * "Show the math" (issue 14): each figure of the investor summary and the property detail as a formula
 * in words with its dated items. Every value is the summary's own (the same figures, the same
 * rounding); the items are rebuilt from the allocation, and add up to the value (a sum) or to each
 * part (a ratio) to the cent: tests check both on random ledgers.
 */

/** A figure of the summary, or one of a property (with its id). */
export type FigureRequest =
  | { name: 'total_investments' | 'total_income' | 'total_roi' | 'cash_balance' | 'xirr' | 'equity_multiple' | 'capital_returned' | 'cash_distributed' }
  | { name: 'total_rental_investments' | 'total_lc_investments' | 'total_other_investments' }
  | { name: 'roi_per_year'; year: number }
  | { name: 'property_total_investments' | 'property_total_income' | 'property_total_roi'; propertyId: number; propertyName: string };

const TYPE_OF_LINE = { total_rental_investments: 'rental', total_lc_investments: 'land_contract', total_other_investments: 'other' } as const;
const LINE_FIGURE = {
  total_rental_investments: 'totalRentalInvestments',
  total_lc_investments: 'totalLcInvestments',
  total_other_investments: 'totalOtherInvestments',
} as const;
const TYPE_WORDS: Record<PropertyType, string> = { rental: 'rental properties', land_contract: 'land-contract properties', other: 'other properties' };

const CAPITAL_NOTE = '(The mid-month rule decides only from which month capital shares in income, not this total.)';
const ROUNDING = 'two decimals, rounded half away from zero';

const withPart = (items: ExplainItem[], part: string) => items.map((i) => ({ ...i, part }));

function investments(input: ExplainInput, value: number, where: string, keep?: (e: CapitalEvent) => boolean): Explanation {
  const items = capitalItems(input, keep);
  const invested = items.filter((i) => i.cents > 0);
  const returned = items.filter((i) => i.cents < 0);
  return {
    value: cents(value),
    formula: `Σ investments − Σ investment withdrawals ${where}, dated on or before as_of. ${CAPITAL_NOTE}`,
    items,
    parts: { investments: cents(sumCents(invested)), investment_withdrawals: cents(sumCents(returned)) },
  };
}

function income(input: ExplainInput, value: number, propertyId?: number): Explanation {
  const { items, parts } = incomeItems(input, { propertyId });
  const breakdown = {
    income_share: cents(parts.share),
    management_fee: cents(parts.fee),
    own_expenses: cents(parts.own),
    ...(propertyId === undefined ? { llc_expenses: cents(parts.llc) } : {}),
  };
  const formula =
    propertyId === undefined
      ? `total_income = Σ monthly cash flows = Σ over properties and months of (income share − management fee − own expenses) + your share of each LLC expense. ${INCOME_RULES} ${LLC_RULE}`
      : `total_income of the property = Σ over months of (income share − management fee − own expenses) in it; LLC expenses count in your total_income, not in a property's. ${INCOME_RULES}`;
  return { value: cents(value), formula, items, parts: breakdown };
}

function cashBalance(input: ExplainInput): Explanation {
  const { items } = incomeItems(input);
  const withdrawals = explainCashDistributed(input).items.map((i) => ({ ...i, cents: -i.cents }));
  return {
    value: cents(input.figures.cashBalance),
    formula: `cash_balance = total_income − Σ cash withdrawals. An investment withdrawal returns capital and does not touch cash. ${INCOME_RULES} ${LLC_RULE}`,
    items: [...items, ...withdrawals].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)),
    parts: { total_income: cents(sumCents(items)), cash_withdrawals: cents(sumCents(withdrawals)) },
  };
}

function roi(input: ExplainInput, value: number, propertyId?: number): Explanation {
  const keep = propertyId === undefined ? undefined : (e: CapitalEvent) => e.propertyId === propertyId;
  const { items } = incomeItems(input, { propertyId });
  const peak = peakItems(input, keep);
  const [numerator, denominator] = [sumCents(items), sumCents(peak)];
  const what = propertyId === undefined ? 'total_roi = 100 × total_income ÷ peak capital' : 'total_roi of the property = 100 × its total_income ÷ its peak capital';
  return {
    value: percentOf(value),
    formula:
      `${what}, ${ROUNDING} (0 when the peak is 0). Peak capital is the highest your net capital has been, ` +
      'replaying investments and withdrawals by date (on one date, withdrawals first); the items under "peak_capital" ' +
      `are the entries up to that moment, those under "total_income" the income. ${INCOME_RULES}` +
      (propertyId === undefined ? ` ${LLC_RULE}` : ''),
    items: [...withPart(items, 'total_income'), ...withPart(peak, 'peak_capital')],
    parts: { total_income: cents(numerator), peak_capital: cents(denominator) },
  };
}

/** roi_per_year of a year, or undefined when the summary has none (no capital-months that year). */
function roiOfYear(input: ExplainInput, year: number): Explanation | undefined {
  const value = input.figures.roiPerYear[String(year)];
  if (value === undefined) return undefined;
  const { items } = incomeItems(input, { year });
  const capital = capitalMonthItems(input, year);
  const current = Number(input.asOf.slice(0, 4)) === year;
  return {
    value: percentOf(value),
    formula:
      `roi_per_year:${year} = 100 × income of ${year} × 12 ÷ capital-months of ${year}, ${ROUNDING}: an annualised cash-on-cash yield. ` +
      `Income of ${year} is the sum of its monthly cash flows (the items under "income"); capital-months add your capital in each ` +
      `property in each month of ${year}${current ? ' up to as_of (the current year is annualised to date)' : ''} (the items under "capital_months"). ` +
      `${INCOME_RULES} ${LLC_RULE}`,
    items: [...withPart(items, 'income'), ...withPart(capital, 'capital_months')],
    parts: { income: cents(sumCents(items)), capital_months: cents(sumCents(capital)) },
  };
}

/** The explanation of one figure; undefined for a year the summary has no roi_per_year for. */
export function explainFigure(input: ExplainInput, figure: FigureRequest): Explanation | undefined {
  const f = input.figures;
  const property = (propertyId: number) => propertyFigures(input.books, input.allocation, input.investorId, propertyId);
  switch (figure.name) {
    case 'total_investments':
      return investments(input, f.totalInvestments, 'in every property');
    case 'total_rental_investments':
    case 'total_lc_investments':
    case 'total_other_investments': {
      const type = TYPE_OF_LINE[figure.name];
      const typeOf = new Map(input.books.properties.map((p) => [p.id, p.type]));
      return investments(input, f[LINE_FIGURE[figure.name]], `in ${TYPE_WORDS[type]}`, (e) => typeOf.get(e.propertyId) === type);
    }
    case 'total_income':
      return income(input, f.totalIncome);
    case 'cash_balance':
      return cashBalance(input);
    case 'total_roi':
      return roi(input, f.totalRoi);
    case 'roi_per_year':
      return roiOfYear(input, figure.year);
    case 'xirr':
      return explainXirr(input);
    case 'equity_multiple':
      return explainEquityMultiple(input);
    case 'capital_returned':
      return explainCapitalReturned(input);
    case 'cash_distributed':
      return explainCashDistributed(input);
    case 'property_total_investments':
      return investments(input, property(figure.propertyId).totalInvestments, `in ${figure.propertyName}`, (e) => e.propertyId === figure.propertyId);
    case 'property_total_income':
      return income(input, property(figure.propertyId).totalIncome, figure.propertyId);
    case 'property_total_roi':
      return roi(input, property(figure.propertyId).totalRoi, figure.propertyId);
  }
}
