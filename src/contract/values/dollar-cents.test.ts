import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsOf, parseCents, wholeUnits } from './dollar-cents';
import { usd } from './human-format';
import { parseAmount } from './money-text';

/** How the browser itself writes dollars: what the pages showed before formatting was done by hand. */
const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

describe('the third decimal: one rule for money text and figures', () => {
  it('refuses typed or sent text with a third decimal, with a message, on the server and in the forms alike', () => {
    for (const text of ['1.005', '0.001', '4042.505', '1.000']) {
      expect(parseAmount(text)).toEqual({ ok: false, reason: 'must have at most two decimals' });
      expect(parseCents(text)).toBeNull();
    }
    // A JSON number is read through its shortest decimal text, so 1.005 is refused too, never rounded to 1.00 or 1.01.
    expect(parseAmount(1.005)).toEqual({ ok: false, reason: 'must have at most two decimals' });
    expect(parseAmount('1.01')).toEqual({ ok: true, cents: 101 });
  });

  it('rounds a figure computed in the browser as the page shows it: the tie at the third decimal away from zero', () => {
    // toFixed would round the binary value 1.00499… down to 1.00; the shortest text, 1.005, rounds up.
    expect((1.005).toFixed(2)).toBe('1.00');
    expect(centsOf(1.005)).toBe(101);
    expect(centsOf(-1.005)).toBe(-101);
    expect(centsOf(1.004)).toBe(100);
    expect(centsOf(2.675)).toBe(268);
    expect(wholeUnits(999.995, 2)).toBe(100000);
    expect(wholeUnits(0.5, 0)).toBe(1);
    expect(usd(centsOf(1.005))).toBe(intl.format(1.005));
  });

  it('gives the cents the page shows for any figure, so what is added is what is seen', () => {
    fc.assert(fc.property(fc.double({ min: 0, max: 1e12, noNaN: true }), (amount) => {
      expect(usd(centsOf(amount))).toBe(intl.format(amount));
    }), { numRuns: 3000 });
    for (let k = 0; k < 1000; k++) expect(usd(centsOf(k + 0.005))).toBe(intl.format(k + 0.005));
  });

  it('reads every figure the API can answer (whole cents) exactly', () => {
    fc.assert(fc.property(fc.integer({ min: -(10 ** 13), max: 10 ** 13 }), (cents) => {
      expect(centsOf(cents / 100)).toBe(cents);
    }), { numRuns: 5000 });
  });
});
