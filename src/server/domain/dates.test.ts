import { describe, expect, it } from 'vitest';
import { isValidDate, toMonthStart } from '../../contract/values/calendar.js';
import { dayBefore, daysBetween, daysInclusive, monthOf } from './dates.js';

describe('dates', () => {
  it.each(['2024-02-29', '1900-01-01', '2099-12-31', '2024-07-22'])('accepts %s', (d) => expect(isValidDate(d)).toBe(true));
  it.each(['2023-02-29', '1899-12-31', '2100-01-01', '2024-13-01', '2024-7-22', '22/07/2024', '', '2024-07-22T00:00'])(
    'rejects %j',
    (d) => expect(isValidDate(d)).toBe(false),
  );
  it('turns a month or a day into the month start', () => {
    expect(toMonthStart('2024-07')).toBe('2024-07-01');
    expect(toMonthStart('2024-07-22')).toBe('2024-07-01');
    expect(toMonthStart('2024-02-30')).toBeNull();
    expect(toMonthStart('2100-01')).toBeNull();
    expect(monthOf('2024-07-22')).toBe('2024-07-01');
  });
  it('counts days inclusively (docs/rules/ownership.md: 2024-01-16..2024-03-15 is 60 days)', () => {
    expect(daysInclusive('2024-01-16', '2024-03-15')).toBe(60);
    expect(daysInclusive('2024-01-01', '2024-01-01')).toBe(1);
  });
});

describe('dayBefore and daysBetween', () => {
  it('steps across month, year and leap-day boundaries by the calendar', () => {
    expect(['2024-01-01', '2024-03-01', '2023-03-01', '2024-07-16'].map(dayBefore)).toEqual(['2023-12-31', '2024-02-29', '2023-02-28', '2024-07-15']);
    expect([daysBetween('2024-01-01', '2025-01-01'), daysBetween('2025-01-01', '2024-01-01')]).toEqual([366, -366]);
    expect(() => daysBetween('2024-02-30', '2024-03-01')).toThrow(RangeError);
  });
});
