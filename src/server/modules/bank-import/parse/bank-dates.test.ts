import { describe, expect, it } from 'vitest';
import { guessDateFormat, parseBankDate, parseOfxDate } from './bank-dates';

describe('parseBankDate', () => {
  it('reads each format, in its order of day, month and year', () => {
    expect(parseBankDate('2026-03-05', 'YYYY-MM-DD')).toBe('2026-03-05');
    expect(parseBankDate('03/05/2026', 'MM/DD/YYYY')).toBe('2026-03-05');
    expect(parseBankDate('03/05/2026', 'DD/MM/YYYY')).toBe('2026-05-03');
    expect(parseBankDate('05.03.2026', 'DD.MM.YYYY')).toBe('2026-03-05');
  });

  it('accepts one-digit days and months, two-digit years (20YY), any of - / . between, and a time after', () => {
    expect(parseBankDate('3/5/26', 'MM/DD/YYYY')).toBe('2026-03-05');
    expect(parseBankDate('5.3.26', 'DD.MM.YYYY')).toBe('2026-03-05');
    expect(parseBankDate('2026/3/5', 'YYYY-MM-DD')).toBe('2026-03-05');
    expect(parseBankDate('03-05-2026', 'MM/DD/YYYY')).toBe('2026-03-05');
    expect(parseBankDate('01/05/2026 10:30', 'MM/DD/YYYY')).toBe('2026-01-05');
    expect(parseBankDate('2026-01-05T10:30:00', 'YYYY-MM-DD')).toBe('2026-01-05');
  });

  it('refuses what is not a real date in 1900–2099', () => {
    expect(parseBankDate('31/31/2026', 'DD/MM/YYYY')).toBeNull();
    expect(parseBankDate('02/29/2026', 'MM/DD/YYYY')).toBeNull();
    expect(parseBankDate('02/29/2028', 'MM/DD/YYYY')).toBe('2028-02-29');
    expect(parseBankDate('01/01/1899', 'MM/DD/YYYY')).toBeNull();
    expect(parseBankDate('01/01/2100', 'MM/DD/YYYY')).toBeNull();
    expect(parseBankDate('01/01/026', 'MM/DD/YYYY')).toBeNull();
    expect(parseBankDate('2026-03', 'YYYY-MM-DD')).toBeNull();
    expect(parseBankDate('March 5, 2026', 'MM/DD/YYYY')).toBeNull();
    expect(parseBankDate('', 'MM/DD/YYYY')).toBeNull();
  });
});

describe('guessDateFormat', () => {
  it('prefers month first unless a first number is above 12', () => {
    expect(guessDateFormat(['03/05/2026', '04/01/2026'])).toBe('MM/DD/YYYY');
    expect(guessDateFormat(['03/05/2026', '15/05/2026'])).toBe('DD/MM/YYYY');
    expect(guessDateFormat(['2026-03-05'])).toBe('YYYY-MM-DD');
    expect(guessDateFormat(['05.03.2026', '30.01.2026'])).toBe('DD.MM.YYYY');
  });

  it('is null when the values are not dates', () => {
    expect(guessDateFormat(['DEBIT', 'CREDIT'])).toBeNull();
    expect(guessDateFormat(['1850.00'])).toBeNull();
    expect(guessDateFormat([])).toBeNull();
  });
});

describe('parseOfxDate', () => {
  it('takes the date part as written, whatever the time and zone', () => {
    expect(parseOfxDate('20260105')).toBe('2026-01-05');
    expect(parseOfxDate('20260105120000')).toBe('2026-01-05');
    expect(parseOfxDate('20260131233000.000[-5:EST]')).toBe('2026-01-31');
    expect(parseOfxDate('20260101000000[+9:JST]')).toBe('2026-01-01');
    expect(parseOfxDate('20261345')).toBeNull();
    expect(parseOfxDate('2026-01-05')).toBeNull();
  });
});
