import { addFractions, apportion, exactParts, fraction, roundDiv, roundShares, type Fraction } from './apportion.js';
import type { IsoDate } from './dates.js';
import { testInterest, type FederalRate, type InterestTest } from './imputed-interest.js';
import { installmentSchedule, yearOfSale, type LandContractTerms, type Payment, type ServicingTerms, type YearOfSale } from './installment-sale.js';
import { usd } from './money.js';
import { daysPerMonth, monthIndex, type Month } from './months.js';
import type { PropertyType } from './allocation.js';

/**
 * The LLC tax report of docs/rules/tax-reports.md, in cents: cash basis by date (an item counts in the year it was
 * paid), members by ownership in the item's month (§706(d)(2)), rental and portfolio buckets, the
 * installment split of land contracts, UBIA, total assets. Each member cell is the exact sum of its
 * items' shares, rounded once, so members always add up to the total (invariant T2).
 */

/** The member who receives the items of properties that never had investors (docs/rules/tax-reports.md). */
export const UNALLOCATED = -1;

export type TaxProperty = {
  id: number;
  name: string;
  type: PropertyType;
  bucket: 'rental' | 'portfolio';
  nonresidential: boolean;
  purchaseDate: IsoDate;
  purchasePriceCents: number;
  landValueCents: number;
  terms: LandContractTerms | null;
  /** The installment and first due date of a land contract: its schedule, which the imputed-interest test needs. */
  servicing?: Pick<ServicingTerms, 'installmentCents' | 'firstDueDate'> | null;
};

/** A non-void entry dated in the tax year. */
export type TaxItem = {
  kind: 'income' | 'lc_payment' | 'expense' | 'investor_expense' | 'llc_expense';
  propertyId: number | null;
  investorId: number | null;
  date: IsoDate;
  forMonth: IsoDate;
  period: { start: IsoDate; end: IsoDate } | null;
  cents: number;
  category: string;
};

/** Owners by capital: investor → capital in cents, or null when nobody ever had capital there. */
export type Owners = Map<number, number> | null;

export type TaxInput = {
  year: number;
  properties: TaxProperty[];
  items: TaxItem[];
  /** Every land-contract payment up to the year's end, per property: the schedule runs from the sale. */
  lcPayments: Map<number, Payment[]>;
  depositsHeldCents: number;
  /** W(p, m) with the fallback of docs/rules/ownership.md. */
  owners: (propertyId: number, month: Month) => Owners;
  /** Capital in the LLC at a month, with the same fallback: the weights of LLC expenses. */
  llcOwners: (month: Month) => Owners;
  /** C(i, p, m) without fallback: who held capital when. */
  capitalAt: (investorId: number, propertyId: number, month: Month) => number;
  investorIds: number[];
  /** Σ F(i, p, m) over the months of the year, per investor (an extension; docs/rules/tax-reports.md). */
  feesByInvestor: Map<number, number>;
  /** The applicable federal rates recorded (docs/rules/tax-reports.md "Imputed interest"); none: nothing is imputed. */
  federalRates?: FederalRate[];
};

export type TaxReport = {
  totalAssets: number;
  ordinaryBusinessIncome: number;
  totalRentalIncome: number;
  totalDividendIncome: number;
  totalDividendExpenses: number;
  totalIncome: number;
  totalActiveIncome: number;
  rentalIncomeByMember: Map<number, number>;
  rentalIncomeByMemberByProperty: Map<number, Map<number, number>>;
  ubiaByMemberByProperty: Map<number, Map<number, number>>;
  dividendIncomeByMember: Map<number, number>;
  dividendExpensesByMember: Map<number, number>;
  llcExpenses: Map<string, number>;
  managementFeesByMember: Map<number, number>;
  propertiesInReport: TaxProperty[];
  sales: Map<number, YearOfSale>;
  /** Per land contract with terms: its stated rate tested against the applicable federal rate. */
  interestTests: Map<number, InterestTest>;
  reviewNotes: string[];
};

/** Below this contract rate, a contract that cannot be tested against the federal rate gets a note (imputed-interest.ts). */
export { LOW_RATE_BPS } from './imputed-interest.js';

