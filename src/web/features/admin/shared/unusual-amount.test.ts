import { describe, expect, it } from 'vitest';
import { medianCents, unusualAmountQuestion } from './unusual-amount';

describe('"Is this right?" for an unusual amount', () => {
  it('takes the median of the sample, the mean of the two middles for an even count', () => {
    expect(medianCents([7500, 100, 7500])).toBe(7500);
    expect(medianCents([100, 7500, 7400, 200])).toBe(3800);
  });

  it('asks about a $7,500 late fee when late fees are usually $75, naming the figures', () => {
    expect(unusualAmountQuestion(750000, [7500, 7500, 8000, 7500], 'Late Fee income for Oak Street')).toBe(
      '$7,500.00 is 100 times the usual Late Fee income for Oak Street: the median of the last 4 is $75.00.',
    );
  });

  it('does not ask within ten times the median, exactly ten times, or without three entries to judge by', () => {
    expect(unusualAmountQuestion(75000, [7500, 7500, 7500], 'x')).toBeNull();
    expect(unusualAmountQuestion(75001, [7500, 7500, 7500], 'x')).not.toBeNull();
    expect(unusualAmountQuestion(750000, [7500, 7500], 'x')).toBeNull();
    expect(unusualAmountQuestion(750000, [], 'x')).toBeNull();
  });
});
