import { isValidDate } from '../../contract/values/calendar.js';

/**
 * Calendar dates are ISO text 'YYYY-MM-DD' without a time zone (docs/rules/README.md); months are stored as
 * their first day. The supported range is the date pickers' 1900–2099 (docs/product.md "Formats and constants").
 */
export type IsoDate = string;

/** The first day of the date's month. */
export const monthOf = (date: IsoDate): IsoDate => `${date.slice(0, 7)}-01`;

/** Days from a to b inclusive. */
export function daysInclusive(a: IsoDate, b: IsoDate): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000) + 1;
}

/** Whole days since 1970-01-01, exact: the dates are read as UTC midnights, so no time zone enters. */
function dayNumber(date: IsoDate): number {
  if (!isValidDate(date)) throw new RangeError(`Not a calendar date: ${date}`);
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 86_400_000;
}

/** Days from a to b (negative when b is earlier). */
export const daysBetween = (a: IsoDate, b: IsoDate): number => dayNumber(b) - dayNumber(a);

/** The calendar day before a date: a statement's opening figures are the books as they stood then. */
export const dayBefore = (date: IsoDate): IsoDate => new Date((dayNumber(date) - 1) * 86_400_000).toISOString().slice(0, 10);

/** Today's date in UTC as 'YYYY-MM-DD'. */
export const isoDay = (d: Date): IsoDate => d.toISOString().slice(0, 10);
