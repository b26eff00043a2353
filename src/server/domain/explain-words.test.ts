import { describe, expect, it } from 'vitest';
import { minusTerm, shareOf, usd } from './explain-words.js';

describe('the words of the explanations', () => {
  it('writes dollars with thousands separators and a minus sign', () => {
    expect([0, 5, 99, 100, 123456, 100000000, 12345678901, -18750, -5].map(usd)).toEqual([
      '$0.00', '$0.05', '$0.99', '$1.00', '$1,234.56', '$1,000,000.00', '$123,456,789.01', '−$187.50', '−$0.05',
    ]);
  });

  it('writes a fee as a term taken away, and a clawback as one given back', () => {
    expect(minusTerm('fee', 15000)).toBe(' − fee $150.00');
    expect(minusTerm('fee', -4000)).toBe(' + fee back $40.00');
  });

  it('writes an owner’s share as a percent without trailing zeros', () => {
    const weights = new Map([[1, 100_000], [2, 50_000], [3, 10_000]]);
    expect([shareOf(weights, 1), shareOf(weights, 2), shareOf(weights, 3), shareOf(weights, 4)]).toEqual(['62.5%', '31.25%', '6.25%', '0%']);
  });
});
