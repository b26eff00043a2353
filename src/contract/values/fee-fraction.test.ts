import { describe, expect, it } from 'vitest';
import { parseFeeFraction } from './fee-fraction.js';

describe('parseFeeFraction (security.md V3)', () => {
  it.each([
    ['0', 0],
    ['0.0', 0],
    ['0.05', 500],
    ['0.1', 1000],
    ['0.50', 5000],
    [0.25, 2500],
    ['.5', 5000],
  ])('accepts %j as %i bps', (input, bps) => expect(parseFeeFraction(input)).toBe(bps));

  it.each(['0.051', '0.55', '-0.05', '5%', '', 'abc', '1', '0.03', '05', '.', '0.'])('rejects %j', (input) =>
    expect(parseFeeFraction(input)).toBeNull(),
  );
});
