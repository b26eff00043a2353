import type { CapitalEvent, PropertyType } from './allocation.js';
import { capitalArithmetic, capitalEvents, capitalItems, capitalMonthItems, capitalMonthsWords, peakItems } from './explain-capital.js';
import { incomeArithmetic, incomeItems, propertyIncomeArithmetic, type IncomeParts } from './explain-income.js';
import { cashWithdrawalItems, explainCapitalReturned, explainCashDistributed, explainEquityMultiple, explainXirr } from './explain-returns.js';
import { cents, percentOf, type ExplainInput, type ExplainItem, type Explanation } from './explain-types.js';
import { dateWords, monthWords, pct, usd } from './explain-words.js';
import { propertyFigures, type MonthAmount } from './investor-figures.js';
import { sumCents } from './money.js';
import { monthIndex, monthKey, yearOf, type Month } from './months.js';

/**
 * "Show the math": each figure of the investor summary and the property detail, and
 * each row of their history tables, in an investor's words: one sentence saying what it is, the
 * arithmetic with the real numbers, and the dated items. Every value is the summary's own (the same
 * figures, the same rounding); the items are rebuilt from the allocation, and add up to the value (a
 * sum) or to each part (a ratio) to the cent: tests check both on random ledgers.
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
const TYPE_WORDS: Record<PropertyType, string> = { rental: 'your rental properties', land_contract: 'your land-contract properties', other: 'your other properties' };

const withPart = (items: ExplainItem[], part: string) => items.map((i) => ({ ...i, part }));

/** A history row's amount as the summary answers it (0 for a month without one). */
const rowOf = (rows: MonthAmount[], month: Month) => rows.find((r) => r.date === monthKey(month))?.amount ?? 0;

function investments(input: ExplainInput, value: number, where: string, keep?: (e: CapitalEvent) => boolean, month?: Month): Explanation {
  const events = capitalEvents(input, keep, month);
  const items = capitalItems(input, events);
  const invested = items.filter((i) => i.cents > 0);
  const returned = items.filter((i) => i.cents < 0);
  return {
    value: cents(value),
    headline:
      month === undefined
        ? `This is the money you have put into ${where}, less the capital paid back to you.`
        : `This is the capital you added to ${where} in ${monthWords(month)}, less any capital paid back to you that month.`,
    arithmetic: capitalArithmetic(input, events, { month }),
    items,
    parts: { investments: cents(sumCents(invested)), investment_withdrawals: cents(sumCents(returned)) },
  };
}

/** "This is your share of what your properties earned each month, after the management fee, less …". */
function incomeHeadline(parts: IncomeParts, where: string, month?: Month): string {
  const after = [parts.fee !== 0 ? 'the management fee' : '', parts.own !== 0 ? 'your own expenses' : ''].filter(Boolean).join(' and ');
  let text = `This is your share of what ${where} earned ${month === undefined ? 'each month' : `in ${monthWords(month)}`}`;
  if (after) text += `, after ${after}`;
  if (parts.llc !== 0) text += month === undefined ? ', less your share of LLC expenses' : ', less your share of LLC expenses that month';
  return `${text}.`;
}

function income(input: ExplainInput, value: number, property?: { id: number; name: string }, month?: Month): Explanation {
  const found = incomeItems(input, { propertyId: property?.id, month });
  const { parts } = found;
  const breakdown = {
    income_share: cents(parts.share),
    management_fee: cents(parts.fee),
    own_expenses: cents(parts.own),
    ...(property === undefined ? { llc_expenses: cents(parts.llc) } : {}),
  };
  return {
    value: cents(value),
    headline: incomeHeadline(parts, property?.name ?? 'your properties', month),
    arithmetic: property !== undefined && month === undefined ? propertyIncomeArithmetic(found) : incomeArithmetic(found, { month }),
    items: found.items,
    parts: breakdown,
  };
}

function cashBalance(input: ExplainInput): Explanation {
  const { items } = incomeItems(input);
  const paidOut = cashWithdrawalItems(input);
  const [earned, paid] = [sumCents(items), -sumCents(paidOut)];
  return {
    value: cents(input.figures.cashBalance),
    headline: 'This is the income you have earned that has not been paid out to you yet.',
    arithmetic: [
      paid === 0 ? `Income earned, none of it paid out yet: ${usd(earned)}` : `${usd(earned)} income earned − ${usd(paid)} paid out to you = ${usd(earned - paid)}`,
    ],
    items: [...items, ...paidOut].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)),
    parts: { total_income: cents(earned), cash_withdrawals: cents(-paid) },
  };
}

