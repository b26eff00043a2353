import { inet, type Allocation, type BooksInput, type InvestorMonth, type PropertyMonth } from './allocation.js';
import { percent } from './apportion.js';
import type { IsoDate } from './dates.js';
import { annualisedReturn, capitalHeld, peakCapital, type InvestorFigures } from './investor-figures.js';
import { monthIndex, monthKey, type Month } from './months.js';

/**
 * An investor statement for a period, built from two states of the books: as they
 * stood the day before `from` (opening) and on `to` (closing), each read exactly as the investor page
 * reads them with `as_of` (docs/rules/README.md: an entry counts from its date).
 *
 * Income is shown two ways, each labelled, and one reconciles to the other on the statement itself:
 *  - **earned**: by the month it belongs to, for the months of the period only, as the books stood on
 *    `to`. These lines are the page's (cashflow_per_month as of `to`), cell for cell, because they are
 *    the same cells of the same allocation (docs/rules/cash.md).
 *  - **cash**: by the dates money moved. The cash balance changes by the income dated in the period,
 *    which is the earned income, less the part of it dated before the period (already in the opening
 *    balance), plus income dated in the period for months outside it (rent received in advance, an
 *    entry recorded late for an earlier month). Both adjustments are printed line by line.
 *
 * Every total the statement prints is the sum of lines it prints, and its return is computed from
 * printed figures (earned income and the capital held in each month).
 *
 * The rounding rule (the one that decides a cent between a yearly figure and its months): each
 * property-month's net income is split among that month's owners once, by largest remainder
 * (docs/rules/ownership.md, allocation.ts); every figure over several months (a year on the page, a statement
 * line's total, the tax report's rental income of a member and property) is the plain sum of those
 * monthly cents and is never split or rounded again. See docs/api.md, "Statements".
 */
export type BooksState = { books: BooksInput; allocation: Allocation; figures: InvestorFigures };

/** A dated entry of the investor's own in the period, with its words (read from the ledger). */
export type StatementEntry = {
  id: number;
  date: IsoDate;
  kind: 'investment' | 'investment_withdrawal' | 'cash_withdrawal';
  propertyName: string | null;
  description: string;
  /** The effect on its account: an investment adds (+), a withdrawal takes away (−). */
  cents: number;
};

export type CapitalLine = { propertyId: number; propertyName: string; opening: number; contributions: number; returns: number; closing: number };
/** The investor's share of one property's month: gross share, management fee, own expenses, net. */
export type IncomeLine = { month: string; propertyName: string; gross: number; fee: number; expenses: number; net: number };
/** Lines by property and month, the LLC-expense shares by month, and their total (Σ net + Σ LLC expenses). */
export type IncomeLines = { lines: IncomeLine[]; llcExpenses: { month: string; cents: number }[]; total: number };
/** Consecutive months in which the investor held the same capital (all properties together). */
export type CapitalRun = { from: string; to: string; months: number; cents: number };

export type StatementFigures = {
  /** The period's months ('YYYY-MM'): those whose first day is in the period; null when no month begins in it. */
  months: { first: string; last: string } | null;
  capital: { lines: CapitalLine[]; opening: number; contributions: number; returns: number; closing: number };
  /** Income by the month it was earned: the period's months, as the books stood on `to`. */
  earned: IncomeLines;
  cash: {
    opening: number;
    /** earned.total */
    earned: number;
    /** Income of the period's months dated before `from`: already in the opening balance. */
    before: IncomeLines;
    /** Income dated in the period for months outside it (in advance, or recorded late). */
    otherMonths: IncomeLines;
    /** earned − before + otherMonths: what the period's dates added to the cash balance. */
    credited: number;
    withdrawals: number;
    closing: number;
  };
  returns: {
    /** The capital held in each of the period's months, consecutive equal months together. */
    capital: CapitalRun[];
    /** Σ capital × months of the runs. */
    capitalMonths: number;
    /** 100 × earned × 12 ÷ capitalMonths (annualised); null when no capital was held in the period's months. */
    period: number | null;
    /** All time, as the books stood on `to`: all income, the most capital invested at any time, and their ratio. */
    allTime: { income: number; peakCapital: number; percent: number };
  };
  movements: StatementEntry[];
};

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/**
 * The months of a period whose income a statement reports as earned: those whose first day falls in
 * [from, to]. Consecutive periods then never share a month, and a period ending today holds this
 * month, as the page does. A period starting mid-month leaves that month to the period before it.
 */
export function periodMonths(from: IsoDate, to: IsoDate): { first: Month; last: Month } | null {
  const first = monthIndex(from) + (from.endsWith('-01') ? 0 : 1);
  const last = monthIndex(to);
  return first <= last ? { first, last } : null;
}

function capitalLines(opening: BooksState, closing: BooksState, investorId: number, from: IsoDate): CapitalLine[] {
  const nameOf = new Map(closing.books.properties.map((p) => [p.id, p.name]));
  const own = (s: BooksState) => s.books.capital.filter((e) => e.investorId === investorId);
  const ids = [...new Set(own(closing).map((e) => e.propertyId))];
  return ids
    .map((propertyId) => {
      const at = (s: BooksState) => sum(own(s).filter((e) => e.propertyId === propertyId).map((e) => e.cents));
      const moved = own(closing).filter((e) => e.propertyId === propertyId && e.date >= from);
      return {
        propertyId,
        propertyName: nameOf.get(propertyId) ?? '',
        opening: at(opening),
        contributions: sum(moved.filter((e) => e.cents > 0).map((e) => e.cents)),
        returns: -sum(moved.filter((e) => e.cents < 0).map((e) => e.cents)),
        closing: at(closing),
      };
    })
    .filter((l) => l.opening !== 0 || l.closing !== 0 || l.contributions !== 0)
    .sort((a, b) => a.propertyName.localeCompare(b.propertyName));
}

