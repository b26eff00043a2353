import { describe, expect, it } from 'vitest';
import { addDollars, centsOf, dollarsText, dollarsToCents, exceeds, parseCents } from './cents';

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

describe('addDollars and exceeds', () => {
  it('adds the server’s figures in cents, signs included', () => {
    expect(addDollars(0.1, 0.2)).toBe(0.3);
    expect(addDollars(100000, 2500.5)).toBe(102500.5);
    expect(addDollars(-402.5, 0.29)).toBe(-402.21);
    expect(addDollars()).toBe(0);
    expect(centsOf(-1.15)).toBe(-115);
  });

  it('compares a typed amount with a maximum in cents', () => {
    expect(exceeds('10402.51', 10402.5)).toBe(true);
    expect(exceeds('10402.50', 10402.5)).toBe(false);
    expect(exceeds('0.29', 0.29)).toBe(false);
    expect(exceeds('1.234', 5)).toBeNull();
  });
});
