import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MAX_AMOUNT_CENTS, parseAmount } from '../../contract/values/money-text.js';
import { centsToDollars, formatCents, usd } from './money.js';

describe('parseAmount (docs/rules/README.md, docs/security.md V2)', () => {
  it.each([
    ['1', 100],
    ['1.5', 150],
    ['1.05', 105],
    [' 2000.00 ', 200000],
    [0.01, 1],
    [1234.56, 123456],
    [100000000, MAX_AMOUNT_CENTS],
  ])('accepts %j as %i cents', (input, cents) => {
    expect(parseAmount(input)).toEqual({ ok: true, cents });
  });

  it.each([
    ['-1', /greater than zero/],
    [-0.01, /greater than zero/],
    ['0', /greater than zero/],
    [0, /greater than zero/],
    ['0.001', /at most two decimals/],
    [0.1 + 0.2, /at most two decimals/], // 0.30000000000000004
    ['1e3', /at most two decimals/],
    [1e21, /at most two decimals/], // String(1e21) is "1e+21"
    ['', /number/],
    ['abc', /number/],
    ['NaN', /number/],
    [Number.NaN, /must be a number/],
    [Number.POSITIVE_INFINITY, /must be a number/],
    [true, /must be a number/],
    [null, /must be a number/],
    [[1], /must be a number/],
    ['100000000.01', /at most 100000000.00/],
  ])('rejects %j', (input, reason) => {
    const r = parseAmount(input);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(reason);
  });

  it('round-trips every cent value through its decimal text', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_AMOUNT_CENTS }), (c) => {
        expect(parseAmount(formatCents(c))).toEqual({ ok: true, cents: c });
        expect(parseAmount(centsToDollars(c))).toEqual({ ok: true, cents: c });
      }),
    );
  });

  it('formats negatives with a minus sign and two decimals', () => {
    expect(formatCents(-5)).toBe('-0.05');
    expect(formatCents(7500000)).toBe('75000.00');
    expect(formatCents(0)).toBe('0.00');
  });
});

describe('usd', () => {
  it('groups thousands and keeps the sign and the cents exact', () => {
    expect([usd(0), usd(5), usd(-5), usd(123456), usd(100000000), usd(-123456789012)]).toEqual([
      '$0.00', '$0.05', '-$0.05', '$1,234.56', '$1,000,000.00', '-$1,234,567,890.12',
    ]);
  });
});