type Cells = ReadonlyMap<Month, InvestorMonth>;
const NONE: Cells = new Map();
const ZERO: PropertyMonth = { g: 0, f: 0, ei: 0 };

/** The lines of `after − before` (each a state's own monthly cells) in the months `keep` admits. */
function incomeLines(after: Cells, before: Cells, keep: (m: Month) => boolean, nameOf: Map<number, string>): IncomeLines {
  const months = [...new Set<Month>([...after.keys(), ...before.keys()])].filter(keep).sort((a, b) => a - b);
  const lines: IncomeLine[] = [];
  const llcExpenses: { month: string; cents: number }[] = [];
  for (const m of months) {
    const a = after.get(m);
    const b = before.get(m);
    for (const pid of new Set<number>([...(a?.byProperty.keys() ?? []), ...(b?.byProperty.keys() ?? [])])) {
      const x = a?.byProperty.get(pid) ?? ZERO;
      const y = b?.byProperty.get(pid) ?? ZERO;
      const line = { month: monthKey(m), propertyName: nameOf.get(pid) ?? '', gross: x.g - y.g, fee: x.f - y.f, expenses: x.ei - y.ei, net: inet(x) - inet(y) };
      if (line.gross || line.fee || line.expenses) lines.push(line);
    }
    const l = (a?.l ?? 0) - (b?.l ?? 0);
    if (l) llcExpenses.push({ month: monthKey(m), cents: l });
  }
  lines.sort((p, q) => (p.month !== q.month ? (p.month < q.month ? -1 : 1) : p.propertyName.localeCompare(q.propertyName)));
  return { lines, llcExpenses, total: sum(lines.map((l) => l.net)) + sum(llcExpenses.map((l) => l.cents)) };
}

/** The capital held in each month of [first, last], consecutive months of equal capital as one run. */
function capitalRuns(closing: BooksState, investorId: number, months: { first: Month; last: Month } | null): CapitalRun[] {
  const runs: CapitalRun[] = [];
  if (!months) return runs;
  for (let m = months.first; m <= months.last; m++) {
    const cents = capitalHeld(closing.allocation, investorId, closing.figures.propertyIds, m);
    const last = runs.at(-1);
    if (last && last.cents === cents) {
      last.to = monthKey(m);
      last.months++;
    } else runs.push({ from: monthKey(m), to: monthKey(m), months: 1, cents });
  }
  return runs;
}

export function statementFigures(input: {
  investorId: number;
  from: IsoDate;
  to: IsoDate;
  opening: BooksState;
  closing: BooksState;
  entries: StatementEntry[];
}): StatementFigures {
  const { investorId, from, opening, closing } = input;
  const nameOf = new Map(closing.books.properties.map((p) => [p.id, p.name]));
  const months = periodMonths(from, input.to);
  const inPeriod = (m: Month) => months !== null && m >= months.first && m <= months.last;
  const after = closing.allocation.investors.get(investorId) ?? NONE;
  const before = opening.allocation.investors.get(investorId) ?? NONE;

  const lines = capitalLines(opening, closing, investorId, from);
  const earned = incomeLines(after, NONE, inPeriod, nameOf);
  const earnedBefore = incomeLines(before, NONE, inPeriod, nameOf);
  const otherMonths = incomeLines(after, before, (m) => !inPeriod(m), nameOf);
  const credited = earned.total - earnedBefore.total + otherMonths.total;
  const withdrawals = -sum(input.entries.filter((e) => e.kind === 'cash_withdrawal').map((e) => e.cents));
  const capital = {
    lines,
    opening: sum(lines.map((l) => l.opening)),
    contributions: sum(lines.map((l) => l.contributions)),
    returns: sum(lines.map((l) => l.returns)),
    closing: sum(lines.map((l) => l.closing)),
  };

  const runs = capitalRuns(closing, investorId, months);
  const capitalMonths = sum(runs.map((r) => r.cents * r.months));
  const allTimeIncome = closing.figures.totalIncome;
  const peak = peakCapital(closing.books.capital.filter((e) => e.investorId === investorId));
  return {
    months: months && { first: monthKey(months.first), last: monthKey(months.last) },
    capital,
    earned,
    cash: {
      opening: opening.figures.cashBalance,
      earned: earned.total,
      before: earnedBefore,
      otherMonths,
      credited,
      withdrawals,
      closing: opening.figures.cashBalance + credited - withdrawals,
    },
    returns: {
      capital: runs,
      capitalMonths,
      period: capitalMonths > 0 ? annualisedReturn(earned.total, capitalMonths) : null,
      allTime: { income: allTimeIncome, peakCapital: peak, percent: percent(allTimeIncome, peak) },
    },
    movements: [...input.entries].sort((a, b) => (a.date !== b.date ? (a.date < b.date ? -1 : 1) : a.id - b.id)),
  };
}

/**
 * Nothing held and nothing moved in the period: no statement to send. The rule by which the statements
 * zip leaves an investor out, and by which a published period is not theirs.
 */
export const heldNothing = (f: StatementFigures): boolean =>
  f.capital.opening === 0 && f.capital.closing === 0 && f.cash.opening === 0 && f.cash.closing === 0 && f.movements.length === 0 &&
  [f.earned, f.cash.before, f.cash.otherMonths].every((i) => i.lines.length === 0 && i.llcExpenses.length === 0);
