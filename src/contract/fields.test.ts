import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IsoDate, Money, MoneyOrZero, MonthStart, ShownMoney, TaxYear } from './fields.js';
import { DATE_PATTERN, isValidDate, MONTH_PATTERN, YEAR_PATTERN } from './values/calendar.js';
import { AMOUNT_OR_ZERO_PATTERN, AMOUNT_PATTERN, MAX_AMOUNT, MAX_AMOUNT_CENTS, parseAmount, SHOWN_AMOUNT_PATTERN } from './values/money-text.js';

/**
 * What the API reference states of a field (the JSON Schema `.meta()` of fields.ts) is what its parser
 * accepts: each statement is held against the parser on values built to sit on either side of every edge.
 */
const stated = (pattern: string) => new RegExp(pattern); // eslint-disable-line security/detect-non-literal-regexp -- the reference's own constant

// Amounts: for decimal text a pattern, for a JSON number exclusiveMinimum/minimum, maximum and multipleOf 0.01.
const schemas = [
  { name: 'Money', schema: Money('Amount'), pattern: stated(AMOUNT_PATTERN), zero: false, negative: false },
  { name: 'MoneyOrZero', schema: MoneyOrZero('Amount'), pattern: stated(AMOUNT_OR_ZERO_PATTERN), zero: true, negative: false },
  { name: 'ShownMoney', schema: ShownMoney('Amount'), pattern: stated(SHOWN_AMOUNT_PATTERN), zero: false, negative: true },
];

/** Text around the edges: signs, spaces, leading zeros, 0–4 decimals, near zero and near the maximum. */
const amountText = fc
  .tuple(
    fc.constantFrom('', ' ', '\t', '  ', '\n'),
    fc.constantFrom('', '', '-', '+', '--', '- ', '$'),
    fc.constantFrom('', '', '0', '00', '000'),
    fc.oneof(
      fc.constantFrom('0', '1', '99999999', '100000000', '100000001', '999999999', '1000000000', '', '1,000', '1e3'),
      fc.integer({ min: 0, max: 200_000_000 }).map(String),
    ),
    fc.constantFrom('', '', '.', '.0', '.00', '.000', '.01', '.5', '.05', '.50', '.99', '.999', '.1.2', ',50'),
    fc.constantFrom('', ' ', '\t', 'x'),
  )
  .map((parts) => parts.join(''));

describe('the amount patterns of the API reference agree with the parser', () => {
  it.each(schemas)('$name: a decimal text is accepted exactly when its pattern matches', ({ schema, pattern }) => {
    fc.assert(
      fc.property(fc.oneof(amountText, fc.string({ maxLength: 12 })), (text) => {
        expect(schema.safeParse(text).success, JSON.stringify(text)).toBe(pattern.test(text));
      }),
      { numRuns: 2000 },
    );
  });

  it.each(schemas)('$name: a JSON number is accepted exactly inside its stated minimum, maximum and cents', ({ schema, zero, negative }) => {
    // Numbers as JSON carries them: whole cents (a multiple of 0.01) and tenths of a cent (not one).
    const number = fc.oneof(
      fc.integer({ min: -MAX_AMOUNT_CENTS - 2, max: MAX_AMOUNT_CENTS + 2 }).map((c) => ({ n: c / 100, cents: true })),
      fc.integer({ min: -1_000_000, max: 1_000_000 }).filter((m) => m % 10 !== 0).map((m) => ({ n: m / 1000, cents: false })),
      fc.constantFrom({ n: 0, cents: true }, { n: -0, cents: true }, { n: MAX_AMOUNT, cents: true }, { n: -MAX_AMOUNT, cents: true }),
    );
    fc.assert(
      fc.property(number, ({ n, cents }) => {
        const inRange = (negative ? Math.abs(n) : n) <= MAX_AMOUNT && (zero ? n >= 0 : negative ? n !== 0 : n > 0);
        expect(schema.safeParse(n).success, String(n)).toBe(inRange && cents);
      }),
      { numRuns: 2000 },
    );
  });

  it('reads the edges as cents', () => {
    expect(parseAmount(' 0000.01 ')).toEqual({ ok: true, cents: 1 });
    expect(parseAmount('100000000.00')).toEqual({ ok: true, cents: MAX_AMOUNT_CENTS });
    expect(parseAmount('100000000.01')).toEqual({ ok: false, reason: 'must be at most 100000000.00' });
    expect(parseAmount('0000000000000100000000')).toEqual({ ok: true, cents: MAX_AMOUNT_CENTS });
    expect(parseAmount('0.00', { zero: true })).toEqual({ ok: true, cents: 0 });
    expect(parseAmount('0.00')).toEqual({ ok: false, reason: 'must be greater than zero' });
    for (const text of ['1,000.00', '$5', '+5', '5.', '.5', '1e3', '1 000']) expect(parseAmount(text).ok, text).toBe(false);
  });
});

// Dates: `pattern` + `format: date` (a real calendar date); months and tax years: a pattern.
const year = fc.oneof(fc.constantFrom('1899', '1900', '1999', '2000', '2024', '2099', '2100', '0000', '9999', '202', '20245'), fc.integer({ min: 1800, max: 2200 }).map(String));
const two = fc.oneof(fc.constantFrom('00', '01', '02', '09', '10', '12', '13', '28', '29', '30', '31', '32', '1', '001'), fc.integer({ min: 0, max: 40 }).map((n) => String(n).padStart(2, '0')));
const sep = fc.constantFrom('-', '-', '-', '/', '');
const dateText = fc.tuple(year, sep, two, sep, two).map((p) => p.join(''));
const monthText = fc.oneof(fc.tuple(year, sep, two).map((p) => p.join('')), dateText);

/** A real calendar date, as JSON Schema's `format: date` (RFC 3339 full-date) reads it. */
const realDate = (text: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
};

describe('the date, month and year patterns of the API reference agree with the parsers', () => {
  it('a date is accepted exactly when it matches the pattern and is a real date', () => {
    const schema = IsoDate('Date');
    fc.assert(
      fc.property(fc.oneof(dateText, fc.string({ maxLength: 10 })), (text) => {
        const expected = stated(DATE_PATTERN).test(text) && realDate(text);
        expect(schema.safeParse(text).success, text).toBe(expected);
        expect(isValidDate(text), text).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });

  it('a month is accepted exactly when it matches the pattern (and a day given is a real one)', () => {
    const schema = MonthStart('Month');
    fc.assert(
      fc.property(fc.oneof(monthText, fc.string({ maxLength: 10 })), (text) => {
        const expected = stated(MONTH_PATTERN).test(text) && (text.length === 7 || realDate(text));
        expect(schema.safeParse(text).success, text).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });

  it('a tax year is accepted exactly when the text matches the pattern, or the number is a whole year in range', () => {
    fc.assert(
      fc.property(fc.oneof(year, fc.string({ maxLength: 4 })), (text) => {
        expect(TaxYear.safeParse(text).success, text).toBe(stated(YEAR_PATTERN).test(text));
      }),
      { numRuns: 3000 },
    );
    for (const [n, ok] of [[1899, false], [1900, true], [2099, true], [2100, false], [2024.5, false]] as const) {
      expect(TaxYear.safeParse(n).success, String(n)).toBe(ok);
    }
  });
});
