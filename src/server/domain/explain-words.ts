import { percent } from './apportion.js';
import type { IsoDate } from './dates.js';
import { usd as plainUsd } from './money.js';
import { monthKey, type Month } from './months.js';

/** The words of the explanations (issue 14): amounts as an investor reads them, e.g. "$1,234.56", "−$40.00". */

const MINUS = '\u2212';

/** Cents as dollars with thousands separators; the sign is a minus sign, as in the formulas. */
export const usd = (cents: number): string => (cents < 0 ? MINUS + plainUsd(-cents) : plainUsd(cents));

/** " − $40.00" or " + $40.00": a term added to a line of arithmetic. */
export const minusTerm = (name: string, cents: number): string =>
  cents >= 0 ? ` ${MINUS} ${name} ${usd(cents)}` : ` + ${name} back ${usd(-cents)}`;

/** An owner's weight as a percent of all weights, two decimals without trailing zeros ("75%", "66.67%"). */
export function shareOf(weights: Map<number, number>, key: number): string {
  const all = [...weights.values()].reduce((s, w) => s + w, 0);
  return `${String(percent(weights.get(key) ?? 0, all))}%`;
}

/** A month's item is dated the month's first day. */
export const firstDay = (m: Month): IsoDate => `${monthKey(m)}-01`;

export { MINUS, monthKey };
