import { describe, expect, it } from 'vitest';
import { dollarsText, dollarsToCents, parseCents } from './cents';

describe('parseCents', () => {
  it('reads decimal text into whole cents without float arithmetic', () => {
    expect(parseCents('0')).toBe(0);
    expect(parseCents('0.29')).toBe(29);
    expect(parseCents('1234.5')).toBe(123450);
    expect(parseCents('4042.50')).toBe(404250);
    expect(parseCents('4042.51')).toBe(404251);
    expect(parseCents('.5')).toBe(50);
    expect(parseCents('7.')).toBe(700);
    expect(parseCents(' 12 ')).toBe(1200);
  });

  it('refuses anything that is not a non-negative amount with at most two decimals', () => {
    for (const bad of ['', '.', '-1', '1.234', '1e3', 'abc', '1,000', '99999999999999999999']) expect(parseCents(bad)).toBeNull();
  });
});

describe('dollarsToCents', () => {
  it('turns the server’s dollar figures into cents exactly', () => {
    expect(dollarsToCents(4042.5)).toBe(404250);
    expect(dollarsToCents(10402.5)).toBe(1040250);
    expect(dollarsToCents(0.29)).toBe(29);
    expect(dollarsToCents(1.15)).toBe(115);
    expect(dollarsToCents(0)).toBe(0);
    expect(dollarsText(100000)).toBe('100000.00');
  });
});
