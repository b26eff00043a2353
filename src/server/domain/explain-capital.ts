import type { CapitalEvent } from './allocation.js';
import type { ExplainInput, ExplainItem } from './explain-types.js';
import { firstDay, monthKey, usd } from './explain-words.js';
import { monthIndex, type Month } from './months.js';

/** The capital items of the explanations (domain.md §4.1, §4.7, §4.9): entries, the peak, capital-months. */

const byDateThenId = (a: CapitalEvent, b: CapitalEvent) => (a.date !== b.date ? (a.date < b.date ? -1 : 1) : a.id - b.id);

export const capitalLabel = (e: CapitalEvent, propertyName: string): string =>
  e.cents >= 0 ? `Investment in ${propertyName}` : `Investment withdrawal from ${propertyName} (return of capital)`;

const namesOf = (input: ExplainInput) => new Map(input.books.properties.map((p) => [p.id, p.name]));

/** The investor's capital entries that pass `keep`, in date order: investments +, withdrawals −. */
export function capitalItems(input: ExplainInput, keep: (e: CapitalEvent) => boolean = () => true): ExplainItem[] {
  const nameOf = namesOf(input);
  return input.books.capital
    .filter((e) => e.investorId === input.investorId && keep(e))
    .sort(byDateThenId)
    .map((e) => ({ date: e.date, label: capitalLabel(e, nameOf.get(e.propertyId) ?? ''), cents: e.cents }));
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
    return { date: e.date, label: `${capitalLabel(e, nameOf.get(e.propertyId) ?? '')}: running capital ${usd(shown)}`, cents: e.cents };
  });
}

/**
 * Capital in each property in each month of a year up to as_of, as counted by the mid-month rule
 * (allocation.capitalAt): the capital-months behind roi_per_year (§4.9).
 */
export function capitalMonthItems(input: ExplainInput, year: number): ExplainItem[] {
  const nameOf = namesOf(input);
  const last = Math.min(year * 12 + 11, monthIndex(input.asOf));
  const pids = [...input.figures.propertyIds].sort((a, b) => (nameOf.get(a) ?? '').localeCompare(nameOf.get(b) ?? ''));
  const items: ExplainItem[] = [];
  for (let m: Month = year * 12; m <= last; m++) {
    for (const pid of pids) {
      const c = input.allocation.capitalAt(input.investorId, pid, m);
      if (c !== 0) items.push({ date: firstDay(m), label: `Capital in ${nameOf.get(pid) ?? ''} during ${monthKey(m)}`, cents: c });
    }
  }
  return items;
}
