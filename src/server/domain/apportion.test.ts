import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { apportion, apportionBig, apportionEach, apportionOne, percent, roundDiv } from './apportion.js';

const split = (total: number, weights: number[]) => [...apportion(total, weights.map((weight, key) => ({ key, weight }))).values()];

describe('apportion (docs/rules/ownership.md)', () => {
  it('gives exactly the BigInt split on its fast path, remainders and ties included', () => {
    const shares = fc.uniqueArray(fc.record({ key: fc.integer({ min: 0, max: 500 }), weight: fc.oneof(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 1e9 })) }), {
      minLength: 1, maxLength: 40, selector: (s) => s.key,
    }).filter((xs) => xs.some((x) => x.weight > 0));
    const total = fc.oneof(fc.integer({ min: -1000, max: 1000 }), fc.integer({ min: -1e6, max: 1e6 }));
    fc.assert(
      fc.property(total, shares, (t, xs) => {
        expect(apportion(t, xs)).toEqual(apportionBig(t, xs));
      }),
      { numRuns: 2000 },
    );
  });

  it('hands each share its part in order (apportionEach), a split made inside another\'s callback included', () => {
    const shares = fc.uniqueArray(fc.record({ key: fc.integer({ min: 0, max: 200 }), weight: fc.integer({ min: 0, max: 1e6 }) }), {
      minLength: 1, maxLength: 150, selector: (s) => s.key,
    }).filter((xs) => xs.some((x) => x.weight > 0));
    const total = fc.integer({ min: -1e7, max: 1e7 });
    fc.assert(
      fc.property(total, shares, total, shares, (t, xs, innerTotal, inner) => {
        const outer: [number, number][] = [];
        const nested: [number, number][][] = [];
        apportionEach(t, xs, (key, part) => {
          outer.push([key, part]);
          const parts: [number, number][] = [];
          apportionEach(innerTotal, inner, (k, p) => parts.push([k, p]));
          nested.push(parts);
        });
        expect(outer).toEqual([...apportionBig(t, xs)]);
        for (const parts of nested) expect(parts).toEqual([...apportionBig(innerTotal, inner)]);
      }),
      { numRuns: 300 },
    );
  });

  it('gives each key alone (apportionOne) exactly its part of the whole split, ties and products beyond 2^53 included', () => {
    const shares = fc.uniqueArray(fc.record({ key: fc.integer({ min: 0, max: 60 }), weight: fc.oneof(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 0, max: 1e13 })) }), {
      minLength: 1, maxLength: 30, selector: (s) => s.key,
    }).filter((xs) => xs.some((x) => x.weight > 0));
    const total = fc.oneof(fc.integer({ min: -1000, max: 1000 }), fc.integer({ min: -1e9, max: 1e9 }));
    fc.assert(
      fc.property(total, shares, fc.integer({ min: 0, max: 61 }), (t, xs, key) => {
        expect(apportionOne(t, new Map(xs.map((x) => [x.key, x.weight])), key)).toBe(apportion(t, xs).get(key) ?? 0);
      }),
      { numRuns: 3000 },
    );
  });

  it.each([
    // $100.00 / 3 = 33.333…: floors 33.33 each, 1 cent left → the first key (ties: weight, then key)
    [10000, [1, 1, 1], [3334, 3333, 3333]],
    // −$100.00 / 3: floors −33.34 each (toward −∞), R = 2 cents → keys 0 and 1 get +1
    [-10000, [1, 1, 1], [-3333, -3333, -3334]],
    // $1,000.01 by 60k/25k/15k: exact 600.006 / 250.0025 / 150.0015 → 600.01, 250.00, 150.00
    [100001, [60000, 25000, 15000], [60001, 25000, 15000]],
    // Maple P in May: 1,500 by 100,000 : 50,000 → 1,000 : 500
    [150000, [10000000, 5000000], [100000, 50000]],
    // July: −600 by 2:1 → −400, −200
    [-60000, [10000000, 5000000], [-40000, -20000]],
    // LLC Jan: 300 by A 100k, C 60k → 187.50 / 112.50
    [-30000, [10000000, 6000000], [-18750, -11250]],
  ])('splits %i by %j into %j', (total, weights, expected) => {
    expect(split(total, weights)).toEqual(expected);
  });

  it('survives products beyond 2^53 (edge case 15)', () => {
    // 1e9 cents × 1e10 cents weights: exact in BigInt
    expect(split(1_000_000_001, [10_000_000_000, 10_000_000_000])).toEqual([500_000_001, 500_000_000]);
  });

  it('always sums to the total, and no share is off its exact value by a cent or more', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e12, max: 1e12 }),
        fc.array(fc.integer({ min: 0, max: 1e10 }), { minLength: 1, maxLength: 8 }).filter((w) => w.some((x) => x > 0)),
        (total, weights) => {
          const parts = split(total, weights);
          expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
          const sum = weights.reduce((a, b) => a + b, 0);
          parts.forEach((p, k) => expect(Math.abs(p - (total * weights[k]!) / sum)).toBeLessThan(1.0000001));
        },
      ),
    );
  });
});

describe('rounding single values', () => {
  it('rounds half away from zero', () => {
    expect(roundDiv(5n, 10n)).toBe(1n); // 0.5 → 1
    expect(roundDiv(-5n, 10n)).toBe(-1n);
    expect(roundDiv(14n, 10n)).toBe(1n);
  });
  it('makes percents with two decimals', () => {
    expect(percent(1004250, 10000000)).toBe(10.04); // 10,042.50 / 100,000
    expect(percent(0, 0)).toBe(0);
  });
});
