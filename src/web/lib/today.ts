/**
 * Today on the user's own calendar (the local date, not UTC: at 8 pm in Detroit it is still today there),
 * as the values date and month inputs hold: 'YYYY-MM-DD' and 'YYYY-MM'.
 */
const two = (n: number) => String(n).padStart(2, '0');

/** The local day of `at` as 'YYYY-MM-DD'. */
export const isoDay = (at: Date): string => `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}`;

/** Today, 'YYYY-MM-DD'. */
export const todayIso = (): string => isoDay(new Date());

/** This month, 'YYYY-MM'. */
export const thisMonthIso = (): string => todayIso().slice(0, 7);
