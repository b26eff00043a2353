import { describe, expect, it } from 'vitest';
import { FEE_CHOICE_TEXTS, FEE_CHOICES, FEE_CHOICES_BPS, parseFeeFraction } from './fee-fraction.js';

describe('parseFeeFraction (docs/security.md V3)', () => {
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

describe('the fee choices the API reference lists (fields.ts)', () => {
  it('are each accepted, as text and as a number, and are every choice there is', () => {
    for (const text of FEE_CHOICE_TEXTS) expect(parseFeeFraction(text), text).not.toBeNull();
    for (const n of FEE_CHOICES) expect(parseFeeFraction(n), String(n)).not.toBeNull();
    expect(new Set(FEE_CHOICE_TEXTS.map((t) => parseFeeFraction(t)))).toEqual(new Set(FEE_CHOICES_BPS));
    expect(FEE_CHOICES.map((n) => parseFeeFraction(n))).toEqual(FEE_CHOICES_BPS);
  });
});
