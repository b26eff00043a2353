import type { CapitalEvent } from './allocation.js';
import type { ExplainInput, ExplainItem } from './explain-types.js';
import { count, dateWords, firstDay, monthWords, sumLine, usd } from './explain-words.js';
import { monthIndex, type Month } from './months.js';

/** The capital items of the explanations (docs/rules/ownership.md, docs/rules/cash.md, docs/rules/returns.md): entries, the peak, capital-months. */

const byDateThenId = (a: CapitalEvent, b: CapitalEvent) => (a.date !== b.date ? (a.date < b.date ? -1 : 1) : a.id - b.id);

export const capitalLabel = (e: CapitalEvent, propertyName: string): string =>
  e.cents >= 0 ? `Investment in ${propertyName}` : `Capital returned from ${propertyName}`;

const namesOf = (input: ExplainInput) => new Map(input.books.properties.map((p) => [p.id, p.name]));

/** The investor's capital entries that pass `keep` (and fall in `month`), in date order: investments +, withdrawals −. */
export function capitalEvents(input: ExplainInput, keep: (e: CapitalEvent) => boolean = () => true, month?: Month): CapitalEvent[] {
  return input.books.capital
    .filter((e) => e.investorId === input.investorId && keep(e) && (month === undefined || monthIndex(e.date) === month))
    .sort(byDateThenId);
}

export function capitalItems(input: ExplainInput, events: CapitalEvent[]): ExplainItem[] {
  const nameOf = namesOf(input);
  return events.map((e) => ({ date: e.date, label: capitalLabel(e, nameOf.get(e.propertyId) ?? ''), cents: e.cents }));
}

/**
 * The arithmetic of capital: over many months, what went into each property and what came back, then
 * the sum; in one month's row, each entry with its date.
 */
export function capitalArithmetic(input: ExplainInput, events: CapitalEvent[], { month }: { month?: Month } = {}): string[] {
  const nameOf = namesOf(input);
  if (month !== undefined) {
    const lines = events.map((e) => `${capitalLabel(e, nameOf.get(e.propertyId) ?? '')} on ${dateWords(e.date)}: ${usd(e.cents)}`);
    const total = sumLine(events.map((e) => e.cents), `Net for ${monthWords(month)}`);
    return total ? [...lines, total] : lines;
  }
  const byProperty = new Map<string, { name: string; in: number; out: number }>();
  for (const e of events) {
    const name = nameOf.get(e.propertyId) ?? '';
    const t = byProperty.get(name) ?? { name, in: 0, out: 0 };
    if (e.cents >= 0) t.in += e.cents;
    else t.out -= e.cents;
    byProperty.set(name, t);
  }
  const properties = [...byProperty.values()].sort((a, b) => a.name.localeCompare(b.name));
  const lines = properties.map((t) =>
    t.out === 0 ? `${t.name}: invested ${usd(t.in)}` : `${t.name}: ${usd(t.in)} invested − ${usd(t.out)} returned = ${usd(t.in - t.out)}`,
  );
  const total = sumLine(properties.map((t) => t.in - t.out), 'Total');
  return total ? [...lines, total] : lines;
}

/**
 * The entries up to the moment the running net capital first reaches its peak, replayed as
 * peakCapital replays them (by date; on one date withdrawals first), so they add up to the peak.
 */
export function peakItems(input: ExplainInput, keep: (e: CapitalEvent) => boolean = () => true): ExplainItem[] {
  const nameOf = namesOf(input);
  const ordered = input.books.capital
    .filter((e) => e.investorId === input.investorId && keep(e))
    .sort((a, b) =>
      a.date !== b.date ? (a.date < b.date ? -1 : 1) : Math.sign(a.cents) !== Math.sign(b.cents) ? a.cents - b.cents : a.id - b.id,
    );
  let running = 0;
  let peak = 0;
  let upTo = 0;
  ordered.forEach((e, k) => {
    running += e.cents;
    if (running > peak) [peak, upTo] = [running, k + 1];
  });
  let shown = 0;
  return ordered.slice(0, upTo).map((e) => {
    shown += e.cents;
    return { date: e.date, label: `${capitalLabel(e, nameOf.get(e.propertyId) ?? '')}, bringing you to ${usd(shown)} invested`, cents: e.cents };
  });
}

/**
 * Capital in each property in each month of a year up to as_of, as counted by the mid-month rule
 * (allocation.capitalAt): the capital-months behind roi_per_year (docs/rules/returns.md).
 */
export function capitalMonthItems(input: ExplainInput, year: number): ExplainItem[] {
  const nameOf = namesOf(input);
  const last = Math.min(year * 12 + 11, monthIndex(input.asOf));
  const pids = [...input.figures.propertyIds].sort((a, b) => (nameOf.get(a) ?? '').localeCompare(nameOf.get(b) ?? ''));
  const items: ExplainItem[] = [];
  for (let m: Month = year * 12; m <= last; m++) {
    for (const pid of pids) {
      const c = input.allocation.capitalAt(input.investorId, pid, m);
      if (c !== 0) items.push({ date: firstDay(m), label: `Your capital in ${nameOf.get(pid) ?? ''} during ${monthWords(m)}`, cents: c });
    }
  }
  return items;
}

/**
 * The capital-months of a year in one line: the months grouped by the capital you had in them,
 * "8 months × $100,000.00 + 4 months × $75,000.00 = $1,100,000.00".
 */
export function capitalMonthsWords(items: ExplainItem[]): string {
  const perMonth = new Map<string, number>();
  for (const i of items) perMonth.set(i.date, (perMonth.get(i.date) ?? 0) + i.cents);
  const groups = new Map<number, number>();
  for (const c of perMonth.values()) groups.set(c, (groups.get(c) ?? 0) + 1);
  const total = items.reduce((s, i) => s + i.cents, 0);
  const terms = [...groups].map(([cents, months]) => `${count(months, 'month')} × ${usd(cents)}`);
  return terms.length > 8 ? usd(total) : `${terms.join(' + ')} = ${usd(total)}`;
}
