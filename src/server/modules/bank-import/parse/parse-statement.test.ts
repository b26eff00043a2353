import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CsvMapping } from '../../../../contract/schemas/bank-import';
import { ValidationError } from '../../../lib/errors';
import type { StatementLine } from '../bank-import-types';
import { parseStatement } from './parse-statement';

/** The sample statements every bank-import test uses (tests/fixtures/bank). */
const fixture = (name: string) => readFileSync(new URL(`../../../../../tests/fixtures/bank/${name}`, import.meta.url));
const parseFixture = (name: string, opts: { given?: CsvMapping; saved?: CsvMapping | null } = {}) => parseStatement(fixture(name), name, opts);
const parseText = (text: string, name = 'statement.csv', opts: { given?: CsvMapping; saved?: CsvMapping | null } = {}) =>
  parseStatement(Buffer.from(text, 'utf8'), name, opts);
const refusal = (message: string) => new ValidationError(message);

/** Lines as [date, cents, payee, memo, reference], numbered 1..n in file order. */
const lines = (rows: [string, number, string, string, string | null][]): StatementLine[] =>
  rows.map(([date, amountCents, payee, memo, reference], k) => ({ line: k + 1, date, amountCents, payee, memo, reference }));

describe('CSV statements', () => {
  it('chase-style.csv: a BOM, quoted thousands, two identical lines, a balance row left out, all guessed', () => {
    const parsed = parseFixture('chase-style.csv');
    expect(parsed.format).toBe('csv');
    expect(parsed.bankAccountId).toBeNull();
    expect(parsed.notTransactions).toBe(1);
    expect(parsed.lines).toEqual(lines([
      ['2026-03-31', -18500, 'ACME PROPERTY MGMT FEE', 'DEBIT', null],
      ['2026-03-02', 185000, 'RENT 12 MAPLE ST UNIT 2', 'CREDIT', null],
      ['2026-02-17', -6412, 'CITY WATER DEPT', 'DEBIT', null],
      ['2026-02-09', -4218, 'HOME DEPOT #1234', 'DEBIT', null],
      ['2026-02-09', -4218, 'HOME DEPOT #1234', 'DEBIT', null],
      ['2026-02-04', -125000, 'CHECK 1042', 'CHECK', '1042'],
      ['2026-02-02', 185000, 'RENT 12 MAPLE ST UNIT 2', 'CREDIT', null],
      ['2026-01-31', -18500, 'ACME PROPERTY MGMT FEE', 'DEBIT', null],
      ['2026-01-02', 185000, 'RENT 12 MAPLE ST UNIT 2', 'CREDIT', null],
    ]));
    expect(parsed.csv).toEqual({
      headers: ['Details', 'Posting Date', 'Description', 'Amount', 'Type', 'Balance', 'Check or Slip #'],
      rows: [
        ['DEBIT', '03/31/2026', 'ACME PROPERTY MGMT FEE', '-185.00', 'ACH_DEBIT', '15,012.83', '', ''],
        ['CREDIT', '03/02/2026', 'RENT 12 MAPLE ST UNIT 2', '1,850.00', 'ACH_CREDIT', '15,197.83', '', ''],
        ['DEBIT', '02/17/2026', 'CITY WATER DEPT', '-64.12', 'ACH_DEBIT', '13,347.83', '', ''],
        ['DEBIT', '02/09/2026', 'HOME DEPOT #1234', '-42.18', 'DEBIT_CARD', '13,411.95', '', ''],
        ['DEBIT', '02/09/2026', 'HOME DEPOT #1234', '-42.18', 'DEBIT_CARD', '13,454.13', '', ''],
      ],
      mapping: {
        date: 'Posting Date', date_format: 'MM/DD/YYYY', decimal_comma: false, reversed_signs: false,
        amount: 'Amount', payee: 'Description', memo: 'Details', reference: 'Check or Slip #',
      },
      mappingSource: 'guessed',
    });
  });

  it('eu-bank.csv: windows-1252, semicolons, a preamble, Soll/Haben, a decimal comma and a balance row', () => {
    const parsed = parseFixture('eu-bank.csv');
    expect(parsed.notTransactions).toBe(1);
    expect(parsed.csv?.headers).toEqual(['Buchungstag', 'Valuta', 'Empfänger', 'Verwendungszweck', 'Soll', 'Haben', 'Währung']);
    expect(parsed.csv?.mapping).toEqual({
      date: 'Buchungstag', date_format: 'DD.MM.YYYY', decimal_comma: true, reversed_signs: false,
      debit: 'Soll', credit: 'Haben', payee: 'Empfänger', memo: 'Verwendungszweck',
    });
    expect(parsed.lines).toEqual(lines([
      ['2026-01-02', 185000, 'RENT 12 MAPLE ST UNIT 2', 'Miete Januar 2026', null],
      ['2026-01-05', -14237, 'HOME DEPOT #1234', 'Kartenzahlung Reparatur Küche', null],
      ['2026-01-15', -6412, 'CITY WATER DEPT', 'Wasser Abschlag Januar', null],
      ['2026-01-30', -18500, 'ACME PROPERTY MGMT FEE', 'Verwaltung Januar', null],
      ['2026-02-02', 185000, 'RENT 12 MAPLE ST UNIT 2', 'Miete Februar 2026', null],
      ['2026-02-16', -6412, 'CITY WATER DEPT', 'Wasser Abschlag Februar', null],
      ['2026-02-27', 2350, 'HOME DEPOT #1234', 'Gutschrift Rückgabe; Bon 5521', null],
    ]));
  });

  it('card-reversed.csv: purchases shown positive become money out with reversed_signs', () => {
    const guessed = parseFixture('card-reversed.csv');
    expect(guessed.csv?.mapping).toMatchObject({ date: 'Transaction Date', amount: 'Amount', payee: 'Description', memo: 'Memo', reversed_signs: false });
    expect(guessed.lines[0]!.amountCents).toBe(21245);
    const given: CsvMapping = { ...guessed.csv!.mapping!, reversed_signs: true };
    const parsed = parseFixture('card-reversed.csv', { given });
    expect(parsed.csv?.mappingSource).toBe('given');
    expect(parsed.lines).toEqual(lines([
      ['2026-03-14', -21245, 'HOME DEPOT #1234', '', null],
      ['2026-03-10', -5890, 'CITY WATER DEPT', 'AUTOPAY', null],
      ['2026-03-05', 50000, 'PAYMENT THANK YOU', '', null],
      ['2026-02-26', 3520, 'HOME DEPOT #1234', 'RETURNED FAUCET', null],
      ['2026-02-20', -9500, 'ACME PROPERTY MGMT FEE', '', null],
    ]));
    expect(parseFixture('card-reversed.csv', { saved: given }).csv?.mappingSource).toBe('saved');
  });

  it('reads a debit column however the bank signs it, and a credit as written', () => {
    const text = 'Date,Payee,Debit,Credit\n2026-03-01,A,12.50,\n2026-03-02,B,-12.50,\n2026-03-03,C,,100.00\n2026-03-04,D,1.00,3.00\n';
    expect(parseText(text).lines.map((l) => l.amountCents)).toEqual([-1250, -1250, 10000, 200]);
  });

  it('leaves out rows that are not transactions and counts them', () => {
    const text = [
      'Date,Description,Memo,Amount',
      '03/01/2026,Opening balance,,',
      ',,,',
      '03/02/2026,,CITY WATER DEPT   AUTOPAY ,-64.12',
      '03/03/2026,ZERO FEE,,0.00',
      'Total,,,-64.12',
      ',Closing balance,,1000.00',
    ].join('\n');
    const parsed = parseText(text);
    expect(parsed.notTransactions).toBe(5);
    expect(parsed.lines).toEqual(lines([['2026-03-02', -6412, 'CITY WATER DEPT AUTOPAY', 'CITY WATER DEPT AUTOPAY', null]]));
  });

  it('keeps payees and memos to 500 characters', () => {
    const parsed = parseText(`Date,Description,Amount\n03/02/2026,${'x'.repeat(600)},1.00\n`);
    expect(parsed.lines[0]!.payee).toHaveLength(500);
  });

  it('answers the header and first rows without lines when no mapping can be guessed', () => {
    const parsed = parseText('When;What;How much\n5 March;CITY WATER DEPT;64,12\n6 March;RENT;1850\n');
    expect(parsed.lines).toEqual([]);
    expect(parsed.csv).toEqual({
      headers: ['When', 'What', 'How much'],
      rows: [['5 March', 'CITY WATER DEPT', '64,12'], ['6 March', 'RENT', '1850']],
      mapping: null,
      mappingSource: null,
    });
  });
});

