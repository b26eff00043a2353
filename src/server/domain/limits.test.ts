import { describe, expect, it } from 'vitest';
import { firstNegativeDate, maxCashWithdrawal, maxOfNet } from './limits.js';

describe('running balance check (docs/rules/withdrawals.md)', () => {
  it('refuses a withdrawal backdated before the investment (edge case 2)', () => {
    expect(firstNegativeDate([
      { id: 1, date: '2024-01-05', cents: 10_000_000 },
      { id: 0, date: '2023-12-31', cents: -2_500_000 },
    ])).toBe('2023-12-31');
  });
  it('lets same-day money cover a withdrawal (edge case 11b)', () => {
    expect(firstNegativeDate([
      { id: 2, date: '2024-06-01', cents: -5_000_000 },
      { id: 1, date: '2024-06-01', cents: 5_000_000 },
    ])).toBeNull();
  });
  it('allows a balance to reach exactly zero', () => {
    expect(firstNegativeDate([{ id: 1, date: '2024-01-01', cents: 100 }, { id: 2, date: '2024-02-01', cents: -100 }])).toBeNull();
  });
});

describe('withdrawal maximums (docs/rules/withdrawals.md)', () => {
  it('allows the cash balance, and nothing when it is negative (edge case 3)', () => {
    expect(maxCashWithdrawal(404_250)).toBe(404_250); // A after the Q2 distribution: 4,042.50
    expect(maxCashWithdrawal(-1_234)).toBe(0);
  });
  it('allows what was put in and not yet taken out', () => {
    expect(maxOfNet(10_000_000, 2_500_000)).toBe(7_500_000); // A in P: 100,000 − 25,000
    expect(maxOfNet(200_000, 200_000)).toBe(0); // every deposit refunded
    expect(maxOfNet(0, 100)).toBe(0);
  });
});
