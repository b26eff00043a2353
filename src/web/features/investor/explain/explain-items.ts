import type { ExplainResponse } from '../../../../contract/schemas/explain';
import { addDollars, centsOf, centsToDollars } from '../../../lib/cents';
import { csvFileName, dollarsColumn, type CsvColumn } from '../../../lib/csv-export';
import { formatCurrency } from '../../../lib/format';
import { partLabel, unitOf, type ExplainTarget, type Unit } from './explain-figures';

/** The answers of GET /api/explain as the panel shows them: one figure, or several added together. */

export type ExplainItem = ExplainResponse['items'][number];

export type Explanation = {
  /** The API's figure ('total_roi', 'roi_per_year:2024'), or the figures added ('a + b'). */
  figure: string;
  unit: Unit;
  value: number | null;
  /** One sentence saying what the figure is. */
  headline: string;
  /** The worked arithmetic with the real numbers, a line each; a sum of figures ends with their sum. */
  arithmetic: string[];
  items: ExplainItem[];
  parts: Record<string, number>;
};

/** An answer's sentence and arithmetic; from its formula's lines when the server sends only the formula. */
function wordsOf(a: ExplainResponse): { headline: string; arithmetic: string[] } {
  if (a.headline !== undefined) return { headline: a.headline, arithmetic: a.arithmetic ?? [] };
  const [headline = '', ...arithmetic] = a.formula.split('\n');
  return { headline, arithmetic };
}

/**
 * One answer as it is; several (a merged line) as their sum: the value added in cents, each figure a
 * part, and, when more than one has items, each item under the figure it belongs to, so every group's
 * items add up to its part. A merged line starts with its own sentence, then each figure's arithmetic,
 * then the sum of those that are not zero (none when one alone is: its arithmetic ends at the sum).
 */
export function explanationOf(target: ExplainTarget, answers: readonly ExplainResponse[]): Explanation {
  const [only] = answers;
  if (answers.length === 1 && only) {
    return { figure: only.figure, unit: unitOf(only.figure), value: only.value, ...wordsOf(only), items: only.items, parts: only.parts };
  }
  const figures = answers.map((a) => a.figure);
  const value = addDollars(...answers.map((a) => a.value ?? 0));
  const counted = answers.filter((a) => (a.value ?? 0) !== 0);
  const sum = counted.length > 1 ? [`${counted.map((a) => `${partLabel(a.figure)} ${formatCurrency(a.value ?? 0)}`).join(' + ')} = ${formatCurrency(value)}`] : [];
  const grouped = answers.filter((a) => a.items.length > 0).length > 1;
  return {
    figure: figures.join(' + '),
    unit: 'dollars',
    value,
    headline: target.sumNote?.(target.month) ?? `${target.title} adds up ${figures.map(partLabel).join(' and ')}.`,
    arithmetic: [...answers.flatMap((a) => wordsOf(a).arithmetic), ...sum],
    items: answers.flatMap((a) => (grouped ? a.items.map((i) => ({ ...i, part: a.figure })) : a.items)),
    parts: Object.fromEntries(answers.map((a) => [a.figure, a.value ?? 0])),
  };
}

/** Items under one part (or, for a sum, all of them), with their total in cents. */
export type ItemGroup = { part?: string; items: ExplainItem[]; totalCents: number };

/** The items grouped by part in the order the answer gives them; the totals are added in cents. */
export function itemGroups(items: readonly ExplainItem[]): ItemGroup[] {
  const groups: ItemGroup[] = [];
  for (const item of items) {
    let group = groups.find((g) => g.part === item.part);
    if (!group) groups.push((group = { part: item.part, items: [], totalCents: 0 }));
    group.items.push(item);
    group.totalCents += centsOf(item.amount);
  }
  return groups;
}

export const groupTotal = (group: ItemGroup): number => centsToDollars(group.totalCents);

/** The items as CSV: date, the item in words, the amount to the cent, and the part when a ratio has parts. */
export function explainCsvColumns(items: readonly ExplainItem[]): CsvColumn<ExplainItem>[] {
  const columns: CsvColumn<ExplainItem>[] = [
    { header: 'Date', kind: 'date', value: (i) => i.date },
    { header: 'Item', kind: 'text', value: (i) => i.label },
    dollarsColumn('Amount', (i) => i.amount),
  ];
  return items.some((i) => i.part) ? [...columns, { header: 'Part', kind: 'text', value: (i) => i.part && partLabel(i.part) }] : columns;
}

/** "Total Income calculation - A.csv". */
export const explainCsvName = (title: string, investorName: string): string => csvFileName(`${title} calculation`, investorName);
