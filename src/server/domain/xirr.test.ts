import { describe, expect, it } from 'vitest';
import { daysBetween } from './dates.js';
import { equityMultiple, investorFlows, mergeFlows, NOTES, xirr, type DatedCents, type XirrAnswer } from './xirr.js';

const dollars = (list: [string, number][]): DatedCents[] => list.map(([date, d]) => ({ date, cents: d * 100 }));

function rateOf(answer: XirrAnswer): { percent: number; rate: number; npvCents: number } {
  if (answer.percent === null) throw new Error(`expected a rate, got: ${answer.note}`);
  return answer;
}

describe('xirr against published values', () => {
  it("Excel's XIRR documentation example: 37.34 %", () => {
    const flows = dollars([
      ['2008-01-01', -10_000],
      ['2008-03-01', 2_750],
      ['2008-10-30', 4_250],
      ['2009-02-15', 3_250],
      ['2009-04-01', 2_750],
    ]);
    const answer = rateOf(xirr(flows, '2009-04-01'));
    expect(Math.abs(answer.rate - 0.373362535)).toBeLessThan(1e-8);
    expect(answer.percent).toBe(37.34);
    expect(Math.abs(answer.npvCents)).toBeLessThan(1);
  });

  it("the Rust xirr crate's example: 16.35 %", () => {
    const flows = dollars([
      ['2015-06-11', -1_000],
      ['2015-07-21', -9_000],
      ['2015-10-17', -3_000],
      ['2018-06-10', 20_000],
    ]);
    const answer = rateOf(xirr(flows, '2018-06-10'));
    expect(Math.abs(answer.rate - 0.1635371584)).toBeLessThan(1e-9);
    expect(answer.percent).toBe(16.35);
  });

  it('−1,000 then +1,100 a year (365 days) later is exactly 10.00 %', () => {
    const answer = rateOf(xirr(dollars([['2021-01-01', -1_000], ['2022-01-01', 1_100]]), '2022-01-01'));
    expect(answer.percent).toBe(10);
    expect(Math.abs(answer.rate - 0.1)).toBeLessThan(1e-12);
  });

  it('counts days across a leap year: 366 days at 10 % a year', () => {
    // 2024 has 366 days, so 1,100 after 366 days is a little under 10 % a year: 1.1^(365/366) − 1.
    const answer = rateOf(xirr(dollars([['2024-01-01', -1_000], ['2025-01-01', 1_100]]), '2025-01-01'));
    expect(Math.abs(answer.rate - (Math.pow(1.1, 365 / 366) - 1))).toBeLessThan(1e-12);
    expect(answer.percent).toBe(9.97);
  });

  it('a loss is a negative rate: −1,000 then +500 two years later is −29.29 %', () => {
    // 0.5^(365/730) − 1 = −0.292893…
    const answer = rateOf(xirr(dollars([['2020-03-01', -1_000], ['2022-03-01', 500]]), '2022-03-01'));
    expect(Math.abs(answer.rate - (Math.sqrt(0.5) - 1))).toBeLessThan(1e-9);
    expect(answer.percent).toBe(-29.29);
  });

  it('adds payments on one date before solving, and returns the merged payments', () => {
    const split = dollars([['2022-01-01', -600], ['2022-01-01', -400], ['2023-01-01', 500], ['2023-01-01', 600]]);
    const answer = xirr(split, '2023-01-01');
    expect(answer.flows).toEqual(dollars([['2022-01-01', -1_000], ['2023-01-01', 1_100]]));
    expect(answer.percent).toBe(10);
  });
});

