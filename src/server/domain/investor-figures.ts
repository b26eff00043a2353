import { percent } from './apportion.js';
import { allocate, cashflow, inet, type Allocation, type BooksInput, type CapitalEvent } from './allocation.js';
import type { IsoDate } from './dates.js';
import { monthIndex, monthKey, yearOf, type Month } from './months.js';

/**
 * What an investor sees (docs/rules/cash.md, docs/rules/returns.md), in cents and percents, from the allocation engine.
 * The service turns cents into dollars at the edge.
 */
export type CashWithdrawal = { id: number; investorId: number; date: IsoDate; cents: number; description: string };

export type MonthAmount = { date: string; amount: number };

export type InvestorFigures = {
  totalInvestments: number;
  totalRentalInvestments: number;
  totalLcInvestments: number;
  totalOtherInvestments: number;
  totalIncome: number;
  totalRoi: number;
  cashBalance: number;
  roiPerYear: Record<string, number>;
  investmentsPerMonth: MonthAmount[];
  cashflowPerMonth: MonthAmount[];
  distributionsPerMonth: (MonthAmount & { description: string })[];
  propertyIds: number[];
};

export type PropertyFigures = {
  totalInvestments: number;
  totalIncome: number;
  totalRoi: number;
  investmentsPerMonth: MonthAmount[];
  cashflowPerMonth: MonthAmount[];
};

const newestFirst = (m: Map<Month, number>): MonthAmount[] =>
  [...m].sort((a, b) => b[0] - a[0]).map(([month, amount]) => ({ date: monthKey(month), amount }));

/** Peak of running net capital, replaying by date; on one date withdrawals first (docs/rules/returns.md). */
export function peakCapital(events: CapitalEvent[]): number {
  const ordered = [...events].sort((a, b) =>
    a.date !== b.date ? (a.date < b.date ? -1 : 1) : Math.sign(a.cents) !== Math.sign(b.cents) ? a.cents - b.cents : a.id - b.id,
  );
  let running = 0;
  let peak = 0;
  for (const e of ordered) {
    running += e.cents;
    peak = Math.max(peak, running);
  }
  return peak;
}

/** C(i, m): the investor's capital in these properties during month m, by the mid-month rule (docs/rules/ownership.md). */
export const capitalHeld = (allocation: Allocation, investorId: number, propertyIds: Iterable<number>, m: Month): number => {
  let held = 0;
  for (const pid of propertyIds) held += allocation.capitalAt(investorId, pid, m);
  return held;
};

/**
 * A return over some months, annualised (docs/rules/returns.md): 100 × income × 12 ÷ capital-months, where capital-months
 * is the capital held in each of those months added up. The page's roi_per_year of a year and a
 * statement's return for its period are both this one function.
 */
export const annualisedReturn = (incomeCents: number, capitalMonthsCents: number): number => percent(incomeCents * 12, capitalMonthsCents);

const sumBy = <T>(items: T[], key: (t: T) => Month, value: (t: T) => number) => {
  const out = new Map<Month, number>();
  for (const t of items) out.set(key(t), (out.get(key(t)) ?? 0) + value(t));
  return out;
};

/** The investor's cashflow (income after fees and expenses) of each month they had any. */
export function monthlyCashflows(allocation: Allocation, investorId: number): Map<Month, number> {
  const cashflows = new Map<Month, number>();
  for (const [m, im] of allocation.investors.get(investorId) ?? []) cashflows.set(m, cashflow(im));
  return cashflows;
}

/** One year's two sides of roi_per_year: the cashflow earned, and the capital held in each month added up. */
export type ReturnYear = { income: number; capitalMonths: number };

/**
 * Each year's income and capital-months from the first investment's year to as_of's (docs/rules/returns.md):
 * roi_per_year is 100 × income × 12 / capital-months of each, the current year to date. Apart from the
 * percent, so the combined view of several entities adds the sides, never the percents.
 */
export function returnYears(allocation: Allocation, investorId: number, events: CapitalEvent[], cashflows: Map<Month, number>, asOf: IsoDate): Map<number, ReturnYear> {
  const asOfMonth = monthIndex(asOf);
  const propertyIds = [...new Set(events.map((e) => e.propertyId))];
  const firstMonth = Math.min(...events.map((e) => monthIndex(e.date)), asOfMonth + 1);
  const years = new Map<number, ReturnYear>();
  for (let y = yearOf(firstMonth); y <= yearOf(asOfMonth); y++) {
    let capitalMonths = 0;
    let income = 0;
    for (let m = y * 12; m < y * 12 + 12; m++) {
      income += cashflows.get(m) ?? 0;
      if (m <= asOfMonth) capitalMonths += capitalHeld(allocation, investorId, propertyIds, m);
    }
    years.set(y, { income, capitalMonths });
  }
  return years;
}

