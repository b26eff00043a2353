import { CSV_MEDIA_TYPE, toCsv, type CsvColumn } from '../../contract/values/csv';
import { centsOf } from './cents';

/**
 * The pieces every "Download CSV" of the web app shares: tables' rows written by the contract's CSV
 * writer (the same bytes as the server's exports), amounts turned into cents through their decimal text,
 * readable file names, and a paged read gathered whole.
 */
export type { CsvColumn } from '../../contract/values/csv';

/**
 * An amount column of rows that hold dollars as the server answered them: written from exact cents
 * (centsOf goes through the decimal text), so 0.29 is "0.29" and never the float 28.999… cents.
 */
export const dollarsColumn = <R>(header: string, dollars: (row: R) => number | null | undefined): CsvColumn<R> => ({
  header,
  kind: 'cents',
  value: (row) => {
    const amount = dollars(row);
    return amount === null || amount === undefined ? amount : centsOf(amount);
  },
});

/**
 * "Income History - A.csv": the parts joined by " - ", empty parts left out. Characters Windows or macOS
 * refuse in a file name (/ \ : * ? " < > |, control characters) become "_", since names of the books
 * are typed by people.
 */
export function csvFileName(...parts: readonly string[]): string {
  const name = parts
    .map((p) => p.trim())
    .filter(Boolean)
    .join(' - ')
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is being removed
    .replace(/[/\\:*?"<>|\u0000-\u001f\u007f]/g, '_');
  return `${name || 'Table'}.csv`;
}

/** The rows as the file's text: RFC 4180, CRLF, UTF-8 with its byte order mark (so Excel reads "Zoë"). */
export const tableCsv = <R>(columns: readonly CsvColumn<R>[], rows: Iterable<R>): string => toCsv([...columns], rows);

/** The file's text as a Blob saveFile can hand to the browser (a JS string is encoded as UTF-8). */
export const csvBlob = (text: string): Blob => new Blob([text], { type: CSV_MEDIA_TYPE });

/** One page of a paged read: its items and how many there are in all (as the server counted for this page). */
export type PageOf<T> = { items: readonly T[]; total: number };

/**
 * Every item of a paged read, page 1 onwards, `pageSize` a page, each once. The audit trail is newest
 * first and only grows: an event added while the pages are read pushes older ones one place down, so an
 * item may come twice (kept once, at its first place) but none is skipped. Stops at a short page, or once
 * the pages read cover the total.
 */
export async function allPages<T>(
  fetchPage: (page: number) => Promise<PageOf<T>>,
  pageSize: number,
  idOf: (item: T) => number | string,
): Promise<T[]> {
  const items = new Map<number | string, T>();
  for (let page = 1; ; page++) {
    const answer = await fetchPage(page);
    for (const item of answer.items) if (!items.has(idOf(item))) items.set(idOf(item), item);
    if (answer.items.length < pageSize || page * pageSize >= answer.total) return [...items.values()];
  }
}