/** One report cell: each member's exact share, summed over its items, rounded once at the end. */
class Cell {
  readonly shares = new Map<number, Fraction>();
  total = 0;
  add(parts: Map<number, Fraction>, cents: number): void {
    this.total += cents;
    for (const [key, f] of parts) this.shares.set(key, addFractions(this.shares.get(key) ?? fraction(0n), f));
  }
  rounded(): Map<number, number> {
    return roundShares(this.shares);
  }
}

const yearEnd = (year: number): IsoDate => `${year}-12-31`;
const december = (year: number): Month => year * 12 + 11;

/** The last year UBIA counts: the recovery period (27.5 or 39 years) after being placed in service (docs/rules/tax-reports.md). */
export function lastUbiaYear(p: TaxProperty): number {
  const months = monthIndex(p.purchaseDate) + (p.nonresidential ? 39 * 12 : 27 * 12 + 6);
  return Math.floor(months / 12) - 1;
}

export function taxReport(input: TaxInput): TaxReport {
  const { year } = input;
  const propertiesInReport = input.properties.filter((p) => p.purchaseDate <= yearEnd(year));
  const byId = new Map(input.properties.map((p) => [p.id, p]));
  const notes: string[] = [];

  /** An item's exact member parts: property items by W(p, for_month), period income by days, LLC items by LLC capital. */
  const partsOf = (item: TaxItem, signed: number): Map<number, Fraction> => {
    if (item.kind === 'investor_expense') return new Map([[item.investorId!, fraction(BigInt(signed))]]);
    const weightsAt = (m: Month): Owners =>
      item.kind === 'llc_expense' ? input.llcOwners(m) : input.owners(item.propertyId!, m);
    const months = item.period
      ? apportion(signed, daysPerMonth(item.period.start, item.period.end).map((d) => ({ key: d.month, weight: d.days })))
      : new Map([[item.kind === 'llc_expense' ? monthIndex(item.date) : monthIndex(item.forMonth), signed]]);
    const out = new Map<number, Fraction>();
    for (const [m, cents] of months) {
      const w = weightsAt(m);
      const parts = w && w.size ? exactParts(cents, w) : new Map([[UNALLOCATED, fraction(BigInt(cents))]]);
      for (const [key, f] of parts) out.set(key, addFractions(out.get(key) ?? fraction(0n), f));
    }
    return out;
  };

  // Rental bucket: net of each rental property, one cell per property (docs/rules/tax-reports.md).
  const rentalCells = new Map<number, Cell>();
  const dividendIncome = new Cell();
  const dividendExpenses = new Cell();
  const llcExpenses = new Map<string, number>();
  const inReport = new Set(propertiesInReport.map((p) => p.id));

  for (const item of input.items) {
    if (item.kind === 'llc_expense') {
      llcExpenses.set(item.category, (llcExpenses.get(item.category) ?? 0) + item.cents);
      continue;
    }
    const property = byId.get(item.propertyId!);
    if (!property || !inReport.has(property.id)) continue;
    const isExpense = item.kind === 'expense' || item.kind === 'investor_expense';
    if (property.bucket === 'rental') {
      const signed = isExpense ? -item.cents : item.cents;
      const cell = rentalCells.get(property.id) ?? new Cell();
      rentalCells.set(property.id, cell);
      cell.add(partsOf(item, signed), signed);
    } else if (isExpense) {
      dividendExpenses.add(partsOf(item, item.cents), item.cents);
    } else if (!(item.kind === 'lc_payment' && property.terms)) {
      // Portfolio income is reported gross; an unsplit land-contract payment is too (docs/rules/tax-reports.md "Land contracts (installment method)").
      dividendIncome.add(partsOf(item, item.cents), item.cents);
    }
  }

  // Land contracts with terms: the year's interest and gain, shared as the year's payments were (docs/rules/tax-reports.md).
  const sales = new Map<number, YearOfSale>();
  const interestTests = new Map<number, InterestTest>();
  for (const p of propertiesInReport) {
    if (p.type !== 'land_contract') continue;
    const paidInYear = input.items.some((i) => i.kind === 'lc_payment' && i.propertyId === p.id);
    if (!p.terms) {
      notes.push(...landContractNotes(p, year, paidInYear, null));
      continue;
    }
    // Split at the applicable federal rate on the imputed price when the contract's rate is below it.
    const tested = testInterest(p.name, p.terms, p.servicing, input.federalRates ?? []);
    const sale = yearOfSale(tested.terms, installmentSchedule(tested.terms, input.lcPayments.get(p.id) ?? []), year);
    sales.set(p.id, sale);
    interestTests.set(p.id, tested);
    notes.push(...landContractNotes(p, year, paidInYear, sale, tested));
    const recognised = sale.interest + sale.gain;
    const paymentShares = new Cell();
    for (const item of input.items) {
      if (item.kind === 'lc_payment' && item.propertyId === p.id) paymentShares.add(partsOf(item, item.cents), item.cents);
    }
    if (paymentShares.total > 0) {
      const scaled = new Map(
        [...paymentShares.shares].map(([key, f]) => [key, fraction(f.n * BigInt(recognised), f.d * BigInt(paymentShares.total))]),
      );
      dividendIncome.add(scaled, recognised);
    } else if (recognised !== 0) {
      // A loss taken in the year of sale without a payment that year: shared by the owners at the sale.
      const w = input.owners(p.id, monthIndex(p.terms.saleDate));
      dividendIncome.add(w && w.size ? exactParts(recognised, w) : new Map([[UNALLOCATED, fraction(BigInt(recognised))]]), recognised);
    }
  }

  // UBIA per member per rental property, by capital in December (docs/rules/tax-reports.md).
  const ubia = new Map<number, Map<number, number>>();
  for (const p of propertiesInReport) {
    if (p.bucket !== 'rental' || year > lastUbiaYear(p)) continue;
    const basis = p.purchasePriceCents - p.landValueCents;
    const w = input.owners(p.id, december(year));
    const split = w && w.size ? apportion(basis, [...w].map(([key, weight]) => ({ key, weight }))) : new Map([[UNALLOCATED, basis]]);
    for (const [member, cents] of split) ubia.set(member, new Map([...(ubia.get(member) ?? []), [p.id, cents]]));
  }

  const rentalByMemberByProperty = new Map<number, Map<number, number>>();
  let totalRentalIncome = 0;
  for (const [pid, cell] of rentalCells) {
    totalRentalIncome += cell.total;
    for (const [member, cents] of cell.rounded()) {
      rentalByMemberByProperty.set(member, new Map([...(rentalByMemberByProperty.get(member) ?? []), [pid, cents]]));
    }
  }
  const rentalByMember = new Map(
    [...rentalByMemberByProperty].map(([member, byProperty]) => [member, [...byProperty.values()].reduce((s, c) => s + c, 0)]),
  );

  // Total assets (docs/rules/tax-reports.md): book value at cost, the note's balance for a land contract sold with terms.
  let totalAssets = input.depositsHeldCents;
  for (const p of propertiesInReport) {
    const sold = p.terms && p.terms.saleDate <= yearEnd(year);
    totalAssets += sold ? sales.get(p.id)!.balanceEnd : p.purchasePriceCents;
  }

  const llcExpenseTotal = [...llcExpenses.values()].reduce((s, c) => s + c, 0);
  const ordinaryBusinessIncome = -llcExpenseTotal;
  const totalDividendIncome = dividendIncome.total;
  const totalDividendExpenses = dividendExpenses.total;

  // Members with capital in the LLC during the year get a fee line, 0 included.
  const fees = new Map<number, number>();
  for (const id of input.investorIds) {
    const held = propertiesInReport.some((p) => Array.from({ length: 12 }, (_, k) => year * 12 + k).some((m) => input.capitalAt(id, p.id, m) > 0));
    if (held || input.feesByInvestor.get(id)) fees.set(id, input.feesByInvestor.get(id) ?? 0);
  }

  return {
    totalAssets,
    ordinaryBusinessIncome,
    totalRentalIncome,
    totalDividendIncome,
    totalDividendExpenses,
    totalIncome: ordinaryBusinessIncome + totalRentalIncome + totalDividendIncome - totalDividendExpenses,
    totalActiveIncome: ordinaryBusinessIncome,
    rentalIncomeByMember: rentalByMember,
    rentalIncomeByMemberByProperty: rentalByMemberByProperty,
    ubiaByMemberByProperty: ubia,
    dividendIncomeByMember: dividendIncome.rounded(),
    dividendExpensesByMember: dividendExpenses.rounded(),
    llcExpenses,
    managementFeesByMember: fees,
    propertiesInReport,
    sales,
    interestTests,
    reviewNotes: notes,
  };
}

