import { dateText, monthText, percentText } from '../../contract/values/human-format.js';
import { percent, roundDiv } from './apportion.js';
import type { IsoDate } from './dates.js';
import { usd as plainUsd } from './money.js';
import { monthKey, type Month } from './months.js';

/**
 * The words of the explanations: amounts, percents, months and dates as the page
 * writes them ("$1,234.56", "-$40.00", "10.04%", "07/2024", "07/01/2024"), and the one line of
 * arithmetic every panel ends with. No identifiers, no formula symbols: a person reads these.
 */

/** Cents as dollars with thousands separators, a negative one as the page writes it: "-$40.00". */
export const usd = (cents: number): string => plainUsd(cents);

/** A percent as the summary answers it, two decimals: "10.04%". */
export const pct = (value: number): string => percentText(value);

/** An owner's weight as a percent of all weights, two decimals without trailing zeros ("75%", "66.67%"). */
export function shareOf(weights: Map<number, number>, key: number): string {
  const all = [...weights.values()].reduce((s, w) => s + w, 0);
  return `${String(percent(weights.get(key) ?? 0, all))}%`;
}

/**
 * An owner's share of an amount in words a reader can check by hand: "your 25% share" when the percent
 * is exact; otherwise with the capital it comes from, "your 42.86% share ($15,000.00 of $35,000.00
 * capital)"; and when a cent went to another owner (or came from one) so that the owners' shares add up
 * to the whole amount, it says so.
 */
export function shareWords(weights: Map<number, number>, key: number, amount: number, result: number): string {
  const all = [...weights.values()].reduce((s, w) => s + w, 0);
  const mine = weights.get(key) ?? 0;
  const notes: string[] = [];
  if (all > 0 && (BigInt(mine) * 10000n) % BigInt(all) !== 0n) notes.push(`${usd(mine)} of ${usd(all)} capital`);
  if (all > 0 && Number(roundDiv(BigInt(amount) * BigInt(mine), BigInt(all))) !== result) notes.push('rounded by a cent so the owners’ shares add up to the whole');
  return `your ${shareOf(weights, key)} share${notes.length > 0 ? ` (${notes.join('; ')})` : ''}`;
}

/** A fee rate in basis points as a percent: 1000 → "10%", 250 → "2.5%". */
export const feeRate = (bps: number): string => `${String(bps / 100)}%`;

/** A month as the page writes it: "07/2024". */
export const monthWords = (m: Month): string => monthText(monthKey(m));

/** A date as the page writes it: "2024-07-01" → "07/01/2024". */
export const dateWords = (date: IsoDate): string => dateText(date);

/** A month's item is dated the month's first day. */
export const firstDay = (m: Month): IsoDate => `${monthKey(m)}-01`;

/** "1 payment", "3 payments". */
export const count = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** More terms than this make a sum line nobody reads; the lines above it then carry the total alone. */
const MAX_TERMS = 8;

/**
 * Amounts added up as a person writes it: "$1,350.00 + $900.00 − $187.50 = $2,062.50". Several terms
 * give the sum; one term gives nothing (the line above already says it); too many give the total alone.
 */
export function sumLine(terms: readonly number[], lead = 'Together'): string | undefined {
  if (terms.length < 2) return undefined;
  const total = terms.reduce((s, t) => s + t, 0);
  if (terms.length > MAX_TERMS) return `${lead}: ${usd(total)}`;
  const [first = 0, ...rest] = terms;
  const text = rest.reduce((line, t) => `${line} ${t < 0 ? '−' : '+'} ${usd(Math.abs(t))}`, usd(first));
  return `${lead}: ${text} = ${usd(total)}`;
}

export { monthKey };
