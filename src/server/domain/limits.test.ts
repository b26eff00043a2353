import { describe, expect, it } from 'vitest';
import { firstNegativeDate } from './limits.js';

describe('running balance check (domain.md §3.3)', () => {
  it('refuses a withdrawal backdated before the investment (§6.2)', () => {
    expect(firstNegativeDate([
      { id: 1, date: '2024-01-05', cents: 10_000_000 },
      { id: 0, date: '2023-12-31', cents: -2_500_000 },
    ])).toBe('2023-12-31');
  });
  it('lets same-day money cover a withdrawal (§6.11b)', () => {
    expect(firstNegativeDate([
      { id: 2, date: '2024-06-01', cents: -5_000_000 },
      { id: 1, date: '2024-06-01', cents: 5_000_000 },
    ])).toBeNull();
  });
  it('allows a balance to reach exactly zero', () => {
    expect(firstNegativeDate([{ id: 1, date: '2024-01-01', cents: 100 }, { id: 2, date: '2024-02-01', cents: -100 }])).toBeNull();
  });
});
