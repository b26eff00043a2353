import { inet, type PropertyMonth } from './allocation.js';
import { apportion, roundDiv } from './apportion.js';
import type { ExplainInput, ExplainItem } from './explain-types.js';
import { count, feeRate, firstDay, shareWords, sumLine, usd } from './explain-words.js';
import { monthIndex, yearOf, type Month } from './months.js';

/**
 * The items of an investor's income (docs/rules/ownership.md, docs/rules/cash.md) in words: one per property and month (your
 * share of its net income, less the management fee and your own expenses) and one per LLC expense
 * (your share by capital). They are the allocation's own amounts, so they add up to the income to the
 * cent. Each item says its own arithmetic, either in its label (a panel of many months) or as a line
 * of its own above a short label (one month's row, where the arithmetic is the point).
 */

export type IncomeParts = { share: number; fee: number; own: number; llc: number };

export type IncomeFilter = { propertyId?: number; year?: number; month?: Month };

/** What one property brought over the items kept: share, fees, own expenses, and in how many months. */
type PropertyTotals = { name: string; months: number; g: number; f: number; ei: number };

export type IncomeItems = {
  items: ExplainItem[];
  parts: IncomeParts;
  /** Each item's arithmetic as a line ("Oak Street Duplex: $1,200.00 net income × …"), in the items' order. */
  lines: string[];
  /** The properties' totals, by name. */
  properties: PropertyTotals[];
};

/** Where the cumulative share of a property stood before and after a month: the fee's high-water mark. */
type FeeStep = { before: number; after: number };

/** The fee rate in force for an investor in a month (the fee history, as the allocation reads it). */
function rateAt(input: ExplainInput, m: Month): number {
  let bps = 0;
  const history = input.books.fees.filter((f) => f.investorId === input.investorId).sort((a, b) => monthIndex(a.month) - monthIndex(b.month));
  for (const f of history) {
    if (monthIndex(f.month) > m) break;
    bps = f.bps;
  }
  return bps;
}

/** The cumulative share of each property, month by month, replayed as the allocation's fee replays it. */
function feeSteps(input: ExplainInput): Map<number, Map<Month, FeeStep>> {
  const steps = new Map<number, Map<Month, FeeStep>>();
  const months = [...(input.allocation.investors.get(input.investorId) ?? new Map())].sort((a, b) => a[0] - b[0]);
  const cumulative = new Map<number, number>();
  for (const [m, im] of months) {
    for (const [pid, pm] of im.byProperty) {
      if (pm.g === 0) continue;
      const before = cumulative.get(pid) ?? 0;
      cumulative.set(pid, before + pm.g);
      let of = steps.get(pid);
      if (!of) steps.set(pid, (of = new Map()));
      of.set(m, { before, after: before + pm.g });
    }
  }
  return steps;
}

/** The management fee of one property-month in words, as a term after the share ('' when there is none to say). */
function feeWords(pm: PropertyMonth, step: FeeStep | undefined, bps: number): string {
  const rate = bps > 0 ? `the ${feeRate(bps)} management fee` : 'the management fee';
  if (pm.f > 0) {
    // The fee is rounded on its running total, so a month's fee can differ by a cent from its own rate × share.
    const base = step && step.before < 0 ? step.after : pm.g;
    const rounded = Number(roundDiv(BigInt(base) * BigInt(bps), 10000n)) !== pm.f ? ' (rounded by a cent on the running total of your fees)' : '';
    return step && step.before < 0
      ? `, less ${rate} ${usd(pm.f)} on the ${usd(step.after)} above your earlier losses on it${rounded}`
      : `, less ${rate} ${usd(pm.f)}${rounded}`;
  }
  if (pm.f < 0) return `, plus ${usd(-pm.f)} of earlier management fees given back`;
  return '';
}

/** A month with a fee rate but no fee: the share has not yet made up the property's earlier losses. */
const feeWaits = (pm: PropertyMonth, step: FeeStep | undefined, bps: number) => pm.f === 0 && pm.g > 0 && bps > 0 && step !== undefined && step.after <= 0;

/** "$1,200.00 net income × your 25% share = $300.00, less the 5% management fee $15.00 = $285.00". */
function propertyMonthWords(input: ExplainInput, pid: number, m: Month, pm: PropertyMonth, step: FeeStep | undefined): string {
  if (pm.g === 0 && pm.f === 0) return `your own expenses ${usd(pm.ei)}, taken off = ${usd(-pm.ei)}`;
  const net = input.allocation.net.get(pid)?.get(m);
  const owners = input.allocation.ownersAt(pid, m);
  let text =
    net !== undefined && owners?.has(input.investorId)
      ? `${net < 0 ? `a ${usd(-net)} net loss` : `${usd(net)} net income`} × ${shareWords(owners, input.investorId, net, pm.g)} = ${usd(pm.g)}`
      : `your share of its net income ${usd(pm.g)}`;
  const bps = rateAt(input, m);
  text += feeWords(pm, step, bps);
  if (pm.ei > 0) text += `, less your own expenses ${usd(pm.ei)}`;
  if (pm.ei < 0) text += `, plus ${usd(-pm.ei)} of your own expenses credited back`;
  if (pm.f !== 0 || pm.ei !== 0) text += ` = ${usd(inet(pm))}`;
  // Said after the sum, so the line still ends at the month's amount.
  return feeWaits(pm, step, bps) ? `${text}; no management fee until your earlier losses on it are made up, so ${usd(inet(pm))}` : text;
}

const kept = (filter: IncomeFilter, m: Month) => (filter.year === undefined || yearOf(m) === filter.year) && (filter.month === undefined || m === filter.month);

type Built = { item: ExplainItem; line: string };

