/**
 * Calendar dates are ISO text 'YYYY-MM-DD' without a time zone (docs/rules/README.md); months are kept as
 * their first day. The supported range is the date pickers' 1900–2099 (docs/product.md "Formats and constants").
 */
export const MIN_DATE = '1900-01-01';
export const MAX_DATE = '2099-12-31';
/** The years of that range, e.g. of a tax year. */
export const MIN_YEAR = Number(MIN_DATE.slice(0, 4));
export const MAX_YEAR = Number(MAX_DATE.slice(0, 4));

/**
 * What the API reference states for a date, a month and a year (JSON Schema `pattern`, with `format:
 * date` for a date): the shape and the 1900–2099 range. The pattern lets 2023-02-30 through; the
 * format (a real calendar date) does not. Their agreement with the parsers is tested (contract/fields.test.ts).
 */
const YEAR = String.raw`(?:19|20)\d{2}`;
const MONTH = String.raw`(?:0[1-9]|1[0-2])`;
const DAY = String.raw`(?:0[1-9]|[12]\d|3[01])`;
export const DATE_PATTERN = `^${YEAR}-${MONTH}-${DAY}$`;
export const MONTH_PATTERN = `^${YEAR}-${MONTH}(?:-${DAY})?$`;
export const YEAR_PATTERN = `^${YEAR}$`;

/** True for a real calendar date in range, e.g. '2024-02-29' yes, '2023-02-29' no. */
export function isValidDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  const real = date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
  return real && text >= MIN_DATE && text <= MAX_DATE;
}

/** 'YYYY-MM' or any day of that month → 'YYYY-MM-01', or null if not a month in range. */
export function toMonthStart(text: string): string | null {
  // eslint-disable-next-line security/detect-unsafe-regex -- anchored, bounded repetition: linear time
  const m = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(text);
  if (!m) return null;
  const first = `${m[1]}-${m[2]}-01`;
  if (!isValidDate(first)) return null;
  if (m[3] !== undefined && !isValidDate(text)) return null;
  return first;
}
