import { describe, expect, it } from 'vitest';
import { centsText, csvChunks, type CsvColumn, neutralizeFormula, toCsv } from './csv.js';

type Entry = { date: string; description: string | null; cents: number | null; share?: number };

const columns: CsvColumn<Entry>[] = [
  { header: 'Date', kind: 'date', value: (entry) => entry.date },
  { header: 'Description', kind: 'text', value: (entry) => entry.description },
  { header: 'Amount', kind: 'cents', value: (entry) => entry.cents },
];

/** The file without its byte order mark, split into records. */
const records = (csv: string) => csv.replace(/^\uFEFF/, '').split('\r\n');

describe('toCsv', () => {
  it('writes a header and one CRLF-ended record per row, amounts as plain decimals', () => {
    const csv = toCsv(columns, [
      { date: '2024-03-01', description: 'Rent, unit 2', cents: 150000 },
      { date: '2024-03-05', description: 'Plumber', cents: -123456 },
    ], { bom: false });
    expect(csv).toBe('Date,Description,Amount\r\n2024-03-01,"Rent, unit 2",1500.00\r\n2024-03-05,Plumber,-1234.56\r\n');
  });

  it('starts with a UTF-8 byte order mark unless told not to, so Excel reads the accents', () => {
    expect(toCsv(columns, []).startsWith('\uFEFFDate,')).toBe(true);
    expect(toCsv(columns, [], { bom: false }).startsWith('Date,')).toBe(true);
    const bytes = new TextEncoder().encode(toCsv(columns, [{ date: '2024-01-02', description: 'Zoë Ångström 東京 🏠', cents: 1 }]));
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toContain('2024-01-02,Zoë Ångström 東京 🏠,0.01\r\n');
  });

  it('quotes fields holding a comma, a quote, CR or LF, doubling the quotes', () => {
    const text = (description: string) => records(toCsv(columns, [{ date: '2024-01-02', description, cents: 0 }]))[1];
    expect(text('a,b')).toBe('2024-01-02,"a,b",0.00');
    expect(text('the "Maple" LLC')).toBe('2024-01-02,"the ""Maple"" LLC",0.00');
    expect(toCsv(columns, [{ date: '2024-01-02', description: 'line one\nline two', cents: 0 }], { bom: false }))
      .toContain('2024-01-02,"line one\nline two",0.00\r\n');
    expect(toCsv(columns, [{ date: '2024-01-02', description: 'one\r\ntwo', cents: 0 }], { bom: false }))
      .toContain(',"one\r\ntwo",');
    expect(text('plain words')).toBe('2024-01-02,plain words,0.00');
  });

  it('leaves empty cells for missing values', () => {
    expect(records(toCsv(columns, [{ date: '2024-01-02', description: null, cents: null }]))[1]).toBe('2024-01-02,,');
  });

  it.each([
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['=1+2', "'=1+2"],
    ['+1 555 0100', "'+1 555 0100"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\tcmd', "'\tcmd"],
    ['\rcmd', `"'\rcmd"`],
  ])('neutralises the text cell %j against formula injection', (description, written) => {
    expect(records(toCsv(columns, [{ date: '2024-01-02', description, cents: -500 }]))[1]).toBe(`2024-01-02,${written},-5.00`);
  });

  it('keeps negative amounts and numbers as numbers: only text is neutralised', () => {
    const withShare: CsvColumn<Entry>[] = [...columns, { header: 'Share', kind: 'number', value: (entry) => entry.share }];
    const csv = toCsv(withShare, [{ date: '2024-01-02', description: '-', cents: -123456, share: -0.25 }], { bom: false });
    expect(records(csv)[1]).toBe("2024-01-02,'-,-1234.56,-0.25");
  });

  it('neutralises the header row too', () => {
    const csv = toCsv([{ header: '=cmd', kind: 'text', value: () => 'x' }], [1], { bom: false });
    expect(csv).toBe("'=cmd\r\nx\r\n");
  });

  it('refuses a date or number cell that is not one, since those skip the guard', () => {
    expect(() => toCsv(columns, [{ date: '=1+1', description: '', cents: 0 }])).toThrow(/YYYY-MM-DD/);
    expect(() => toCsv(columns, [{ date: '2024-01-02', description: '', cents: 1.5 }])).toThrow(/whole number/);
    const numbers: CsvColumn<number>[] = [{ header: 'n', kind: 'number', value: (n) => n }];
    expect(() => toCsv(numbers, [Number.NaN])).toThrow(/finite/);
  });

  it('streams the same bytes record by record', () => {
    const rows = [{ date: '2024-01-02', description: 'a', cents: 1 }, { date: '2024-01-03', description: 'b', cents: 2 }];
    const chunks = [...csvChunks(columns, rows)];
    expect(chunks).toHaveLength(3);
    expect(chunks.join('')).toBe(toCsv(columns, rows));
  });
});

describe('centsText', () => {
  it.each([
    [0, '0.00'], [5, '0.05'], [-5, '-0.05'], [100, '1.00'], [-123456, '-1234.56'], [7500000, '75000.00'],
    [10_000_000_000, '100000000.00'],
  ])('%d cents → %s', (cents, text) => {
    expect(centsText(cents)).toBe(text);
  });
});

describe('neutralizeFormula', () => {
  it('leaves ordinary text alone', () => {
    for (const text of ['Rent', '', "'quoted", '1-2', 'a =b']) expect(neutralizeFormula(text)).toBe(text);
  });

  it('guards a formula behind leading spaces and the full-width signs too', () => {
    for (const text of [' =1+1', '  @SUM(A1)', '\uFF1D1+1', '\uFF0B1', '\uFF0D1', '\uFF20A1']) expect(neutralizeFormula(text)).toBe(`'${text}`);
  });
});
