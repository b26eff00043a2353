import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocate, type BooksInput } from './allocation.js';
import { installmentSchedule, yearOfSale } from './installment-sale.js';
import { taxReport, type TaxItem, type TaxProperty } from './tax-report.js';

/** Random books of one LLC in 2024 (capital from 2023), and the tax report of 2024 over them. */
const day = (year: number) =>
  fc.record({ m: fc.integer({ min: 1, max: 12 }), d: fc.integer({ min: 1, max: 28 }) })
    .map(({ m, d }) => `${year}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`);
const TYPES = ['rental', 'land_contract', 'other'] as const;

const ledger = fc
  .record({
    types: fc.array(fc.constantFrom(...TYPES), { minLength: 1, maxLength: 3 }),
    withTerms: fc.boolean(),
    investors: fc.integer({ min: 1, max: 4 }),
    capital: fc.array(fc.record({ i: fc.nat(3), p: fc.nat(2), date: fc.oneof(day(2023), day(2024)), cents: fc.integer({ min: 1, max: 90_000_000 }) }), { maxLength: 8 }),
    items: fc.array(
      fc.record({
        kind: fc.constantFrom('income', 'lc_payment', 'expense', 'investor_expense', 'llc_expense'),
        p: fc.nat(2), i: fc.nat(3), date: day(2024), forMonth: day(2024), cents: fc.integer({ min: 1, max: 3_000_000 }), period: fc.boolean(),
      }),
      { maxLength: 25 },
    ),
  })
  .map((r) => {
    const properties: TaxProperty[] = r.types.map((type, k) => ({
      id: k + 1, name: `P${k + 1}`, type, bucket: type === 'rental' ? 'rental' : 'portfolio', nonresidential: false,
      purchaseDate: '2020-01-10', purchasePriceCents: 30_000_000, landValueCents: 5_000_000,
      terms: type === 'land_contract' && r.withTerms
        ? { saleDate: '2023-06-01', salePriceCents: 40_000_000, downPaymentCents: 4_000_000, adjustedBasisCents: 30_000_000, rateBps: 700, sellingExpensesCents: 0 }
        : null,
    }));
    const pid = (p: number) => (p % properties.length) + 1;
    const iid = (i: number) => (i % r.investors) + 1;
    const books: BooksInput = {
      properties: properties.map((p) => ({ id: p.id, name: p.name, llcId: 1, type: p.type, pictureUrl: '' })),
      capital: r.capital.map((c, k) => ({ id: k + 1, investorId: iid(c.i), propertyId: pid(c.p), date: c.date, cents: c.cents })),
      propertyMonthNet: [], periodIncomes: [], investorExpenses: [], llcExpenses: [], fees: [],
    };
    const items: TaxItem[] = r.items.map((x) => {
      const property = properties[pid(x.p) - 1]!;
      const kind = x.kind === 'lc_payment' && property.type !== 'land_contract' ? 'income' : x.kind;
      const llc = kind === 'llc_expense';
      const forMonth = `${x.forMonth.slice(0, 7)}-01`;
      return {
        kind, propertyId: llc ? null : property.id, investorId: kind === 'investor_expense' ? iid(x.i) : null, date: x.date,
        forMonth: llc ? `${x.date.slice(0, 7)}-01` : forMonth,
        period: kind === 'income' && x.period ? { start: forMonth, end: `2025-${x.forMonth.slice(5, 10)}` } : null,
        cents: x.cents, category: kind,
      };
    });
    return { properties, books, items, investorIds: Array.from({ length: r.investors }, (_, k) => k + 1) };
  });

type Ledger = { properties: TaxProperty[]; books: BooksInput; items: TaxItem[]; investorIds: number[] };

const report = ({ properties, books, items, investorIds }: Ledger) => {
  const al = allocate(books);
  const lcPayments = new Map(properties.map((p) => [p.id, items.filter((i) => i.kind === 'lc_payment' && i.propertyId === p.id)
    .map((i, k) => ({ id: k + 1, date: i.date, cents: i.cents }))]));
  return taxReport({
    year: 2024, properties, items, lcPayments, depositsHeldCents: 0,
    owners: (p, m) => al.ownersAt(p, m), llcOwners: (m) => al.llcOwnersAt(1, m), capitalAt: al.capitalAt,
    investorIds, feesByInvestor: new Map(),
  });
};
const sum = (values: Iterable<number>) => [...values].reduce((s, v) => s + v, 0);