/** The gross-profit percentage in percent, to two decimals (40 = 40 %); the gain uses the exact ratio. */
export const grossProfitPercent = (sale: Pick<YearOfSale, 'grossProfit' | 'contractPrice'>): number =>
  sale.contractPrice > 0 ? Number(roundDiv(BigInt(sale.grossProfit) * 10000n, BigInt(sale.contractPrice))) / 100 : 0;

/** What the CPA should review about a land contract in a year (docs/rules/tax-reports.md). */
export function landContractNotes(p: TaxProperty, year: number, paidInYear: boolean, sale: YearOfSale | null, tested?: InterestTest): string[] {
  if (p.type !== 'land_contract') return [];
  if (!p.terms) {
    return paidInYear ? [`${p.name}: no land-contract terms are recorded, so its payments are reported gross as "Land contract payments" (unsplit).`] : [];
  }
  if (Number(p.terms.saleDate.slice(0, 4)) > year) return [];
  const notes: string[] = [];
  if (sale?.loss && Number(p.terms.saleDate.slice(0, 4)) === year) {
    notes.push(`${p.name}: sold at a loss, so the installment method does not apply; the whole loss is taken in ${year} and every payment is a return of basis.`);
  }
  notes.push(...(tested ?? testInterest(p.name, p.terms, p.servicing, [])).notes);
  if (sale && sale.beyondBalance > 0) {
    notes.push(`${p.name}: ${usd(sale.beyondBalance)} received in ${year} beyond the balance the split reached is counted as interest (a contract paid off at its stated balance when interest was imputed on a lower price, or a payment to refund). Review it with the CPA.`);
  }
  const mortgage = p.terms.assumedMortgageCents ?? 0;
  if (mortgage > 0 && sale) {
    const percentage = sale.loss ? '' : `; gross-profit percentage ${grossProfitPercent(sale).toFixed(2)} %`;
    notes.push(`${p.name}: split by the installment method; the ${usd(mortgage)} mortgage the buyer took over is included in the contract price (${usd(sale.contractPrice)}${percentage}), assuming the land was used in the business (Form 4797). Review it with the CPA if that differs.`);
  } else {
    notes.push(`${p.name}: split by the installment method, assuming the buyer took over no mortgage and the land was used in the business (Form 4797). Review it with the CPA if either differs.`);
  }
  return notes;
}