describe('xirr without an answer', () => {
  it('+100, −230, +132 a year apart fit both 10 % and 20 %: ambiguous', () => {
    const answer = xirr(dollars([['2020-01-01', 100], ['2020-12-31', -230], ['2021-12-31', 132]]), '2021-12-31');
    expect(answer.percent).toBeNull();
    if (answer.percent !== null) return;
    expect(answer.note).toMatch(/ambiguous/);
    expect(answer.note).toContain('10.00 %');
    expect(answer.note).toContain('20.00 %');
  });

  it('money only went in (no sign change)', () => {
    const answer = xirr(dollars([['2020-01-01', -1_000], ['2021-06-01', -500]]), '2022-01-01');
    expect(answer).toMatchObject({ percent: null, note: NOTES.onlyIn });
    expect(NOTES.onlyIn).toBe('No return can be computed: money only went in.');
  });

  it('money only came out, and nothing at all', () => {
    expect(xirr(dollars([['2020-01-01', 1_000]]), '2022-01-01')).toMatchObject({ percent: null, note: NOTES.onlyOut });
    expect(xirr([], '2022-01-01')).toMatchObject({ percent: null, note: NOTES.nothing });
    expect(xirr(dollars([['2020-01-01', -5], ['2020-01-01', 5]]), '2022-01-01')).toMatchObject({ percent: null, note: NOTES.nothing, flows: [] });
  });

  it('the first payment less than 365 days before as_of: not annualised', () => {
    const flows = dollars([['2021-01-02', -1_000], ['2022-01-01', 1_100]]);
    expect(daysBetween('2021-01-02', '2022-01-01')).toBe(364);
    expect(xirr(flows, '2022-01-01')).toMatchObject({ percent: null, note: NOTES.underAYear });
    // The same payments a day later are a year old.
    expect(xirr(flows, '2022-01-02').percent).not.toBeNull();
  });

  it('no rate between −99 % and 10,000 %', () => {
    // 1 cent back on 1,000 after a year is −99.999 %, below the range searched.
    const answer = xirr([{ date: '2020-01-01', cents: -100_000 }, { date: '2021-01-01', cents: 1 }], '2021-01-01');
    expect(answer).toMatchObject({ percent: null, note: NOTES.noRoot });
  });

  it('refuses a payment after as_of and a date that is not in the calendar', () => {
    expect(() => xirr(dollars([['2020-01-01', -1], ['2023-01-01', 2]]), '2022-01-01')).toThrow(RangeError);
    expect(() => xirr(dollars([['2023-02-29', -1]]), '2024-01-01')).toThrow(RangeError);
  });
});

describe('investorFlows', () => {
  it('investments in, both withdrawal kinds and the terminal value out, merged by date', () => {
    const flows = investorFlows({
      investments: dollars([['2020-01-01', 10_000], ['2020-06-01', 5_000]]),
      capitalReturned: dollars([['2021-01-01', 2_000]]),
      cashWithdrawn: dollars([['2021-01-01', 300], ['2021-07-01', 400]]),
      terminalCents: 1_400_000,
      asOf: '2022-01-01',
    });
    expect(flows).toEqual(
      dollars([['2020-01-01', -10_000], ['2020-06-01', -5_000], ['2021-01-01', 2_300], ['2021-07-01', 400], ['2022-01-01', 14_000]]),
    );
  });

  it('a terminal value of 0 adds no payment; negative recorded amounts are refused', () => {
    const base = { investments: dollars([['2020-01-01', 1]]), capitalReturned: [], cashWithdrawn: [], asOf: '2022-01-01' };
    expect(investorFlows({ ...base, terminalCents: 0 })).toEqual(dollars([['2020-01-01', -1]]));
    expect(() => investorFlows({ ...base, investments: dollars([['2020-01-01', -1]]), terminalCents: 0 })).toThrow(RangeError);
  });

  it('mergeFlows refuses fractions of a cent', () => {
    expect(() => mergeFlows([{ date: '2020-01-01', cents: 0.5 }])).toThrow(RangeError);
  });
});

describe('equityMultiple', () => {
  it('10,000 in, 2,000 + 1,000 out and 9,000 held: 1.20', () => {
    expect(equityMultiple(1_000_000, 300_000, 900_000)).toBe(1.2);
  });

  it('rounds half away from zero, exactly', () => {
    expect(equityMultiple(200, 0, 1)).toBe(0.01); // 0.005
    expect(equityMultiple(200, 0, 3)).toBe(0.02); // 0.015
    expect(equityMultiple(20_000, 0, 20_100)).toBe(1.01); // 1.005: in floats 1.005 × 100 is 100.4999…, so 1.00
    expect(equityMultiple(200, 0, -1)).toBe(-0.01); // −0.005
    expect(equityMultiple(300, 0, 100)).toBe(0.33);
    expect(equityMultiple(300, 0, 200)).toBe(0.67);
  });

  it('is null without investments, and 0 when nothing came back', () => {
    expect(equityMultiple(0, 500, 500)).toBeNull();
    expect(equityMultiple(1_000, 0, 0)).toBe(0);
    expect(Object.is(equityMultiple(1_000, 0, -1), 0)).toBe(true); // not −0
  });

  it('stays exact past 2^53 in the intermediate product', () => {
    expect(equityMultiple(Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER)).toBe(2);
  });
});

describe('money put in on the as-of date itself', () => {
  it('says the return is under a year old, not that nothing moved', () => {
    const flows = investorFlows({ investments: dollars([['2026-01-15', 1000]]), capitalReturned: [], cashWithdrawn: [], terminalCents: 100_000, asOf: '2026-01-15' });
    expect(flows).toEqual([]);
    expect(xirr([{ date: '2026-01-15', cents: -100_000 }, { date: '2026-01-15', cents: 100_000 }], '2026-01-15')).toMatchObject({ percent: null, note: NOTES.underAYear });
    expect(xirr([], '2026-01-15')).toMatchObject({ percent: null, note: NOTES.nothing });
  });
});
