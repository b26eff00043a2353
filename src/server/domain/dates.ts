/**
 * Calendar dates are ISO text 'YYYY-MM-DD' without a time zone (domain.md §1); months are stored as
 * their first day. The supported range is the date pickers' 1900–2099 (portal-spec §9).
 */
export type IsoDate = string;

/** The first day of the date's month. */
export const monthOf = (date: IsoDate): IsoDate => `${date.slice(0, 7)}-01`;

/** Days from a to b inclusive. */
export function daysInclusive(a: IsoDate, b: IsoDate): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000) + 1;
}

/** Today's date in UTC as 'YYYY-MM-DD'. */
export const isoDay = (d: Date): IsoDate => d.toISOString().slice(0, 10);
