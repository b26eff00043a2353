import { inet, type PropertyMonth } from './allocation.js';
import { apportion } from './apportion.js';
import type { ExplainInput, ExplainItem } from './explain-types.js';
import { firstDay, minusTerm, monthKey, shareOf, usd } from './explain-words.js';
import { monthIndex, yearOf, type Month } from './months.js';

/**
 * The items of an investor's income (domain.md §4.4–§4.6): one per property and month (income share −
 * management fee − own expenses = Inet) and one per LLC expense (the investor's share by capital). They
 * are the allocation's own amounts, so they add up to total_income to the cent.
 */

/** The words every income formula ends with: the rules behind each monthly item. */
export const INCOME_RULES =
  "Each month's income share is the property's net income for that month (income and land-contract payments " +
  'less property expenses, by the month they belong to) split between its owners by their capital that month, ' +
  'cents by the largest remainder. Capital counts by the mid-month rule: an investment or withdrawal dated the ' +
  '1st to the 15th counts from its month, the 16th or later from the next month (before a property is funded, ' +
  'its first owners take its items). The management fee follows the fee high-water mark: your fee rate on each ' +
  "property's cumulative share above zero, so no fee while the cumulative share is at or below zero, and fees come " +
  'back when it falls. Your own property expenses are yours in full.';

export const LLC_RULE = "LLC expenses are split between the LLC's investors by capital in the LLC's properties in the expense's month.";

export type IncomeParts = { share: number; fee: number; own: number; llc: number };

export type IncomeFilter = { propertyId?: number; year?: number };

function propertyMonthLabel(input: ExplainInput, pid: number, m: Month, pm: PropertyMonth, name: string): string {
  const where = `${name}, ${monthKey(m)}`;
  const net = input.allocation.net.get(pid)?.get(m);
  const owners = input.allocation.ownersAt(pid, m);
  let text =
    net !== undefined && owners?.has(input.investorId)
      ? `Income share, ${where}: ${usd(net)} × ${shareOf(owners, input.investorId)} = ${usd(pm.g)}`
      : `Income share, ${where}: ${usd(pm.g)}`;
  if (pm.f !== 0) text += minusTerm('fee', pm.f);
  if (pm.ei !== 0) text += minusTerm('own expenses', pm.ei);
  return pm.f !== 0 || pm.ei !== 0 ? `${text} = ${usd(inet(pm))}` : text;
}

/** One item per (property, month) with an amount, months in order, properties by name. */
function propertyMonthItems(input: ExplainInput, filter: IncomeFilter, parts: IncomeParts): ExplainItem[] {
  const nameOf = new Map(input.books.properties.map((p) => [p.id, p.name]));
  const months = [...(input.allocation.investors.get(input.investorId) ?? new Map())].sort((a, b) => a[0] - b[0]);
  const items: ExplainItem[] = [];
  for (const [m, im] of months) {
    if (filter.year !== undefined && yearOf(m) !== filter.year) continue;
    const cells = [...im.byProperty].sort((a, b) => (nameOf.get(a[0]) ?? '').localeCompare(nameOf.get(b[0]) ?? ''));
    for (const [pid, pm] of cells) {
      if (filter.propertyId !== undefined && pid !== filter.propertyId) continue;
      if (pm.g === 0 && pm.f === 0 && pm.ei === 0) continue;
      parts.share += pm.g;
      parts.fee -= pm.f;
      parts.own -= pm.ei;
      items.push({ date: firstDay(m), label: propertyMonthLabel(input, pid, m, pm, nameOf.get(pid) ?? ''), cents: inet(pm) });
    }
  }
  return items;
}

/**
 * The investor's share of each LLC expense, split as the allocation splits it (the same weights, the
 * same largest-remainder rule), so the shares add up to the allocation's L(i, m).
 */
function llcExpenseItems(input: ExplainInput, filter: IncomeFilter, parts: IncomeParts): ExplainItem[] {
  const items: ExplainItem[] = [];
  for (const e of [...input.books.llcExpenses].sort((a, b) => (a.date !== b.date ? (a.date < b.date ? -1 : 1) : a.id - b.id))) {
    const m = monthIndex(e.date);
    if (filter.year !== undefined && yearOf(m) !== filter.year) continue;
    const owners = input.allocation.llcOwnersAt(e.llcId, m);
    if (!owners?.has(input.investorId)) continue;
    const share = apportion(-e.cents, [...owners].map(([key, weight]) => ({ key, weight }))).get(input.investorId) ?? 0;
    if (share === 0) continue;
    parts.llc += share;
    const words = input.llcExpenseWords.get(e.id);
    const what = words ? `${words.llcName}, ${words.category}${words.description ? ` (${words.description})` : ''}` : 'LLC';
    items.push({
      date: e.date,
      label: `LLC expense, ${what}: ${usd(e.cents)} × ${shareOf(owners, input.investorId)} by capital = ${usd(share)}`,
      cents: share,
    });
  }
  return items;
}

/** The income items in date order; a property's income leaves the LLC expenses out (domain.md §4.6). */
export function incomeItems(input: ExplainInput, filter: IncomeFilter = {}): { items: ExplainItem[]; parts: IncomeParts } {
  const parts: IncomeParts = { share: 0, fee: 0, own: 0, llc: 0 };
  const items = [...propertyMonthItems(input, filter, parts), ...(filter.propertyId === undefined ? llcExpenseItems(input, filter, parts) : [])];
  // A stable sort: within a date, property months before LLC expenses, as built.
  items.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return { items, parts };
}
