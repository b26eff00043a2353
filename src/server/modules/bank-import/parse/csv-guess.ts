import type { CsvMapping } from '../../../../contract/schemas/bank-import.js';
import { guessDecimalComma } from './amount-text.js';
import { guessDateFormat } from './bank-dates.js';

/**
 * A first mapping for a CSV nobody has mapped yet, from its header's words (US and UK banks' English,
 * German banks' Buchungstag/Soll/Haben) and its first values (the date format, a decimal comma). It is
 * only a proposal: the preview shows it, and the admin corrects it once per bank account. A guess that
 * finds no date column, or no amount and no debit or credit column, is no guess at all (null).
 */

type Words = { exact: readonly string[]; partial: readonly string[] };

const WORDS = {
  date: {
    exact: ['date', 'posting date', 'posted date', 'transaction date', 'trans date', 'trans. date', 'post date', 'booking date',
      'buchungstag', 'buchungsdatum', 'datum', 'posted', 'value date', 'valuta', 'wertstellung'],
    partial: ['date', 'datum'],
  },
  amount: { exact: ['amount', 'betrag', 'transaction amount', 'umsatz', 'value'], partial: ['amount', 'betrag'] },
  debit: {
    exact: ['debit', 'debits', 'debit amount', 'withdrawal', 'withdrawals', 'money out', 'paid out', 'soll', 'outflow', 'ausgang'],
    partial: ['debit', 'withdrawal', 'money out'],
  },
  credit: {
    exact: ['credit', 'credits', 'credit amount', 'deposit', 'deposits', 'money in', 'paid in', 'haben', 'inflow', 'eingang'],
    partial: ['credit', 'deposit', 'money in'],
  },
  payee: {
    exact: ['payee', 'description', 'name', 'merchant', 'beneficiary', 'counterparty', 'payer/payee', 'empfänger',
      'auftraggeber/empfänger', 'begünstigter/zahlungspflichtiger'],
    partial: ['payee', 'description', 'merchant', 'name'],
  },
  memo: {
    exact: ['memo', 'details', 'notes', 'note', 'narrative', 'purpose', 'verwendungszweck', 'buchungstext'],
    partial: ['memo', 'detail', 'note'],
  },
  reference: {
    exact: ['reference', 'ref', 'ref.', 'transaction id', 'fitid', 'check number', 'check #', 'check or slip #', 'referenz'],
    partial: ['reference', 'check', 'transaction id'],
  },
} satisfies Record<string, Words>;

/** A header as it is compared: case, repeated and surrounding spaces ignored. */
export const headerKey = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

/** The columns that could be `words`, best first: whole-name matches in the words' order, then partial ones. */
function candidates(headers: readonly string[], words: Words, taken: ReadonlySet<number>): number[] {
  const keys = headers.map(headerKey);
  const found: number[] = [];
  const add = (k: number) => {
    if (k >= 0 && !taken.has(k) && !found.includes(k)) found.push(k);
  };
  for (const word of words.exact) add(keys.indexOf(word));
  for (const word of words.partial) keys.forEach((key, k) => key.includes(word) && add(k));
  return found;
}

/** The mapping guessed from a header row and the rows below it; null when it finds no date or no amount. */
export function guessMapping(headers: readonly string[], rows: readonly (readonly string[])[]): CsvMapping | null {
  const valuesOf = (k: number) => rows.map((row) => (row[k] ?? '').trim()).filter((v) => v !== '').slice(0, 20);
  const taken = new Set<number>();
  let date: { column: number; format: CsvMapping['date_format'] } | null = null;
  for (const k of candidates(headers, WORDS.date, taken)) {
    const format = guessDateFormat(valuesOf(k));
    if (format) {
      date = { column: k, format };
      break;
    }
  }
  if (!date) return null;
  taken.add(date.column);

  const pick = (words: Words): number | undefined => {
    const k = candidates(headers, words, taken)[0];
    if (k !== undefined) taken.add(k);
    return k;
  };
  const exactAmount = candidates(headers, { exact: WORDS.amount.exact, partial: [] }, taken)[0];
  let amount: number | undefined;
  let debit: number | undefined;
  let credit: number | undefined;
  if (exactAmount !== undefined) {
    amount = exactAmount;
    taken.add(amount);
  } else {
    debit = pick(WORDS.debit);
    credit = pick(WORDS.credit);
    if (debit === undefined && credit === undefined) amount = pick(WORDS.amount);
  }
  if (amount === undefined && debit === undefined && credit === undefined) return null;
  const payee = pick(WORDS.payee);
  const memo = pick(WORDS.memo);
  const reference = pick(WORDS.reference);

  const nameOf = (k: number | undefined) => (k === undefined ? undefined : headers[k]!.trim());
  const amountValues = [amount, debit, credit].flatMap((k) => (k === undefined ? [] : valuesOf(k)));
  const mapping: CsvMapping = {
    date: nameOf(date.column)!,
    date_format: date.format,
    decimal_comma: guessDecimalComma(amountValues),
    reversed_signs: false,
  };
  const named = { amount, debit, credit, payee, memo, reference };
  for (const [field, k] of Object.entries(named) as [keyof typeof named, number | undefined][]) {
    if (k !== undefined) mapping[field] = nameOf(k);
  }
  return mapping;
}
