import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { daysBetween } from './dates.js';
import { equityMultiple, investorFlows, NOTES, xirr, type DatedCents } from './xirr.js';

/** The date `days` after `start`, in UTC so no time zone shifts it. */
const addDays = (start: string, days: number) => new Date(Date.parse(`${start}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const start = fc.record({ y: fc.integer({ min: 2000, max: 2020 }), m: fc.integer({ min: 1, max: 12 }), d: fc.integer({ min: 1, max: 28 }) })
  .map(({ y, m, d }) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`);
const amount = fc.integer({ min: 1, max: 100_000_000 }); // up to $1M a payment

/**
 * An investor's life with one sign change, spanning more than a year: investments in the first two
 * years, then money out (withdrawals, the last on as_of standing for the terminal value).
 */
const oneSignChange = fc
  .record({
    start,
    ins: fc.array(fc.record({ day: fc.integer({ min: 0, max: 730 }), cents: amount }), { minLength: 1, maxLength: 6 }),
    gap: fc.integer({ min: 0, max: 3_000 }),
    outs: fc.array(fc.record({ day: fc.integer({ min: 0, max: 3_000 }), cents: amount }), { maxLength: 5 }),
    terminal: amount,
  })
  .map((r) => {
    const firstOut = Math.max(...r.ins.map((x) => x.day)) + 1;
    const asOfDay = Math.max(firstOut + r.gap, Math.min(...r.ins.map((x) => x.day)) + 365);
    const flows: DatedCents[] = [
      ...r.ins.map((x) => ({ date: addDays(r.start, x.day), cents: -x.cents })),
      ...r.outs.map((x) => ({ date: addDays(r.start, Math.min(firstOut + x.day, asOfDay)), cents: x.cents })),
      { date: addDays(r.start, asOfDay), cents: r.terminal },
    ];
    return { flows, asOf: addDays(r.start, asOfDay) };
  });

describe('xirr over random payments', () => {
  it('with one sign change a rate, if found, leaves the NPV within a cent; never ambiguous', () => {
    fc.assert(
      fc.property(oneSignChange, ({ flows, asOf }) => {
        const answer = xirr(flows, asOf);
        if (answer.percent === null) {
          // One sign change allows at most one rate (Descartes), so only one outside the range is missed.
          expect(answer.note).toBe(NOTES.noRoot);
          return;
        }
        expect(Math.abs(answer.npvCents)).toBeLessThan(1);
        // Two decimals of the percentage, the nearest to the rate (a half is out of the solver's reach).
        expect(Number(answer.percent.toFixed(2))).toBe(answer.percent);
        expect(Math.abs(answer.percent - answer.rate * 100)).toBeLessThanOrEqual(0.005 + 1e-9);
      }),
      { numRuns: 500 },
    );
  });

  it('two payments give the closed form (b / a)^(365 / days) − 1', () => {
    fc.assert(
      fc.property(start, fc.integer({ min: 365, max: 5_000 }), amount, amount, (s, days, a, b) => {
        const asOf = addDays(s, days);
        const answer = xirr([{ date: s, cents: -a }, { date: asOf, cents: b }], asOf);
        const expected = Math.pow(b / a, 365 / days) - 1;
        if (expected < -0.99 || expected > 100) expect(answer.percent).toBeNull();
        else if (answer.percent === null) throw new Error(answer.note);
        else expect(Math.abs(answer.rate - expected)).toBeLessThan(1e-9);
      }),
    );
  });
});

describe('investorFlows over random payments', () => {
  const dated = fc.array(fc.record({ date: start, cents: fc.integer({ min: 0, max: 100_000_000 }) }), { maxLength: 6 });

  it('merges by date, drops zeros, sorts, and keeps the sum', () => {
    fc.assert(
      fc.property(dated, dated, dated, fc.integer({ min: -1_000_000, max: 100_000_000 }), (investments, capitalReturned, cashWithdrawn, terminalCents) => {
        const asOf = '2021-01-01';
        const flows = investorFlows({ investments, capitalReturned, cashWithdrawn, terminalCents, asOf });
        const sum = (list: DatedCents[]) => list.reduce((s, f) => s + f.cents, 0);
        expect(sum(flows)).toBe(sum(capitalReturned) + sum(cashWithdrawn) + terminalCents - sum(investments));
        for (const f of flows) expect(f.cents).not.toBe(0);
        for (let k = 1; k < flows.length; k++) expect(daysBetween(flows[k - 1]!.date, flows[k]!.date)).toBeGreaterThan(0);
        // Each date's payment is what the inputs add up to on that date.
        for (const f of flows) {
          const on = (list: DatedCents[]) => sum(list.filter((x) => x.date === f.date));
          expect(f.cents).toBe(on(capitalReturned) + on(cashWithdrawn) + (f.date === asOf ? terminalCents : 0) - on(investments));
        }
      }),
    );
  });
});

describe('equityMultiple over random totals', () => {
  it('is (withdrawn + terminal) / invested to the nearest hundredth, halves away from zero', () => {
    // Up to $100 billion: the multiple's hundredths stay below 2^53, so the double holds them exactly.
    const cents = fc.integer({ min: -1e13, max: 1e13 });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e13 }), cents, cents, (invested, withdrawn, terminal) => {
        const m = equityMultiple(invested, withdrawn, terminal);
        if (m === null) throw new Error('a multiple was expected');
        // m × 100 is an integer k; k/100 must be within half a hundredth of the exact quotient.
        const k = BigInt(Math.round(m * 100));
        const exact = 100n * (BigInt(withdrawn) + BigInt(terminal)); // the quotient × 100 × invested
        const diff = exact - k * BigInt(invested);
        const twice = 2n * (diff < 0n ? -diff : diff);
        expect(twice <= BigInt(invested)).toBe(true);
        if (twice === BigInt(invested)) expect(k === 0n || (k > 0n) === (exact > 0n)).toBe(true);
        if (twice === BigInt(invested)) expect((k < 0n ? -k : k) * BigInt(invested) > (exact < 0n ? -exact : exact)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('is null for no investment', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 1e12 }), fc.integer({ min: 0, max: 1e12 }), (w, t) => {
      expect(equityMultiple(0, w, t)).toBeNull();
    }));
  });
});