/** One item per (property, month) with an amount, months in order, properties by name. */
function propertyMonthItems(input: ExplainInput, filter: IncomeFilter, parts: IncomeParts, totals: Map<number, PropertyTotals>): Built[] {
  const nameOf = new Map(input.books.properties.map((p) => [p.id, p.name]));
  const steps = feeSteps(input);
  const months = [...(input.allocation.investors.get(input.investorId) ?? new Map())].sort((a, b) => a[0] - b[0]);
  const built: Built[] = [];
  for (const [m, im] of months) {
    if (!kept(filter, m)) continue;
    const cells = [...im.byProperty].sort((a, b) => (nameOf.get(a[0]) ?? '').localeCompare(nameOf.get(b[0]) ?? ''));
    for (const [pid, pm] of cells) {
      if (filter.propertyId !== undefined && pid !== filter.propertyId) continue;
      if (pm.g === 0 && pm.f === 0 && pm.ei === 0) continue;
      parts.share += pm.g;
      parts.fee -= pm.f;
      parts.own -= pm.ei;
      const name = nameOf.get(pid) ?? '';
      const t = totals.get(pid) ?? { name, months: 0, g: 0, f: 0, ei: 0 };
      totals.set(pid, { name, months: t.months + 1, g: t.g + pm.g, f: t.f + pm.f, ei: t.ei + pm.ei });
      const words = propertyMonthWords(input, pid, m, pm, steps.get(pid)?.get(m));
      const short = filter.month !== undefined;
      built.push({
        // The item's date says its month; a month's row says the arithmetic in a line above its items.
        item: { date: firstDay(m), label: short ? `Income from ${name}` : `${name}: ${words}`, cents: inet(pm) },
        line: `${name}: ${words}`,
      });
    }
  }
  return built;
}

/**
 * The investor's share of each LLC expense, split as the allocation splits it (the same weights, the
 * same largest-remainder rule), so the shares add up to the allocation's L(i, m).
 */
function llcExpenseItems(input: ExplainInput, filter: IncomeFilter, parts: IncomeParts): Built[] {
  const built: Built[] = [];
  for (const e of [...input.books.llcExpenses].sort((a, b) => (a.date !== b.date ? (a.date < b.date ? -1 : 1) : a.id - b.id))) {
    const m = monthIndex(e.date);
    if (!kept(filter, m)) continue;
    const owners = input.allocation.llcOwnersAt(e.llcId, m);
    if (!owners?.has(input.investorId)) continue;
    const share = apportion(-e.cents, [...owners].map(([key, weight]) => ({ key, weight }))).get(input.investorId) ?? 0;
    if (share === 0) continue;
    parts.llc += share;
    const words = input.llcExpenseWords.get(e.id);
    const what = words ? `${words.llcName} expense, ${words.category}${words.description ? ` (${words.description})` : ''}` : 'An LLC expense';
    const line = `${what}: ${usd(-e.cents)} × ${shareWords(owners, input.investorId, -e.cents, share).replace(' share', ' share of the LLC')} = ${usd(share)}`;
    built.push({ item: { date: e.date, label: filter.month !== undefined ? what : line, cents: share }, line });
  }
  return built;
}

/** The income items in date order; a property's income leaves the LLC expenses out (docs/rules/cash.md). */
export function incomeItems(input: ExplainInput, filter: IncomeFilter = {}): IncomeItems {
  const parts: IncomeParts = { share: 0, fee: 0, own: 0, llc: 0 };
  const totals = new Map<number, PropertyTotals>();
  const built = [...propertyMonthItems(input, filter, parts, totals), ...(filter.propertyId === undefined ? llcExpenseItems(input, filter, parts) : [])];
  // A stable sort: within a date, property months before LLC expenses, as built.
  built.sort((a, b) => (a.item.date < b.item.date ? -1 : a.item.date > b.item.date ? 1 : 0));
  return {
    items: built.map((b) => b.item),
    lines: built.map((b) => b.line),
    parts,
    properties: [...totals.values()].sort((a, b) => a.name.localeCompare(b.name)),
  };
}

/** "12 months: your share $12,200.00, less management fees $1,220.00 = $10,980.00". */
function propertyTotalWords(t: PropertyTotals): string {
  let text = `${count(t.months, 'month')}: your share ${usd(t.g)}`;
  if (t.f > 0) text += `, less management fees ${usd(t.f)}`;
  if (t.f < 0) text += `, plus ${usd(-t.f)} of management fees given back`;
  if (t.ei !== 0) text += `, less your own expenses ${usd(t.ei)}`;
  return t.f !== 0 || t.ei !== 0 ? `${text} = ${usd(t.g - t.f - t.ei)}` : text;
}

/**
 * The arithmetic of an income over many months: each property's share, fees and own expenses added up,
 * the LLC expenses, and the sum. One month's row shows each item's own arithmetic instead.
 */
export function incomeArithmetic(income: IncomeItems, { month }: { month?: Month } = {}): string[] {
  if (month !== undefined) {
    const total = sumLine(income.items.map((i) => i.cents), 'Income of the month');
    return total ? [...income.lines, total] : income.lines;
  }
  const lines = income.properties.map((t) => `${t.name}, ${propertyTotalWords(t)}`);
  const llc = income.parts.llc;
  if (llc !== 0) lines.push(`Your share of LLC expenses: ${usd(llc)}`);
  const total = sumLine([...income.properties.map((t) => t.g - t.f - t.ei), ...(llc !== 0 ? [llc] : [])], 'Total');
  return total ? [...lines, total] : lines;
}

/** The arithmetic of one property's income: a line, since the property's months are the items. */
export const propertyIncomeArithmetic = (income: IncomeItems): string[] =>
  income.properties.map((t) => `Over ${propertyTotalWords(t).replace(': your share', ', your share of its net income')}`);