describe('OFX and QFX statements', () => {
  it('ofx1-checking.ofx: SGML with unclosed leaves, a PAYEE aggregate, an entity, FITIDs', () => {
    const parsed = parseFixture('ofx1-checking.ofx');
    expect(parsed).toMatchObject({ format: 'ofx', bankAccountId: '021000021:000123456789', notTransactions: 0, csv: null });
    expect(parsed.lines).toEqual(lines([
      ['2026-01-02', 185000, 'RENT 12 MAPLE ST UNIT 2', 'ACH DEPOSIT TENANT J SMITH', '202601020001'],
      ['2026-01-05', -14237, 'HOME DEPOT #1234', 'POS PURCHASE REPAIRS & SUPPLIES', '202601050002'],
      ['2026-01-15', -6412, 'CITY WATER DEPT', 'WATER/SEWER ACCT 5521', '202601150003'],
      ['2026-01-30', -18500, 'ACME PROPERTY MGMT FEE', 'JANUARY MANAGEMENT', '202601300004'],
      ['2026-02-02', 185000, 'RENT 12 MAPLE ST UNIT 2', 'ACH DEPOSIT TENANT J SMITH', '202602020005'],
      ['2026-02-04', -125000, 'HOME DEPOT #1234', 'CHECK 1042 ROOF REPAIR', '202602040006'],
      ['2026-02-16', -6412, 'CITY WATER DEPT', 'WATER/SEWER ACCT 5521', '202602160007'],
      ['2026-02-27', -18500, 'ACME PROPERTY MGMT FEE', 'FEBRUARY MANAGEMENT', '202602270008'],
    ]));
  });

  it('ofx2-checking.ofx: XML, dates with times and zones, a "+" amount, two identical purchases', () => {
    const parsed = parseFixture('ofx2-checking.ofx');
    expect(parsed).toMatchObject({ format: 'ofx', bankAccountId: '121000248:4455667788', notTransactions: 0 });
    expect(parsed.lines).toEqual(lines([
      ['2026-03-02', 185000, 'RENT 12 MAPLE ST UNIT 2', 'ACH DEPOSIT TENANT J SMITH', 'T2026030200001'],
      ['2026-03-09', -4218, 'HOME DEPOT #1234', 'PAINT & ROLLERS', 'T2026030900002'],
      ['2026-03-09', -4218, 'HOME DEPOT #1234', 'PAINT & ROLLERS', 'T2026030900003'],
      ['2026-03-16', -6412, 'CITY WATER DEPT', '', 'T2026031600004'],
      ['2026-03-31', -18500, 'ACME PROPERTY MGMT FEE', 'MARCH MANAGEMENT', 'T2026033100005'],
      ['2026-04-01', 185000, 'RENT 12 MAPLE ST UNIT 2', 'ACH DEPOSIT TENANT J SMITH', 'T2026040100006'],
    ]));
  });

  it('card.qfx: a credit card statement with Intuit tags, whatever the name', () => {
    const expected = lines([
      ['2026-02-20', -9500, 'ACME PROPERTY MGMT FEE', 'Professional Services', '320260510000000001'],
      ['2026-02-26', 3520, 'HOME DEPOT #1234', 'RETURNED FAUCET', '320260570000000002'],
      ['2026-03-05', 50000, 'PAYMENT THANK YOU', '', '320260640000000003'],
      ['2026-03-10', -5890, 'CITY WATER DEPT', 'AUTOPAY', '320260690000000004'],
      ['2026-03-14', -21245, 'HOME DEPOT #1234', 'Home Improvement', '320260730000000005'],
    ]);
    expect(parseFixture('card.qfx')).toEqual({ format: 'qfx', bankAccountId: '4111222233334444', lines: expected, notTransactions: 0, csv: null });
    expect(parseStatement(fixture('card.qfx'), 'download.ofx', {}).format).toBe('qfx');
    expect(parseStatement(fixture('ofx1-checking.ofx'), 'export.QFX', {}).format).toBe('qfx');
  });

  const ofx = (trns: string) => `OFXHEADER:100\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKACCTFROM><BANKID>1<ACCTID>2</BANKACCTFROM>`
    + `<BANKTRANLIST>${trns}</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;

  it('reads a comma as the decimal mark, counts zero lines out and falls back to the memo for a payee', () => {
    const parsed = parseText(ofx('<STMTTRN><DTPOSTED>20260301<TRNAMT>-12,50<MEMO>WATER</STMTTRN>'
      + '<STMTTRN><DTPOSTED>20260302<TRNAMT>0.00<NAME>INTEREST</STMTTRN>'), 'x.ofx');
    expect(parsed.notTransactions).toBe(1);
    expect(parsed.lines).toEqual(lines([['2026-03-01', -1250, 'WATER', 'WATER', null]]));
  });

  it('refuses a transaction without a date or an amount, or with a bad one, by its position', () => {
    const good = '<STMTTRN><DTPOSTED>20260301<TRNAMT>1.00</STMTTRN>';
    expect(() => parseText(ofx(`${good}<STMTTRN><TRNAMT>1.00</STMTTRN>`))).toThrow(refusal('Transaction 2 of the file has no date (DTPOSTED).'));
    expect(() => parseText(ofx(`${good}${good}<STMTTRN><DTPOSTED>20260301</STMTTRN>`))).toThrow(refusal('Transaction 3 of the file has no amount (TRNAMT).'));
    expect(() => parseText(ofx('<STMTTRN><DTPOSTED>20261301<TRNAMT>1.00</STMTTRN>'))).toThrow(refusal('Transaction 1 of the file: the date “20261301” is not a date.'));
    expect(() => parseText(ofx('<STMTTRN><DTPOSTED>20260301<TRNAMT>1.005</STMTTRN>'))).toThrow(refusal('Transaction 1 of the file: the amount “1.005” has more than two decimals.'));
  });

  it('refuses an OFX file with no transactions, or one cut short', () => {
    expect(() => parseText(ofx(''))).toThrow(refusal('The file is empty: it has no transactions.'));
    expect(() => parseText(ofx('<STMTTRN><DTPOSTED>20260301<TRNAMT>1.00</STMTTRN>').replace('</OFX>', ''))).toThrow(/incomplete/);
  });
});

describe('bad files, refused in plain words', () => {
  const notAStatement = refusal('This is not a bank statement: upload a CSV, OFX or QFX file from your bank.');
  const empty = refusal('The file is empty: it has no transactions.');

  it('three-decimals.csv and bad-date.csv name the line and the text', () => {
    expect(() => parseFixture('three-decimals.csv')).toThrow(refusal('Line 3: the amount “-12.345” has more than two decimals.'));
    expect(() => parseFixture('bad-date.csv')).toThrow(refusal('Line 4: the date “31/31/2026” is not a date in the format DD/MM/YYYY.'));
  });

  it('not-a-statement.csv (a PNG), a PDF, an HTML page, JSON and plain prose are not statements', () => {
    expect(() => parseFixture('not-a-statement.csv')).toThrow(notAStatement);
    expect(() => parseText('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n', 'statement.pdf')).toThrow(notAStatement);
    expect(() => parseText('<!DOCTYPE html>\n<html><body>Sign in to your bank</body></html>')).toThrow(notAStatement);
    expect(() => parseText('{"date":"2026-03-01","amount":"1.00"}')).toThrow(notAStatement);
    expect(() => parseText('Dear tenant\nThe rent is due.\n')).toThrow(notAStatement);
    expect(() => parseStatement(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00]), 'x.csv', {})).toThrow(notAStatement);
  });

  it('empty.csv (a header only), an empty file and white space are empty', () => {
    expect(() => parseFixture('empty.csv')).toThrow(empty);
    expect(() => parseText('')).toThrow(empty);
    expect(() => parseText('\uFEFF \r\n\t\n')).toThrow(empty);
    expect(() => parseText('Date,Description,Amount\n,,\n03/01/2026,Opening balance,\n')).toThrow(empty);
  });

  it('refuses more transaction lines than the portal imports at once', () => {
    const rows = Array.from({ length: 10_001 }, (_, k) => `03/01/2026,RENT ${k},1.00`);
    expect(() => parseText(`Date,Description,Amount\n${rows.join('\n')}\n`)).toThrow(
      refusal('The file has more than 10,000 transactions: split it into smaller statements and import each.'),
    );
    expect(parseText(`Date,Description,Amount\n${rows.slice(1).join('\n')}\n`).lines).toHaveLength(10_000);
  });

  it('refuses a CSV with a quote left open', () => {
    expect(() => parseText('Date,Description,Amount\n03/01/2026,"RENT,1.00\n03/02/2026,WATER,-1.00\n')).toThrow(/never closed/);
  });
});
