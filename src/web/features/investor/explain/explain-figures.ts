import { formatCurrency, formatMultiple, formatPercent } from '../../../lib/format';

/**
 * What "How is this calculated?" asks GET /api/explain for, and how the panel names and
 * shows the figures it answers. Pure, so the words and units are tested without a browser.
 */

/** A figure the page shows, as the panel asks for it. */
export type ExplainTarget = {
  /** What the page calls the figure: 'Total Income', 'Yearly ROI 2024', 'Income History 07/2024'. */
  title: string;
  /**
   * The API's figures it is made of: one, or several the page shows added together (the merged
   * 'Rental Investments' line, a month of distributions of both kinds).
   */
  figures: readonly [string] | readonly [string, string];
  /** A property's own figure (the property panel). */
  propertyName?: string;
  /** A history row's month ('2024-07'): the panel explains that month's amount, the row's figure. */
  month?: string;
  /** The title in the CSV's file name when it differs (a row's: 'Income History 2024-07'). */
  fileTitle?: string;
  /** Several figures added: the one sentence the panel starts with (given the row's month, if any). */
  sumNote?: (month: string | undefined) => string;
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

/**
 * The groups of a ratio's items (its numerator and denominator) and of a merged line's (the figures it
 * adds), in words; a part not listed reads as its name with spaces.
 */
const PART_WORDS: Record<string, string> = {
  total_income: 'Your income',
  peak_capital: 'The most you had invested',
  income: 'Your income in the year',
  capital_months: 'Your capital, month by month',
  returned: 'Paid to you, and what you still hold',
  invested: 'What you put in',
  // The figures a merged line adds up.
  total_rental_investments: 'Rental properties',
  total_lc_investments: 'Land-contract properties',
  total_other_investments: 'Other properties',
  capital_returned: 'Capital returned',
  cash_distributed: 'Income paid out',
};

export function partLabel(name: string): string {
  const words = PART_WORDS[name];
  if (words) return words;
  const spaced = name.replaceAll('_', ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** The accessible name of a trigger: "How is Total Income calculated?". */
export const explainLabel = (figureName: string): string => `How is ${figureName} calculated?`;
