import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { roundDiv } from './apportion.js';
import { allocate, feesInYear, type BooksInput } from './allocation.js';
import { investorBalances, investorFigures, type CashWithdrawal } from './investor-figures.js';

/** Random but valid books: capital never negative, amounts in cents, 2023–2025. */
const day = fc.record({ y: fc.integer({ min: 2023, max: 2025 }), m: fc.integer({ min: 1, max: 12 }), d: fc.integer({ min: 1, max: 28 }) })
  .map(({ y, m, d }) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`);
const month = day.map((d) => `${d.slice(0, 7)}-01`);

const books = fc
  .record({
    investors: fc.integer({ min: 1, max: 4 }),
    properties: fc.integer({ min: 1, max: 3 }),
    investments: fc.array(fc.record({ i: fc.nat(3), p: fc.nat(2), date: day, cents: fc.integer({ min: 1, max: 50_000_000 }) }), { maxLength: 8 }),
    withdrawals: fc.array(fc.record({ i: fc.nat(3), p: fc.nat(2), date: day, share: fc.double({ min: 0, max: 1, noNaN: true }) }), { maxLength: 4 }),
    nets: fc.array(fc.record({ p: fc.nat(2), month, cents: fc.integer({ min: -500_000, max: 1_000_000 }) }), { maxLength: 30 }),
    llcExpenses: fc.array(fc.record({ llc: fc.nat(1), date: day, cents: fc.integer({ min: 1, max: 200_000 }) }), { maxLength: 5 }),
    investorExpenses: fc.array(fc.record({ i: fc.nat(3), p: fc.nat(2), month, cents: fc.integer({ min: 1, max: 100_000 }) }), { maxLength: 4 }),
    bps: fc.array(fc.constantFrom(0, 500, 1000, 2500, 5000), { minLength: 4, maxLength: 4 }),
    cash: fc.array(fc.record({ i: fc.nat(3), date: day, cents: fc.integer({ min: 1, max: 300_000 }) }), { maxLength: 4 }),
  })
  .map((r) => {
    const properties = Array.from({ length: r.properties }, (_, k) => ({ id: k + 1, name: `P${k + 1}`, llcId: (k % 2) + 1, type: 'rental' as const, pictureUrl: '' }));
    const pid = (p: number) => (p % r.properties) + 1;
    const iid = (i: number) => (i % r.investors) + 1;
    const capital: BooksInput['capital'] = r.investments.map((x, k) => ({ id: k + 1, investorId: iid(x.i), propertyId: pid(x.p), date: x.date, cents: x.cents }));
    // A withdrawal takes part of what is there on its date, so capital never goes below zero.
    r.withdrawals.forEach((w, k) => {
      const balance = capital.filter((e) => e.investorId === iid(w.i) && e.propertyId === pid(w.p) && e.date <= w.date).reduce((s, e) => s + e.cents, 0);
      const later = capital.filter((e) => e.investorId === iid(w.i) && e.propertyId === pid(w.p) && e.date > w.date && e.cents < 0).reduce((s, e) => s + e.cents, 0);
      const cents = Math.floor((balance + later) * w.share);
      if (cents > 0) capital.push({ id: 100 + k, investorId: iid(w.i), propertyId: pid(w.p), date: w.date, cents: -cents });
    });
    const input: BooksInput = {
      properties,
      capital,
      propertyMonthNet: r.nets.map((n) => ({ propertyId: pid(n.p), month: n.month, cents: n.cents })),
      periodIncomes: [],
      investorExpenses: r.investorExpenses.map((e) => ({ investorId: iid(e.i), propertyId: pid(e.p), month: e.month, cents: e.cents })),
      llcExpenses: r.llcExpenses.map((e, k) => ({ id: k + 1, llcId: e.llc + 1, date: e.date, cents: e.cents })),
      fees: r.bps.slice(0, r.investors).map((bps, k) => ({ investorId: k + 1, month: '1900-01-01', bps })),
    };
    const cash: CashWithdrawal[] = r.cash.map((c, k) => ({ id: 200 + k, investorId: iid(c.i), date: c.date, cents: c.cents, description: '' }));
    return { input, cash, investorIds: Array.from({ length: r.investors }, (_, k) => k + 1) };
  });

describe('invariants over random ledgers (docs/rules/)', () => {
  it('T1: the owners’ shares of a property-month sum to its net income', () => {
    fc.assert(
      fc.property(books, ({ input }) => {
        const al = allocate(input);
        for (const [pid, months] of al.net) {
          if (al.unallocated.has(pid)) continue;
          for (const [m, n] of months) {
            let sum = 0;
            for (const inv of al.investors.values()) sum += inv.get(m)?.byProperty.get(pid)?.g ?? 0;
            expect(sum).toBe(n);
          }
        }
      }),
    );
  });

  it('T3: cash + fees + unallocated = income − expenses − cash withdrawals', () => {
    fc.assert(
      fc.property(books, ({ input, cash, investorIds }) => {
        const al = allocate(input);
        const totalCash = investorIds.reduce((s, i) => s + investorFigures(input, al, i, cash, '2025-12-31').cashBalance, 0);
        let fees = 0;
        for (const inv of al.investors.values()) for (const im of inv.values()) for (const pm of im.byProperty.values()) fees += pm.f;
        const unallocated = [...al.unallocated.values()].reduce((a, b) => a + b, 0);
        const net = input.propertyMonthNet.reduce((s, n) => s + n.cents, 0);
        const expenses = input.investorExpenses.reduce((s, e) => s + e.cents, 0) + input.llcExpenses.reduce((s, e) => s + e.cents, 0);
        const withdrawn = cash.reduce((s, c) => s + c.cents, 0);
        expect(totalCash + fees + unallocated).toBe(net - expenses - withdrawn + al.unallocatedLlcExpenses);
      }),
    );
  });

  it('T4: capital of each property equals investments minus withdrawals, and is never negative', () => {
    fc.assert(
      fc.property(books, ({ input, investorIds }) => {
        const al = allocate(input);
        for (const p of input.properties) {
          const expected = input.capital.filter((e) => e.propertyId === p.id).reduce((s, e) => s + e.cents, 0);
          const months = al.capitalMonths(p.id);
          const last = months.length ? months[months.length - 1]! : 0;
          const now = investorIds.reduce((s, i) => s + al.capitalAt(i, p.id, last), 0);
          expect(now).toBe(expected);
          expect(now).toBeGreaterThanOrEqual(0);
          for (const m of months) for (const i of investorIds) expect(al.capitalAt(i, p.id, m)).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });

  it('T5: at a constant rate the cumulative fee is round(bps × max(0, cumG)), never charged while cumG ≤ 0', () => {
    fc.assert(
      fc.property(books, ({ input }) => {
        const al = allocate(input);
        const rate = new Map(input.fees.map((f) => [f.investorId, f.bps]));
        for (const [iid, months] of al.investors) {
          for (const p of input.properties) {
            let cumG = 0;
            let cumFee = 0;
            for (const m of [...months.keys()].sort((a, b) => a - b)) {
              const pm = months.get(m)!.byProperty.get(p.id);
              if (!pm) continue;
              cumG += pm.g;
              cumFee += pm.f;
              expect(cumFee).toBe(Number(roundDiv(BigInt(rate.get(iid) ?? 0) * BigInt(Math.max(0, cumG)), 10000n)));
              if (cumG <= 0) expect(cumFee).toBe(0);
            }
          }
        }
      }),
    );
  });

  it('one investor’s allocation alone (onlyInvestor) gives exactly their amounts of the whole allocation', () => {
    fc.assert(
      fc.property(books, ({ input, cash, investorIds }) => {
        const whole = allocate(input);
        for (const iid of investorIds) {
          const alone = allocate(input, { onlyInvestor: iid });
          expect([...alone.investors.keys()].filter((k) => k !== iid)).toEqual([]);
          expect(alone.investors.get(iid)).toEqual(whole.investors.get(iid));
          expect(investorFigures(input, alone, iid, cash, '2025-12-31')).toEqual(investorFigures(input, whole, iid, cash, '2025-12-31'));
        }
      }),
    );
  });

  it('every investor’s balances in one pass (the admin summary) equal their figures’ capital and cash', () => {
    fc.assert(
      fc.property(books, ({ input, cash, investorIds }) => {
        const al = allocate(input);
        const balances = investorBalances(input, al, cash);
        for (const iid of investorIds) {
          const f = investorFigures(input, al, iid, cash, '2025-12-31');
          expect(balances.get(iid) ?? { capital: 0, cash: 0 }).toEqual({ capital: f.totalInvestments, cash: f.cashBalance });
        }
      }),
    );
  });

  it('a year\'s fees on some properties: the years add up to every fee, and no property means no fee', () => {
    fc.assert(
      fc.property(books, ({ input, investorIds }) => {
        const al = allocate(input);
        const allIds = input.properties.map((p) => p.id);
        for (const i of investorIds) {
          let every = 0;
          for (const im of al.investors.get(i)?.values() ?? []) for (const pm of im.byProperty.values()) every += pm.f;
          const byYear = [2023, 2024, 2025].reduce((sum, y) => sum + (feesInYear(al, y, allIds).get(i) ?? 0), 0);
          expect(byYear).toBe(every);
          expect(feesInYear(al, 2024, []).get(i) ?? 0).toBe(0);
          // Split by property, the parts add up to the whole.
          const parts = allIds.reduce((sum, pid) => sum + (feesInYear(al, 2024, [pid]).get(i) ?? 0), 0);
          expect(parts).toBe(feesInYear(al, 2024, allIds).get(i) ?? 0);
        }
      }),
    );
  });
});
