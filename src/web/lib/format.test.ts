import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCurrency } from './format';

/** What the formatter wrote before it was written by hand (docs/performance.md): the browser's own. */
const intl = {
  2: new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  0: new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 0 }),
};
const byIntl = (amount: number, rounded = false) => {
  const text = intl[rounded ? 0 : 2].format(Math.abs(amount));
  return amount < 0 && text !== '$0.00' && text !== '$0' ? `-${text}` : text;
};

describe('formatCurrency', () => {
  it('writes en-US dollars with a minus sign (docs/product.md "Formats and constants")', () => {
    expect(formatCurrency(1234.5)).toBe('$1,234.50');
    expect(formatCurrency(-5)).toBe('-$5.00');
    expect(formatCurrency(0)).toBe('$0.00');
    expect(formatCurrency(-0.001)).toBe('$0.00');
    expect(formatCurrency(999.995)).toBe('$1,000.00');
    expect(formatCurrency(1234.5, { rounded: true })).toBe('$1,235');
    expect(formatCurrency(-0.4, { rounded: true })).toBe('$0');
    expect(formatCurrency(12345678901.23)).toBe('$12,345,678,901.23');
  });

  it('writes exactly what Intl.NumberFormat wrote, for whole cents and for any double', () => {
    fc.assert(fc.property(fc.integer({ min: -(10 ** 13), max: 10 ** 13 }), fc.boolean(), (cents, rounded) => {
      expect(formatCurrency(cents / 100, { rounded })).toBe(byIntl(cents / 100, rounded));
    }), { numRuns: 5000 });
    fc.assert(fc.property(fc.double({ min: -1e12, max: 1e12, noNaN: true }), fc.boolean(), (amount, rounded) => {
      expect(formatCurrency(amount, { rounded })).toBe(byIntl(amount, rounded));
    }), { numRuns: 5000 });
    // Ties at the last written digit, where a rounding rule shows.
    for (let k = 0; k < 2000; k++) {
      expect(formatCurrency(k + 0.005)).toBe(byIntl(k + 0.005));
      expect(formatCurrency(k + 0.5, { rounded: true })).toBe(byIntl(k + 0.5, true));
    }
  });
});
