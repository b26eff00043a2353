import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../../lib/errors';
import { guessMapping } from './csv-guess';
import { chooseMapping } from './csv-mapping';
import { readCsvRows } from './csv-rows';

describe('guessMapping: a first mapping from the header and first values', () => {
  it('guesses a US bank: one amount column, month first, a decimal point', () => {
    const headers = ['Details', 'Posting Date', 'Description', 'Amount', 'Type', 'Balance', 'Check or Slip #'];
    const rows = [['DEBIT', '03/31/2026', 'ACME PROPERTY MGMT FEE', '-185.00', 'ACH_DEBIT', '15,012.83', '']];
    expect(guessMapping(headers, rows)).toEqual({
      date: 'Posting Date', date_format: 'MM/DD/YYYY', decimal_comma: false, reversed_signs: false,
      amount: 'Amount', payee: 'Description', memo: 'Details', reference: 'Check or Slip #',
    });
  });

  it('guesses a German bank: Soll and Haben, day first with dots, a decimal comma', () => {
    const headers = ['Buchungstag', 'Valuta', 'Empfänger', 'Verwendungszweck', 'Soll', 'Haben', 'Währung'];
    const rows = [['02.01.2026', '02.01.2026', 'RENT', 'Miete', '', '1.850,00', 'EUR'], ['05.01.2026', '05.01.2026', 'HD', 'Kauf', '142,37', '', 'EUR']];
    expect(guessMapping(headers, rows)).toEqual({
      date: 'Buchungstag', date_format: 'DD.MM.YYYY', decimal_comma: true, reversed_signs: false,
      debit: 'Soll', credit: 'Haben', payee: 'Empfänger', memo: 'Verwendungszweck',
    });
  });

  it('guesses English debit and credit words, a reference and day first when a day is above 12', () => {
    const headers = ['Transaction Date', 'Transaction ID', 'Payee', 'Money Out', 'Money In', 'Notes'];
    const rows = [['02/03/2026', 'A1', 'CITY WATER DEPT', '64.12', '', ''], ['15/03/2026', 'A2', 'RENT', '', '1850.00', '']];
    expect(guessMapping(headers, rows)).toEqual({
      date: 'Transaction Date', date_format: 'DD/MM/YYYY', decimal_comma: false, reversed_signs: false,
      debit: 'Money Out', credit: 'Money In', payee: 'Payee', memo: 'Notes', reference: 'Transaction ID',
    });
  });

  it('skips a date-named column whose values are not dates, and matches headers ignoring case and spaces', () => {
    const headers = ['Date Type', '  BOOKING   DATE ', 'Merchant', 'Betrag'];
    const rows = [['card', '2026-03-05', 'HOME DEPOT #1234', '-42.18']];
    expect(guessMapping(headers, rows)).toMatchObject({ date: 'BOOKING   DATE', date_format: 'YYYY-MM-DD', amount: 'Betrag', payee: 'Merchant' });
  });

  it('is null without a date column or without an amount', () => {
    expect(guessMapping(['When', 'Amount'], [['03/05/2026', '1.00']])).toBeNull();
    expect(guessMapping(['Date', 'Description', 'Balance'], [['03/05/2026', 'x', '1.00']])).toBeNull();
    expect(guessMapping(['Date', 'Amount'], [])).toBeNull();
  });
});

describe('chooseMapping: the header row and the mapping that reads it', () => {
  const rows = readCsvRows('Account;12345\nPeriod;March\nDate;Payee;Amount\n03/05/2026;CITY WATER DEPT;-64.12\n')!;
  const given = { date: 'date', amount: 'AMOUNT', date_format: 'MM/DD/YYYY', decimal_comma: false, reversed_signs: false } as const;

  it('finds the header below a preamble, for a guess and for a given mapping', () => {
    expect(chooseMapping(rows, {})).toMatchObject({ headerAt: 2, source: 'guessed', columns: { date: 0, payee: 1, amount: 2 } });
    expect(chooseMapping(rows, { given })).toMatchObject({ headerAt: 2, source: 'given', columns: { date: 0, amount: 2 } });
    expect(chooseMapping(rows, { saved: given })).toMatchObject({ headerAt: 2, source: 'saved' });
  });

  it('lets a kept mapping that no longer fits give way to a guess, and refuses a given one that fits no row', () => {
    const stale = { ...given, amount: 'Betrag' };
    expect(chooseMapping(rows, { saved: stale })).toMatchObject({ source: 'guessed' });
    expect(() => chooseMapping(rows, { given: stale })).toThrow(
      new ValidationError('The file has no header row with the columns the mapping names: “date”, “Betrag”.'),
    );
  });

  it('answers no mapping, with the likeliest header, when nothing can be guessed', () => {
    const odd = readCsvRows('Statement\nWhen,What,How much\n5 March,water,64\n')!;
    expect(chooseMapping(odd, {})).toEqual({ headerAt: 1, mapping: null, source: null, columns: null });
  });
});

describe('readCsvRows: the delimiter is found, not assumed', () => {
  it('picks the comma, the semicolon or the tab by how evenly it splits rows', () => {
    expect(readCsvRows('a,b,c\n1,2,3\n')!.map((r) => r.cells)).toEqual([['a', 'b', 'c'], ['1', '2', '3']]);
    expect(readCsvRows('a;b;c\n1,5;2;3\n')!.map((r) => r.cells)).toEqual([['a', 'b', 'c'], ['1,5', '2', '3']]);
    expect(readCsvRows('a\tb\n"x, y"\t2\n')!.map((r) => r.cells)).toEqual([['a', 'b'], ['x, y', '2']]);
  });

  it('keeps the file line of each row, a quoted line break and mixed line endings', () => {
    const rows = readCsvRows('a,b\r\n\r\n1,"two\nlines"\n2,3\r\n')!;
    expect(rows).toEqual([{ line: 1, cells: ['a', 'b'] }, { line: 4, cells: ['1', 'two\nlines'] }, { line: 5, cells: ['2', '3'] }]);
  });

  it('is null for text that is not a table, and refuses a quote left open', () => {
    expect(readCsvRows('Dear tenant\nThe rent is due.\n')).toBeNull();
    expect(() => readCsvRows('a,b\n1,"open\n2,3\n')).toThrow(/a quote \("\) is opened near line \d+ and never closed/);
  });
});
