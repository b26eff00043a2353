import { inet, type Allocation, type BooksInput, type PropertyMonth } from './allocation.js';
import type { IsoDate } from './dates.js';
import type { InvestorFigures } from './investor-figures.js';
import { monthIndex, monthKey, yearOf, type Month } from './months.js';

/**
 * An investor statement for a period (issue 13): every account as opening + movements = closing, where
 * opening is the books as of the day before `from` and closing the books as of `to` (domain.md §1: an
 * entry counts from its date). The movements are the differences between the two states, so the
 * identity holds by construction, and each closing figure is the investor summary's as of `to`.
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

export type StatementFigures = {
  capital: { lines: CapitalLine[]; opening: number; contributions: number; returns: number; closing: number };
  income: { lines: IncomeLine[]; llcExpenses: { month: string; cents: number }[]; total: number };
  cash: { opening: number; income: number; withdrawals: number; closing: number };
  roi: { total: number; perYear: { year: string; percent: number }[] };
  movements: StatementEntry[];
};

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

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

/** Income as the change of each property-month's share between the two states (late entries included). */
function incomeLines(opening: BooksState, closing: BooksState, investorId: number) {
  const nameOf = new Map(closing.books.properties.map((p) => [p.id, p.name]));
  const before = opening.allocation.investors.get(investorId) ?? new Map();
  const after = closing.allocation.investors.get(investorId) ?? new Map();
  const months = [...new Set<Month>([...before.keys(), ...after.keys()])].sort((a, b) => a - b);
  const zero: PropertyMonth = { g: 0, f: 0, ei: 0 };
  const lines: IncomeLine[] = [];
  const llcExpenses: { month: string; cents: number }[] = [];
  for (const m of months) {
    const b = before.get(m);
    const a = after.get(m);
    const pids = [...new Set<number>([...(b?.byProperty.keys() ?? []), ...(a?.byProperty.keys() ?? [])])];
    for (const pid of pids) {
      const x = a?.byProperty.get(pid) ?? zero;
      const y = b?.byProperty.get(pid) ?? zero;
      const line = { month: monthKey(m), propertyName: nameOf.get(pid) ?? '', gross: x.g - y.g, fee: x.f - y.f, expenses: x.ei - y.ei, net: inet(x) - inet(y) };
      if (line.gross || line.fee || line.expenses) lines.push(line);
    }
    const l = (a?.l ?? 0) - (b?.l ?? 0);
    if (l) llcExpenses.push({ month: monthKey(m), cents: l });
  }
  lines.sort((p, q) => (p.month !== q.month ? (p.month < q.month ? -1 : 1) : p.propertyName.localeCompare(q.propertyName)));
  return { lines, llcExpenses, total: sum(lines.map((l) => l.net)) + sum(llcExpenses.map((l) => l.cents)) };
}

export function statementFigures(input: {
  investorId: number;
  from: IsoDate;
  to: IsoDate;
  opening: BooksState;
  closing: BooksState;
  entries: StatementEntry[];
}): StatementFigures {
  const { investorId, from, to, opening, closing } = input;
  const lines = capitalLines(opening, closing, investorId, from);
  const income = incomeLines(opening, closing, investorId);
  const withdrawals = -sum(input.entries.filter((e) => e.kind === 'cash_withdrawal').map((e) => e.cents));
  const years = new Set<string>();
  for (let y = yearOf(monthIndex(from)); y <= yearOf(monthIndex(to)); y++) years.add(String(y));
  return {
    capital: {
      lines,
      opening: opening.figures.totalInvestments,
      contributions: sum(lines.map((l) => l.contributions)),
      returns: sum(lines.map((l) => l.returns)),
      closing: closing.figures.totalInvestments,
    },
    income,
    cash: { opening: opening.figures.cashBalance, income: income.total, withdrawals, closing: closing.figures.cashBalance },
    roi: {
      total: closing.figures.totalRoi,
      perYear: Object.entries(closing.figures.roiPerYear)
        .filter(([y]) => years.has(y))
        .map(([year, percent]) => ({ year, percent })),
    },
    movements: [...input.entries].sort((a, b) => (a.date !== b.date ? (a.date < b.date ? -1 : 1) : a.id - b.id)),
  };
}
