import type { Explanation } from './explain-types.js';
import { pct, usd } from './explain-words.js';

/**
 * The rules of an explanation's words, as one pure check the tests run over every panel
 * they can reach (random ledgers, the Maple books, the demo): one sentence first, then arithmetic that
 * ends at the figure, and nowhere a word a developer writes and an investor does not read.
 */

/** What a developer writes and an investor does not read, with what it is. */
const DEVELOPER_WORDS: readonly [RegExp, string][] = [
  [/\b[A-Za-z]+_[A-Za-z0-9_]*\b/, 'an identifier'],
  [/[Σ∑]/, 'a sum sign'],
  [/\b(?:Newton|bisection|solver|solves?|solved|unrounded|iterations?|tolerance|bracket)\b/i, 'solver words'],
  [/\de[-+]?\d/i, 'a number in exponent form'],
  [/\b(?:null|undefined|NaN|Infinity|true|false)\b/, 'a programming value'],
  [/\b(?:xirr|roi|inet|cashflow|formula)\b/, 'a name from the code'],
  [/\b\d{4}-\d{2}\b/, 'a date as a machine writes it'],
  [/[{}<>]|\[|\]/, 'brackets of code'],
  [/\bHere:/, 'a note glued to a rule'],
];

/** The words of one panel, as the API or the domain gives them. */
export type PanelWords = {
  headline: string;
  arithmetic: readonly string[];
  labels: readonly string[];
  /** The figure as the page writes it ("$3,379.75", "10.04%", "1.10×"); null when it has none. */
  valueText: string | null;
};

/**
 * What is wrong with a panel's words; empty when nothing is. `quoted`: what the admin typed into the
 * books (descriptions, names), which the panel quotes as written: it is left out of the word rules.
 */
export function plainWordsProblems(words: PanelWords, { quoted = [] }: { quoted?: readonly string[] } = {}): string[] {
  const problems: string[] = [];
  const typed = [...quoted].filter(Boolean).sort((a, b) => b.length - a.length);
  const ours = (text: string) => typed.reduce((s, q) => s.replaceAll(q, '…'), text);
  const { headline, arithmetic, labels, valueText } = words;
  if (!/^[A-Z]/.test(headline) || !/[.]$/.test(headline)) problems.push(`the headline is not a sentence: ${JSON.stringify(headline)}`);
  if (/[.!?]\s+[A-Z]/.test(ours(headline))) problems.push(`the headline is more than one sentence: ${JSON.stringify(headline)}`);
  if (labels.length > 0 && arithmetic.length === 0) problems.push('items without arithmetic');
  const last = arithmetic.at(-1);
  if (valueText !== null && last !== undefined && !last.endsWith(valueText)) {
    problems.push(`the arithmetic does not end at the figure ${valueText}: ${JSON.stringify(last)}`);
  }
  for (const text of [headline, ...arithmetic, ...labels].map(ours)) {
    for (const [pattern, what] of DEVELOPER_WORDS) {
      const found = pattern.exec(text);
      if (found) problems.push(`${what} (${JSON.stringify(found[0])}) in ${JSON.stringify(text)}`);
    }
  }
  return problems;
}

/** A domain explanation's words: its value written as the page writes it. */
export function wordsOf(e: Explanation): PanelWords {
  const { unit, n } = e.value;
  const valueText = n === null ? null : unit === 'cents' ? usd(n) : unit === 'percent' ? pct(n) : `${n.toFixed(2)}×`;
  return { headline: e.headline, arithmetic: e.arithmetic, labels: e.items.map((i) => i.label), valueText };
}
