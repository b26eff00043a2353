import { describe, expect, it } from 'vitest';
import { isRoutingNumber } from './routing-number.js';

describe('ABA routing numbers', () => {
  it('takes published routing numbers', () => {
    // The Federal Reserve Bank of New York, and JPMorgan Chase in New York: both as printed on checks.
    expect(isRoutingNumber('021000021')).toBe(true);
    expect(isRoutingNumber('011000015')).toBe(true);
  });
  it('refuses a single mistyped digit, a swap of neighbours, and anything that is not nine digits', () => {
    expect(isRoutingNumber('021000022')).toBe(false);
    expect(isRoutingNumber('012000021')).toBe(false);
    expect(isRoutingNumber('02100002')).toBe(false);
    expect(isRoutingNumber('0210000211')).toBe(false);
    expect(isRoutingNumber('02100002a')).toBe(false);
    expect(isRoutingNumber(' 021000021')).toBe(false);
  });
});