function roi(input: ExplainInput, value: number, property?: { id: number; name: string }): Explanation {
  const keep = property === undefined ? undefined : (e: CapitalEvent) => e.propertyId === property.id;
  const { items } = incomeItems(input, { propertyId: property?.id });
  const peak = peakItems(input, keep);
  const [numerator, denominator] = [sumCents(items), sumCents(peak)];
  const reached = peak.at(-1)?.date;
  return {
    value: percentOf(value),
    headline:
      property === undefined
        ? 'This is your total income as a percentage of the most you have had invested at one time.'
        : `This is your income from ${property.name} as a percentage of the most you have had invested in it at one time.`,
    arithmetic:
      denominator === 0 || reached === undefined
        ? [`Nothing invested yet: ${pct(value)}`]
        : [
            `The most you had invested: ${usd(denominator)}, reached on ${dateWords(reached)}`,
            `${usd(numerator)} income ÷ ${usd(denominator)} = ${pct(value)}`,
          ],
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
  const asOfMonth = monthIndex(input.asOf);
  const [earned, capitalMonths] = [sumCents(items), sumCents(capital)];
  return {
    value: percentOf(value),
    headline:
      // A year still under way is annualised from its months so far.
      yearOf(asOfMonth) === year && asOfMonth % 12 !== 11
        ? `This is your income so far in ${year} as a yearly percentage of the money you had invested, counting the months up to ${monthWords(asOfMonth)}.`
        : `This is your ${year} income as a yearly percentage of the money you had invested during ${year}.`,
    arithmetic: [
      `Your capital, month by month: ${capitalMonthsWords(capital)}`,
      `${usd(earned)} income × 12 ÷ ${usd(capitalMonths)} = ${pct(value)}`,
    ],
    items: [...withPart(items, 'income'), ...withPart(capital, 'capital_months')],
    parts: { income: cents(earned), capital_months: cents(capitalMonths) },
  };
}

/**
 * The explanation of one figure, or with `month` of one history row (that month's amount of an
 * investment, income or withdrawal total, as the row shows it; other figures have no rows and ignore
 * it); undefined for a year the summary has no roi_per_year for.
 */
export function explainFigure(input: ExplainInput, figure: FigureRequest, month?: Month): Explanation | undefined {
  const f = input.figures;
  const property = (propertyId: number) => propertyFigures(input.books, input.allocation, input.investorId, propertyId);
  switch (figure.name) {
    case 'total_investments':
      return investments(input, month === undefined ? f.totalInvestments : rowOf(f.investmentsPerMonth, month), 'your properties', undefined, month);
    case 'total_rental_investments':
    case 'total_lc_investments':
    case 'total_other_investments': {
      const type = TYPE_OF_LINE[figure.name];
      const typeOf = new Map(input.books.properties.map((p) => [p.id, p.type]));
      return investments(input, f[LINE_FIGURE[figure.name]], TYPE_WORDS[type], (e) => typeOf.get(e.propertyId) === type);
    }
    case 'total_income':
      return income(input, month === undefined ? f.totalIncome : rowOf(f.cashflowPerMonth, month), undefined, month);
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
      return explainCapitalReturned(input, month);
    case 'cash_distributed':
      return explainCashDistributed(input, month);
    case 'property_total_investments': {
      const p = property(figure.propertyId);
      const value = month === undefined ? p.totalInvestments : rowOf(p.investmentsPerMonth, month);
      return investments(input, value, figure.propertyName, (e) => e.propertyId === figure.propertyId, month);
    }
    case 'property_total_income': {
      const p = property(figure.propertyId);
      const value = month === undefined ? p.totalIncome : rowOf(p.cashflowPerMonth, month);
      return income(input, value, { id: figure.propertyId, name: figure.propertyName }, month);
    }
    case 'property_total_roi':
      return roi(input, property(figure.propertyId).totalRoi, { id: figure.propertyId, name: figure.propertyName });
  }
}
