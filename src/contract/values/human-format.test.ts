import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dateText, dayText, monthText, percentText, usd } from './human-format.js';

/** What the browser's own formatter writes for a whole number of cents: the reference the pages used to follow. */
const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

describe('usd', () => {
  it('writes whole cents as en-US dollars, the minus sign before the dollar sign', () => {
    expect(usd(0)).toBe('$0.00');
    expect(usd(1)).toBe('$0.01');
    expect(usd(-1)).toBe('-$0.01');
    expect(usd(10)).toBe('$0.10');
    expect(usd(99)).toBe('$0.99');
    expect(usd(100)).toBe('$1.00');
    expect(usd(925268)).toBe('$9,252.68');
    expect(usd(-925268)).toBe('-$9,252.68');
    expect(usd(99_999)).toBe('$999.99');
    expect(usd(100_000)).toBe('$1,000.00');
    expect(usd(123_456_789)).toBe('$1,234,567.89');
    expect(usd(10_000_000_000)).toBe('$100,000,000.00');
    expect(usd(-123_456_789_012)).toBe('-$1,234,567,890.12');
    expect(usd(Number.MAX_SAFE_INTEGER)).toBe('$90,071,992,547,409.91');
  });

  it('refuses what is not a whole number of cents instead of writing a float', () => {
    expect(() => usd(0.5)).toThrow(RangeError);
    expect(() => usd(Number.NaN)).toThrow(RangeError);
    expect(() => usd(2 ** 53)).toThrow(RangeError);
  });

  it('writes exactly what Intl.NumberFormat writes for any whole number of cents', () => {
    fc.assert(fc.property(fc.integer({ min: -(10 ** 15), max: 10 ** 15 }), (cents) => {
      const text = intl.format(Math.abs(cents) / 100);
      expect(usd(cents)).toBe(cents < 0 ? `-${text}` : text);
    }), { numRuns: 3000 });
  });

  it('rounds to whole dollars half away from zero, never writing "-$0"', () => {
    expect(usd(123_450, { wholeDollars: true })).toBe('$1,235');
    expect(usd(123_449, { wholeDollars: true })).toBe('$1,234');
    expect(usd(-123_450, { wholeDollars: true })).toBe('-$1,235');
    expect(usd(-49, { wholeDollars: true })).toBe('$0');
    expect(usd(-50, { wholeDollars: true })).toBe('-$1');
    expect(usd(0, { wholeDollars: true })).toBe('$0');
    expect(usd(1_000_000_000_00, { wholeDollars: true })).toBe('$1,000,000,000');
  });
});

describe('dates and months', () => {
  it('writes ISO dates as MM/DD/YYYY, at month and year ends and on a leap day', () => {
    expect(dateText('2026-11-26')).toBe('11/26/2026');
    expect(dateText('2025-12-31')).toBe('12/31/2025');
    expect(dateText('2026-01-01')).toBe('01/01/2026');
    expect(dateText('2024-02-29')).toBe('02/29/2024');
    expect(dateText('2026-06-30')).toBe('06/30/2026');
    expect(dateText('1900-01-01')).toBe('01/01/1900');
    expect(dateText('2099-12-31')).toBe('12/31/2099');
    expect(dateText('2026-11-26T23:59:59.999Z')).toBe('11/26/2026');
    expect(dateText('not a date')).toBe('not a date');
  });

  it('writes months as MM/YYYY from a month or any of its days', () => {
    expect(monthText('2025-12')).toBe('12/2025');
    expect(monthText('2026-01-01')).toBe('01/2026');
    expect(monthText('2099-12-31')).toBe('12/2099');
    expect(monthText('')).toBe('');
  });

  it("writes an instant's UTC day, the day the server's books use", () => {
    expect(dayText(new Date('2025-12-31T23:59:59Z'))).toBe('12/31/2025');
    expect(dayText(new Date('2026-01-01T00:00:00Z'))).toBe('01/01/2026');
  });
});

describe('percentText', () => {
  it('writes two decimals and no space before the sign', () => {
    expect([percentText(21.95), percentText(5), percentText(-3.5), percentText(0)]).toEqual(['21.95%', '5.00%', '-3.50%', '0.00%']);
  });
});
