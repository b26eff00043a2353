import type { ExplainResponse } from '../../../../contract/schemas/explain';
import { addDollars, centsOf, centsToDollars } from '../../../lib/cents';
import { csvFileName, dollarsColumn, type CsvColumn } from '../../../lib/csv-export';
import { partLabel, unitOf, type ExplainTarget, type Unit } from './explain-figures';

/** The answers of GET /api/explain as the panel shows them: one figure, or several added together. */

export type ExplainItem = ExplainResponse['items'][number];

export type Explanation = {
  /** The API's figure ('total_roi', 'roi_per_year:2024'), or the figures added ('a + b'). */
  figure: string;
  unit: Unit;
  value: number | null;
  /** The formula in words; a sum of figures starts with why they are added, then each one's formula. */
  formulas: string[];
  items: ExplainItem[];
  parts: Record<string, number>;
};

/**
 * One answer as it is; several (a merged line) as their sum: the value added in cents, each figure a
 * part, and each item under the figure it belongs to, so every group's items add up to its part.
 */
export function explanationOf(target: ExplainTarget, answers: readonly ExplainResponse[]): Explanation {
  const [only] = answers;
  if (answers.length === 1 && only) {
    return { figure: only.figure, unit: unitOf(only.figure), value: only.value, formulas: [only.formula], items: only.items, parts: only.parts };
  }
  const figures = answers.map((a) => a.figure);
  return {
    figure: figures.join(' + '),
    unit: 'dollars',
    value: addDollars(...answers.map((a) => a.value ?? 0)),
    formulas: [target.sumNote ?? `${target.title} = ${figures.join(' + ')}.`, ...answers.map((a) => a.formula)],
    items: answers.flatMap((a) => a.items.map((i) => ({ ...i, part: a.figure }))),
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

/** Whether an item belongs to a history row's month ('2024-07'): a month's item is dated its first day. */
export const inMonth = (item: ExplainItem, month: string | undefined): boolean => month !== undefined && item.date.slice(0, 7) === month;

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
