import { formatCurrency, formatMultiple, formatPercent, formatRate } from '../../../lib/format';

/**
 * What "How is this calculated?" (issue 14) asks GET /api/explain for, and how the panel names and shows
 * the figures and parts it answers. Pure, so the words and units are tested without a browser.
 */

/** A figure the page shows, as the panel asks for it. */
export type ExplainTarget = {
  /** What the page calls the figure: 'Total Income', 'Yearly ROI 2024', 'Income from P'. */
  title: string;
  /**
   * The API's figures it is made of: one, or several the page shows added together (the merged
   * 'Rental Investments' line, a month of distributions of both kinds).
   */
  figures: readonly [string] | readonly [string, string];
  /** A property's own figure (the property panel). */
  propertyName?: string;
  /** A history row's month ('2024-07'): the panel marks that month's items. */
  month?: string;
  /** Why several figures are added: the sentence the panel puts before their formulas. */
  sumNote?: string;
};

export type Unit = 'dollars' | 'percent' | 'multiple';

/** The unit of a figure's value, as the summary answers it. */
export function unitOf(figure: string): Unit {
  if (figure === 'equity_multiple') return 'multiple';
  if (figure === 'total_roi' || figure === 'xirr' || figure.startsWith('roi_per_year:')) return 'percent';
  return 'dollars';
}

/** A value in its unit; null (an xirr or multiple that has none) reads as a dash. */
export function formatFigure(value: number | null, unit: Unit): string {
  if (value === null) return '—';
  if (unit === 'percent') return formatPercent(value);
  if (unit === 'multiple') return formatMultiple(value);
  return formatCurrency(value);
}

/** The parts of the answers in words; a part not listed reads as its name with spaces. */
const PART_WORDS: Record<string, string> = {
  investments: 'Investments',
  investment_withdrawals: 'Investment withdrawals',
  income_share: 'Income share',
  management_fee: 'Management fee',
  own_expenses: 'Own expenses',
  llc_expenses: 'LLC expenses',
  total_income: 'Total income',
  cash_withdrawals: 'Cash withdrawals',
  peak_capital: 'Peak capital',
  income: 'Income',
  capital_months: 'Capital-months (dollars × months)',
  returned: 'Returned',
  invested: 'Invested',
  rate: 'Rate as solved (unrounded)',
  net_present_value: 'Net present value at that rate',
  // The figures a merged line adds up.
  total_rental_investments: 'Rental Investments',
  total_lc_investments: 'Land Contract Investments',
  total_other_investments: 'Other Investments',
  capital_returned: 'Capital returned',
  cash_distributed: 'Cash distributed',
};

export function partLabel(name: string): string {
  const words = PART_WORDS[name];
  if (words) return words;
  const spaced = name.replaceAll('_', ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** A part's value: xirr's rate is a percent to six decimals, every other part is money. */
export const formatPart = (name: string, value: number): string => (name === 'rate' ? formatRate(value) : formatCurrency(value));

/**
 * A ratio's arithmetic with the numbers filled in, as the formula says it, e.g.
 * "100 × $10,042.50 ÷ $100,000.00 = 10.04%"; undefined for a figure that is not a ratio or lacks a part.
 */
export function arithmeticOf(figure: string, parts: Readonly<Record<string, number>>, value: number | null): string | undefined {
  const money = (name: string) => (parts[name] === undefined ? undefined : formatCurrency(parts[name]));
  const result = value === null ? '' : ` = ${formatFigure(value, unitOf(figure))}`;
  const terms =
    figure === 'total_roi' ? ['100 × ', money('total_income'), ' ÷ ', money('peak_capital')]
    : figure.startsWith('roi_per_year:') ? ['100 × ', money('income'), ' × 12 ÷ ', money('capital_months')]
    : figure === 'equity_multiple' ? ['', money('returned'), ' ÷ ', money('invested')]
    : undefined;
  // A zero denominator has no quotient to show (the server answers 0 or none for it).
  if (!terms || terms.some((t) => t === undefined) || parts[denominatorOf(figure)] === 0) return undefined;
  return `${terms.join('')}${result}`;
}

const denominatorOf = (figure: string): string =>
  figure === 'total_roi' ? 'peak_capital' : figure === 'equity_multiple' ? 'invested' : 'capital_months';

/**
 * A formula in words as its rule (the first sentence) and the sentences after it, each a rule of how a
 * term is counted, so a long formula reads as a list rather than a wall of text.
 */
export function splitFormula(text: string): { rule: string; details: string[] } {
  const [rule = '', ...details] = text.replace(/(\.\)?)\s+(?=[A-Z(])/g, '$1\n').split('\n');
  return { rule, details };
}

/** The accessible name of a trigger: "How is Total Income calculated?". */
export const explainLabel = (figureName: string): string => `How is ${figureName} calculated?`;