describe('tax report invariants over random ledgers (docs/rules/)', () => {
  it('T2: in every cell the members add up to the LLC total, and total_income = OBI + rental + dividend − dividend expenses', () => {
    fc.assert(
      fc.property(ledger, (l) => {
        const r = report(l);
        const bucket = new Map(l.properties.map((p) => [p.id, p.bucket]));
        const net = (i: TaxItem) => (i.kind === 'expense' || i.kind === 'investor_expense' ? -i.cents : i.cents);
        for (const p of l.properties.filter((x) => x.bucket === 'rental')) {
          const cell = sum(l.items.filter((i) => i.propertyId === p.id).map(net));
          const members = sum([...r.rentalIncomeByMemberByProperty.values()].map((m) => m.get(p.id) ?? 0));
          expect(members).toBe(cell);
        }
        expect(sum(r.rentalIncomeByMember.values())).toBe(r.totalRentalIncome);
        expect(sum(r.dividendIncomeByMember.values())).toBe(r.totalDividendIncome);
        expect(sum(r.dividendExpensesByMember.values())).toBe(r.totalDividendExpenses);
        const portfolioExpenses = l.items.filter((i) => (i.kind === 'expense' || i.kind === 'investor_expense') && bucket.get(i.propertyId!) === 'portfolio');
        expect(r.totalDividendExpenses).toBe(sum(portfolioExpenses.map((i) => i.cents)));
        for (const p of l.properties.filter((x) => x.bucket === 'rental')) {
          const ubia = sum([...r.ubiaByMemberByProperty.values()].map((m) => m.get(p.id) ?? 0));
          expect(ubia).toBe(p.purchasePriceCents - p.landValueCents);
        }
        expect(r.totalIncome).toBe(r.ordinaryBusinessIncome + r.totalRentalIncome + r.totalDividendIncome - r.totalDividendExpenses);
        expect(r.ordinaryBusinessIncome).toBe(-sum(l.items.filter((i) => i.kind === 'llc_expense').map((i) => i.cents)));
      }),
      { numRuns: 300 },
    );
  });

  it('splits every land-contract payment into interest and principal that add up, the balance falling by the principal', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ date: day(2024), cents: fc.integer({ min: 1, max: 500_000 }) }), { maxLength: 15 }), (payments) => {
        const terms = { saleDate: '2024-01-01', salePriceCents: 10_000_000, downPaymentCents: 1_000_000, adjustedBasisCents: 6_000_000, rateBps: 800, sellingExpensesCents: 0 };
        const rows = installmentSchedule(terms, payments.map((p, k) => ({ id: k, ...p })));
        let balance = terms.salePriceCents;
        for (const row of rows) {
          expect(row.interest + row.principal).toBe(row.cents);
          expect(row.interest).toBeGreaterThanOrEqual(0);
          balance -= row.principal;
          expect(row.balance).toBe(balance);
        }
        const year = yearOfSale(terms, rows, 2024);
        expect(year.gain + year.returnOfBasis).toBe(year.principal);
      }),
    );
  });
});

describe('the land contract of docs/rules/tax-reports.md (Q)', () => {
  const terms = { saleDate: '2024-01-01', salePriceCents: 10_000_000, downPaymentCents: 1_000_000, adjustedBasisCents: 6_000_000, rateBps: 800, sellingExpensesCents: 0 };
  const payments = [{ id: 1, date: '2024-01-01', cents: 1_000_000 },
    ...Array.from({ length: 11 }, (_, k) => ({ id: k + 2, date: `2024-${String(k + 2).padStart(2, '0')}-01`, cents: 100_000 }))];

  it('matches the table: Feb 600.00 interest, Mar 597.33, Dec 572.52, balance 85,450.37', () => {
    const rows = installmentSchedule(terms, payments);
    expect(rows[0]).toMatchObject({ interest: 0, principal: 1_000_000, balance: 9_000_000 }); // the down payment
    expect(rows[1]).toMatchObject({ interest: 60_000, principal: 40_000, balance: 8_960_000 }); // 90,000 × 8% / 12
    expect(rows[2]).toMatchObject({ interest: 59_733, principal: 40_267, balance: 8_919_733 }); // 89,600 × 8% / 12 = 597.33
    expect(rows[11]).toMatchObject({ interest: 57_252, balance: 8_545_037 });
    const year = yearOfSale(terms, rows, 2024);
    // gain = round(40% × 14,549.63) = 5,819.85; return of basis = 14,549.63 − 5,819.85
    expect(year).toMatchObject({ payments: 2_100_000, interest: 645_037, principal: 1_454_963, gain: 581_985, returnOfBasis: 872_978, loss: false });
  });

  it('charges interest for the whole months since the previous payment, and carries what a payment cannot cover', () => {
    // Two months between payments: 90,000 × 8% / 12 × 2 = 1,200.00; a 1,000 payment leaves 200 of arrears.
    const rows = installmentSchedule(terms, [payments[0]!, { id: 2, date: '2024-03-01', cents: 100_000 }, { id: 3, date: '2024-04-01', cents: 100_000 }]);
    expect(rows[1]).toMatchObject({ interest: 100_000, principal: 0 });
    expect(rows[2]).toMatchObject({ interest: 80_000, principal: 20_000 }); // 600 due + 200 arrears
  });

  it('takes a sale at a loss whole in its year, every payment a return of basis', () => {
    const loss = { ...terms, adjustedBasisCents: 10_500_000, sellingExpensesCents: 100_000 }; // 100,000 − 105,000 − 1,000
    const rows = installmentSchedule(loss, payments);
    expect(yearOfSale(loss, rows, 2024)).toMatchObject({ gain: -600_000, returnOfBasis: 1_454_963, loss: true });
    expect(yearOfSale(loss, rows, 2025)).toMatchObject({ gain: 0, loss: true });
  });
});
