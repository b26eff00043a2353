import { describe, expect, it } from 'vitest';
import { bpsToPercent, percentToBps, rateText } from './rate-percent';

describe('a rate typed as a percent', () => {
  it.each([['7.5', 750], ['7.50', 750], ['7.15', 715], ['0.25', 25], [' 8 ', 800], ['100', 10000], ['4.67', 467], ['0', 0], ['12.', 1200]])(
    'reads %j as %i basis points', (text, bps) => expect(percentToBps(text)).toBe(bps));
  it.each(['', '7.125', '-1', '100.01', 'abc', '7,5', '1000'])('refuses %j', (text) => expect(percentToBps(text)).toBeNull());
  it.each([[750, '7.5'], [800, '8'], [467, '4.67'], [5, '0.05'], [0, '0']])('writes %i back as %j', (bps, text) => expect(bpsToPercent(bps)).toBe(text));
  it('reads a rate with two decimals', () => expect(rateText(467)).toBe('4.67%'));
});
