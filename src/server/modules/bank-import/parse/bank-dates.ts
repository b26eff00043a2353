import type { CsvMapping } from '../../../../contract/schemas/bank-import.js';
import { isValidDate } from '../../../../contract/values/calendar.js';

/**
 * A bank's date text into an ISO date. The mapping's format names the order of day, month and year; the
 * separator is whatever the bank wrote ("03/01/2026", "03-01-2026", "3.1.26" all read in their order),
 * one-digit days and months are common, and a two-digit year is this century's. A time after the date
 * ("01/05/2026 10:30") is ignored: the books keep days. The result is a real date in 1900–2099 or null.
 */

export type DateFormat = CsvMapping['date_format'];

/** Where day, month and year stand in each format. */
const ORDER: Record<DateFormat, { y: number; m: number; d: number }> = {
  'YYYY-MM-DD': { y: 0, m: 1, d: 2 },
  'MM/DD/YYYY': { m: 0, d: 1, y: 2 },
  'DD/MM/YYYY': { d: 0, m: 1, y: 2 },
  'DD.MM.YYYY': { d: 0, m: 1, y: 2 },
};

const pad2 = (s: string) => s.padStart(2, '0');

/** The three numbers of a date's text, whatever separates them; null when it is not three numbers. */
function partsOf(text: string): string[] | null {
  const datePart = text.trim().split(/[\sT]/)[0] ?? '';
  const parts = datePart.split(/[-/.]/);
  return parts.length === 3 && parts.every((p) => /^\d{1,4}$/.test(p)) ? parts : null;
}

/** The date in `format`, as 'YYYY-MM-DD'; null when it is not a real date in range. */
export function parseBankDate(text: string, format: DateFormat): string | null {
  const parts = partsOf(text);
  if (!parts) return null;
  const order = ORDER[format];
  const [y, m, d] = [parts[order.y]!, parts[order.m]!, parts[order.d]!];
  if (m.length > 2 || d.length > 2 || (y.length !== 2 && y.length !== 4)) return null;
  const iso = `${y.length === 2 ? `20${y}` : y}-${pad2(m)}-${pad2(d)}`;
  return isValidDate(iso) ? iso : null;
}

/**
 * The format of a column's first dates: a four-digit first number is YYYY-MM-DD, dots are the European
 * DD.MM.YYYY; with slashes or dashes, month first (the US reading) unless a first number is above 12.
 * Null when the values are not dates in any of them.
 */
export function guessDateFormat(values: readonly string[]): DateFormat | null {
  const dated = values.map((v) => ({ text: v, parts: partsOf(v) })).filter((v) => v.parts !== null);
  if (dated.length === 0) return null;
  let format: DateFormat;
  if (dated.every((v) => v.parts![0]!.length === 4)) format = 'YYYY-MM-DD';
  else if (dated.every((v) => v.text.includes('.'))) format = 'DD.MM.YYYY';
  else format = dated.some((v) => Number(v.parts![0]) > 12) ? 'DD/MM/YYYY' : 'MM/DD/YYYY';
  return dated.some((v) => parseBankDate(v.text, format) !== null) ? format : null;
}

/**
 * An OFX date: YYYYMMDD, maybe with a time, fraction and zone (20260105120000.000[-5:EST]). The date
 * part is taken as written: the bank's own day, not shifted into another zone.
 */
export function parseOfxDate(text: string): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})/.exec(text.trim());
  if (!m) return null;
  const iso = `${m[1]}-${m[2]}-${m[3]}`;
  return isValidDate(iso) ? iso : null;
}
