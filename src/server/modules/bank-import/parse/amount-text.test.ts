import { describe, expect, it } from 'vitest';
import { guessDecimalComma, ofxDecimalComma, parseAmountText } from './amount-text';

const cents = (text: string, decimalComma = false) => parseAmountText(text, { decimalComma });

describe('amount text: a bank amount into cents', () => {
  it('reads plain amounts and signs', () => {
    expect(cents('12.50')).toEqual({ ok: true, cents: 1250 });
    expect(cents('-12.5')).toEqual({ ok: true, cents: -1250 });
    expect(cents('+100')).toEqual({ ok: true, cents: 10000 });
    expect(cents('.75')).toEqual({ ok: true, cents: 75 });
    expect(cents('7.')).toEqual({ ok: true, cents: 700 });
    expect(cents('0.00')).toEqual({ ok: true, cents: 0 });
    expect(cents('-0.00')).toEqual({ ok: true, cents: 0 });
    expect(cents('  42.18  ')).toEqual({ ok: true, cents: 4218 });
    expect(cents('\u221242.18')).toEqual({ ok: true, cents: -4218 });
  });

  it('reads a trailing minus and parentheses as money out', () => {
    expect(cents('12.50-')).toEqual({ ok: true, cents: -1250 });
    expect(cents('(12.50)')).toEqual({ ok: true, cents: -1250 });
    expect(cents('($1,250.00)')).toEqual({ ok: true, cents: -125000 });
    expect(cents('( 64.12 )')).toEqual({ ok: true, cents: -6412 });
  });

  it('takes off currency symbols and spaces before or after the sign', () => {
    expect(cents('$1,234.56')).toEqual({ ok: true, cents: 123456 });
    expect(cents('-$42.18')).toEqual({ ok: true, cents: -4218 });
    expect(cents('$-42.18')).toEqual({ ok: true, cents: -4218 });
    expect(cents('£ 10')).toEqual({ ok: true, cents: 1000 });
    expect(cents('1.234,56 €', true)).toEqual({ ok: true, cents: 123456 });
    expect(cents('€\u00a0-5,00', true)).toEqual({ ok: true, cents: -500 });
  });

  it('reads thousands separators in groups of three, in either convention', () => {
    expect(cents('1,234.56')).toEqual({ ok: true, cents: 123456 });
    expect(cents('1,234')).toEqual({ ok: true, cents: 123400 });
    expect(cents('12,345,678.90')).toEqual({ ok: true, cents: 1234567890 });
    expect(cents("1'234.50")).toEqual({ ok: true, cents: 123450 });
    expect(cents('1.234,56', true)).toEqual({ ok: true, cents: 123456 });
    expect(cents('1.234', true)).toEqual({ ok: true, cents: 123400 });
    expect(cents('-12,50', true)).toEqual({ ok: true, cents: -1250 });
    expect(cents('1 234,56', true)).toEqual({ ok: true, cents: 123456 });
    expect(cents('1\u202f234,56', true)).toEqual({ ok: true, cents: 123456 });
    expect(cents('1 234.56')).toEqual({ ok: true, cents: 123456 });
  });

  it('refuses a third decimal rather than rounding it', () => {
    expect(cents('12.345')).toEqual({ ok: false, reason: 'has more than two decimals' });
    expect(cents('-0.001')).toEqual({ ok: false, reason: 'has more than two decimals' });
    expect(cents('12,345', true)).toEqual({ ok: false, reason: 'has more than two decimals' });
  });

  it('refuses what is not an amount, naming the expected shape', () => {
    const us = { ok: false, reason: 'is not an amount like 1,234.56' };
    const eu = { ok: false, reason: 'is not an amount like 1.234,56' };
    for (const text of ['', '-', '$', 'abc', '12,50', '1,23,456.00', '1.2.3', '--5', '(-5)', '-5-', '1e5', '0x10', '12 34']) {
      expect(cents(text), text).toEqual(us);
    }
    expect(cents('1.234,56')).toEqual(us);
    expect(cents('1.23', true)).toEqual(eu);
    expect(cents('1,234.56', true)).toEqual(eu);
  });

  it('refuses an amount above the largest the portal records, exactly, through BigInt', () => {
    expect(cents('100,000,000.00')).toEqual({ ok: true, cents: 10_000_000_000 });
    expect(cents('100000000.01')).toMatchObject({ ok: false });
    expect(cents('99999999999999999999999.99')).toMatchObject({ ok: false });
  });
});

describe('guessDecimalComma', () => {
  it('says yes for "1.234,56" or "-12,50", no for "12.50", nothing from "1,234" alone', () => {
    expect(guessDecimalComma(['1.850,00', '142,37'])).toBe(true);
    expect(guessDecimalComma(['-12,50'])).toBe(true);
    expect(guessDecimalComma(['12.50', '-1,250.00'])).toBe(false);
    expect(guessDecimalComma(['1,234'])).toBe(false);
    expect(guessDecimalComma([])).toBe(false);
  });
});

describe('ofxDecimalComma', () => {
  it('takes the last of "." or "," as the decimal mark', () => {
    expect(ofxDecimalComma('-12,50')).toBe(true);
    expect(ofxDecimalComma('1.234,56')).toBe(true);
    expect(ofxDecimalComma('1,234.56')).toBe(false);
    expect(ofxDecimalComma('100')).toBe(false);
  });
});