export function investorFigures(
  books: BooksInput,
  allocation: Allocation,
  investorId: number,
  cashWithdrawals: CashWithdrawal[],
  asOf: IsoDate,
): InvestorFigures {
  const events = books.capital.filter((e) => e.investorId === investorId);
  const typeOf = new Map(books.properties.map((p) => [p.id, p.type]));
  const nameOf = new Map(books.properties.map((p) => [p.id, p.name]));

  const capitalBy = (type?: string) =>
    events.filter((e) => type === undefined || typeOf.get(e.propertyId) === type).reduce((s, e) => s + e.cents, 0);

  const cashflows = monthlyCashflows(allocation, investorId);
  const totalIncome = [...cashflows.values()].reduce((a, b) => a + b, 0);
  const withdrawn = cashWithdrawals.filter((w) => w.investorId === investorId);

  const propertyIds = [...new Set(events.map((e) => e.propertyId))];
  const roiPerYear: Record<string, number> = {};
  for (const [y, { income, capitalMonths }] of returnYears(allocation, investorId, events, cashflows, asOf)) {
    if (capitalMonths > 0) roiPerYear[String(y)] = annualisedReturn(income, capitalMonths);
  }

  const distributions = [
    ...withdrawn.map((w) => ({ id: w.id, date: w.date, cents: w.cents, description: w.description })),
    ...events
      .filter((e) => e.cents < 0)
      .map((e) => ({ id: e.id, date: e.date, cents: -e.cents, description: `Return of capital – ${nameOf.get(e.propertyId) ?? ''}` })),
  ].sort((a, b) => (a.date !== b.date ? (a.date < b.date ? -1 : 1) : a.id - b.id));
  const distributionMonths = new Map<Month, { amount: number; descriptions: string[] }>();
  for (const d of distributions) {
    const m = monthIndex(d.date);
    const cur = distributionMonths.get(m) ?? { amount: 0, descriptions: [] };
    cur.amount += d.cents;
    if (d.description) cur.descriptions.push(d.description);
    distributionMonths.set(m, cur);
  }

  return {
    totalInvestments: capitalBy(),
    totalRentalInvestments: capitalBy('rental'),
    totalLcInvestments: capitalBy('land_contract'),
    totalOtherInvestments: capitalBy('other'),
    totalIncome,
    totalRoi: percent(totalIncome, peakCapital(events)),
    cashBalance: totalIncome - withdrawn.reduce((s, w) => s + w.cents, 0),
    roiPerYear,
    investmentsPerMonth: newestFirst(sumBy(events, (e) => monthIndex(e.date), (e) => e.cents)),
    cashflowPerMonth: newestFirst(cashflows),
    distributionsPerMonth: [...distributionMonths]
      .sort((a, b) => b[0] - a[0])
      .map(([m, d]) => ({ date: monthKey(m), amount: d.amount, description: d.descriptions.join('; ') })),
    propertyIds,
  };
}

/**
 * Every investor's capital and cash balance in one pass over the books: what the admin's summary lists
 * (docs/rules/cash.md). The same sums as investorFigures' totalInvestments and cashBalance (a property test holds
 * them equal), without its per-investor filtering of the whole ledger, which cost seconds at 2,000
 * investors (docs/performance.md).
 */
export function investorBalances(
  books: BooksInput,
  allocation: Allocation,
  cashWithdrawals: CashWithdrawal[],
): Map<number, { capital: number; cash: number }> {
  const balances = new Map<number, { capital: number; cash: number }>();
  const of = (iid: number) => {
    let b = balances.get(iid);
    if (!b) balances.set(iid, (b = { capital: 0, cash: 0 }));
    return b;
  };
  for (const e of books.capital) of(e.investorId).capital += e.cents;
  for (const [iid, months] of allocation.investors) for (const im of months.values()) of(iid).cash += cashflow(im);
  for (const w of cashWithdrawals) of(w.investorId).cash -= w.cents;
  return balances;
}

/**
 * Balances computed apart added up, less each investor's cash withdrawals: the whole books' balances
 * from one LLC's at a time (an LLC's income, fees and expenses split among its own members only, docs/rules/ownership.md).
 */
export function totalBalances(
  parts: Iterable<Map<number, { capital: number; cash: number }>>,
  cashWithdrawals: { investorId: number; cents: number }[],
): Map<number, { capital: number; cash: number }> {
  const totals = new Map<number, { capital: number; cash: number }>();
  const of = (iid: number) => {
    let t = totals.get(iid);
    if (!t) totals.set(iid, (t = { capital: 0, cash: 0 }));
    return t;
  };
  for (const part of parts) {
    for (const [iid, b] of part) {
      of(iid).capital += b.capital;
      of(iid).cash += b.cash;
    }
  }
  for (const w of cashWithdrawals) of(w.investorId).cash -= w.cents;
  return totals;
}

export function propertyFigures(books: BooksInput, allocation: Allocation, investorId: number, propertyId: number): PropertyFigures {
  const events = books.capital.filter((e) => e.investorId === investorId && e.propertyId === propertyId);
  const flows = new Map<Month, number>();
  for (const [m, im] of allocation.investors.get(investorId) ?? []) {
    const pm = im.byProperty.get(propertyId);
    if (pm) flows.set(m, inet(pm));
  }
  const totalIncome = [...flows.values()].reduce((a, b) => a + b, 0);
  return {
    totalInvestments: events.reduce((s, e) => s + e.cents, 0),
    totalIncome,
    totalRoi: percent(totalIncome, peakCapital(events)),
    investmentsPerMonth: newestFirst(sumBy(events, (e) => monthIndex(e.date), (e) => e.cents)),
    cashflowPerMonth: newestFirst(flows),
  };
}

export { allocate };
