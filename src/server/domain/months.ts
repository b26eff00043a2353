import type { IsoDate } from './dates.js';

/** Months as integers (year × 12 + month − 1), so ranges and order are plain arithmetic. */
export type Month = number;

export const monthIndex = (date: IsoDate): Month => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;

/** 'YYYY-MM', the API's month key. */
export const monthKey = (m: Month): string => `${Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}`;

export const yearOf = (m: Month): number => Math.floor(m / 12);

/**
 * The mid-month convention of docs/rules/ownership.md: capital dated on day 1–15 counts from that month,
 * on day 16 or later from the next.
 */
export const effectiveMonth = (date: IsoDate): Month => monthIndex(date) + (Number(date.slice(8, 10)) > 15 ? 1 : 0);

const DAY_MS = 86_400_000;
const dayNumber = (date: IsoDate) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

/** Days of [start, end] (inclusive) falling in each month it touches: weights for period income (docs/rules/ledger.md "Period income"). */
export function daysPerMonth(start: IsoDate, end: IsoDate): { month: Month; days: number }[] {
  const out: { month: Month; days: number }[] = [];
  let cursor = dayNumber(start);
  const last = dayNumber(end);
  while (cursor <= last) {
    const d = new Date(cursor * DAY_MS);
    const m = d.getUTCFullYear() * 12 + d.getUTCMonth();
    const monthEnd = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) / DAY_MS - 1;
    const until = Math.min(monthEnd, last);
    out.push({ month: m, days: until - cursor + 1 });
    cursor = until + 1;
  }
  return out;
}
