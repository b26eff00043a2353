import { formatCurrency } from '../../../lib/format';

/**
 * "Is this right?": an amount far outside what the same category or property usually
 * sees is asked about before it is saved. A question, not a rule: the server takes any amount its schema
 * allows. Far outside: more than FACTOR times the median of the last entries, when there are at least
 * MIN_SAMPLE of them to judge by.
 */
export const FACTOR = 10;
export const MIN_SAMPLE = 3;

/** The median of whole cents (of two middles, their mean: possibly half a cent). */
export function medianCents(cents: readonly number[]): number {
  const sorted = [...cents].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * The question to ask of `amountCents` against the last entries like it, or null: none when the sample
 * is too small to judge by or the amount is within FACTOR times its median. `what` names the entries
 * ("Late Fee income for Oak Street").
 */
export function unusualAmountQuestion(amountCents: number, sample: readonly number[], what: string): string | null {
  if (sample.length < MIN_SAMPLE || amountCents <= 0) return null;
  const median = medianCents(sample);
  if (median <= 0 || amountCents <= FACTOR * median) return null;
  const times = Math.floor(amountCents / median);
  return `${formatCurrency(amountCents / 100)} is ${times} times the usual ${what}: the median of the last ${sample.length} is ` +
    `${formatCurrency(Math.round(median) / 100)}.`;
}