/** A property's tax summary (docs/rules/tax-reports.md): income and expenses of the year by category, land contracts split. */
export function propertyTaxSummary(property: TaxProperty, items: TaxItem[], lcPayments: Payment[], year: number, federalRates: FederalRate[] = []) {
  const income = new Map<string, number>();
  const expenses = new Map<string, number>();
  const add = (m: Map<string, number>, key: string, cents: number) => m.set(key, (m.get(key) ?? 0) + cents);
  const own = items.filter((i) => i.propertyId === property.id);
  for (const i of own) {
    if (i.kind === 'expense' || i.kind === 'investor_expense') add(expenses, i.category, i.cents);
    else if (i.kind === 'income') add(income, i.category, i.cents);
    else if (i.kind === 'lc_payment' && !property.terms) add(income, 'Land contract payments', i.cents);
  }
  let sale: YearOfSale | null = null;
  let tested: InterestTest | null = null;
  if (property.terms) {
    tested = testInterest(property.name, property.terms, property.servicing, federalRates);
    sale = yearOfSale(tested.terms, installmentSchedule(tested.terms, lcPayments), year);
    if (sale.payments > 0 || sale.interest !== 0) add(income, 'Land contract interest', sale.interest);
    if (sale.gain !== 0 || sale.payments > 0) add(income, 'Installment sale gain', sale.gain);
  }
  const paidInYear = own.some((i) => i.kind === 'lc_payment');
  return { income, expenses, sale, imputed: tested?.imputed ?? null, notes: landContractNotes(property, year, paidInYear, sale, tested ?? undefined) };
}
