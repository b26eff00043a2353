import type { ExplainFigure, ExplainResponse } from '../../../contract/schemas/explain.js';
import type { Explanation, Quantity } from '../../domain/explain-types.js';
import { centsToDollars } from '../../domain/money.js';

/** The figures whose explanation shows the LLC expenses behind them (the investor's own income). */
export const SHOWS_LLC_EXPENSES = new Set<string>(['total_income', 'cash_balance', 'total_roi', 'roi_per_year']);

export const figureText = (f: ExplainFigure) => (f.name === 'roi_per_year' ? `roi_per_year:${f.year}` : f.name);

/** Dollars for money, the number itself for a percent or a multiple (the summary's units). */
const number = (q: Quantity) => (q.unit === 'cents' ? centsToDollars(q.n) : q.n);

/** An explanation as the API answers it. */
export function explainAnswer(figure: string, e: Explanation, month: string | undefined): ExplainResponse {
  const parts: Record<string, number> = {};
  for (const [name, q] of Object.entries(e.parts)) {
    const n = number(q);
    if (n !== null) parts[name] = n;
  }
  return {
    figure,
    value: number(e.value),
    formula: [e.headline, ...e.arithmetic].join('\n'),
    headline: e.headline,
    arithmetic: e.arithmetic,
    ...(month ? { month: month.slice(0, 7) } : {}),
    items: e.items.map((i) => ({ date: i.date, label: i.label, amount: centsToDollars(i.cents), ...(i.part ? { part: i.part } : {}) })),
    parts,
  };
}
