import type { InvestorPropertyResponse, InvestorSummaryResponse } from '../../../src/contract/schemas/investor.js';
import type { AdminSummaryResponse } from '../../../src/contract/schemas/reports.js';
import { allocate, type Allocation, type BooksInput } from '../../../src/server/domain/allocation.js';
import { investorFigures, propertyFigures, type CashWithdrawal } from '../../../src/server/domain/investor-figures.js';
import { investorReturns } from '../../../src/server/domain/investor-returns.js';
import { propertyAnswer, summaryAnswer } from '../../../src/server/modules/investor-portal/investor-answers.js';
import { firstNegativeDate, maxCashWithdrawal, maxOfNet, type Movement } from '../../../src/server/domain/limits.js';
import { centsToDollars } from '../../../src/server/domain/money.js';
import type { World } from './world.js';

/**
 * The model of the books for the model-based ledger test (docs/security.md L9): the entries the API
 * accepted, kept as plain data, and every figure the API should answer computed from them with the
 * domain's pure functions (allocation, investor figures, limits), never with the services or SQL.
 * Only the last step, cents to the API's field names and dollars, is the portal's own pure shaping
 * (investor-answers.ts): a wrong figure is what this test looks for; the golden answers pin the spelling.
 */
export type Kind =
  | 'investment' | 'investment_withdrawal' | 'cash_withdrawal' | 'property_income' | 'property_expense'
  | 'investor_property_expense' | 'lc_payment' | 'deposit' | 'deposit_withdrawal' | 'llc_expense';

export type Entry = {
  id: number;
  kind: Kind;
  date: string;
  forMonth: string;
  period?: { start: string; end: string };
  cents: number;
  investor?: string;
  property?: string;
  llc?: string;
  description: string;
  voided: boolean;
};

export type Model = {
  entries: Entry[];
  /** Fee history: `${investor}|${month}` → bps (a second change for one month replaces the first). */
  fees: Map<string, number>;
  /** What the tables should hold: every ledger row, the voided ones, and every audit row. */
  counts: { entries: number; voided: number; audits: number };
};

export const cloneModel = (m: Model): Model => ({
  entries: m.entries.map((e) => ({ ...e })),
  fees: new Map(m.fees),
  counts: { ...m.counts },
});

/** What an answer is computed from: the books as the domain functions take them, as of a date. */
export type Books = BooksInput & { cashWithdrawals: CashWithdrawal[] };

export function booksAt(m: Model, w: World, asOf: string): Books {
  const live = m.entries.filter((e) => !e.voided && e.date <= asOf);
  const of = (...kinds: Kind[]) => live.filter((e) => kinds.includes(e.kind));
  const pid = (e: Entry) => w.propertyId(e.property!);
  const iid = (e: Entry) => w.investorId(e.investor!);
  return {
    properties: w.properties.map((p) => ({ id: p.id, name: p.name, llcId: w.llcId(p.llc), type: p.type, pictureUrl: p.pictureUrl })),
    capital: of('investment', 'investment_withdrawal').map((e) => ({
      id: e.id, investorId: iid(e), propertyId: pid(e), date: e.date, cents: e.kind === 'investment' ? e.cents : -e.cents,
    })),
    propertyMonthNet: of('property_income', 'lc_payment', 'property_expense')
      .filter((e) => !e.period)
      .map((e) => ({ propertyId: pid(e), month: e.forMonth, cents: e.kind === 'property_expense' ? -e.cents : e.cents })),
    periodIncomes: of('property_income')
      .filter((e) => e.period)
      .map((e) => ({ propertyId: pid(e), start: e.period!.start, end: e.period!.end, cents: e.cents })),
    investorExpenses: of('investor_property_expense').map((e) => ({ investorId: iid(e), propertyId: pid(e), month: e.forMonth, cents: e.cents })),
    llcExpenses: of('llc_expense').map((e) => ({ id: e.id, llcId: w.llcId(e.llc!), date: e.date, cents: e.cents })),
    fees: [...m.fees].map(([key, bps]) => {
      const [investor, month] = key.split('|') as [string, string];
      return { investorId: w.investorId(investor), month, bps };
    }),
    cashWithdrawals: of('cash_withdrawal').map((e) => ({ id: e.id, investorId: iid(e), date: e.date, cents: e.cents, description: e.description })),
  };
}

/** The books and their allocation as of a date: computed once per step, read by every expected answer. */
export type Figures = { books: Books; allocation: Allocation; asOf: string };

export function figuresAt(m: Model, w: World, asOf: string): Figures {
  const books = booksAt(m, w, asOf);
  return { books, allocation: allocate(books), asOf };
}

/** GET /api/investor_summary as the domain functions compute it (docs/rules/cash.md, returns.md), in the API's shape. */
export function expectedSummary(fig: Figures, w: World, investor: string): InvestorSummaryResponse {
  const iid = w.investorId(investor);
  const f = investorFigures(fig.books, fig.allocation, iid, fig.books.cashWithdrawals, fig.asOf);
  return summaryAnswer(investor, fig.books, f, investorReturns(fig.books, f, iid, fig.books.cashWithdrawals, fig.asOf));
}

/** GET /api/investor_property, or null where the API answers 404 (the investor never put money in it). */
export function expectedProperty(fig: Figures, w: World, investor: string, property: string): InvestorPropertyResponse | null {
  const [iid, pid] = [w.investorId(investor), w.propertyId(property)];
  if (!fig.books.capital.some((e) => e.investorId === iid && e.propertyId === pid)) return null;
  return propertyAnswer(fig.books.properties.find((p) => p.id === pid)!, propertyFigures(fig.books, fig.allocation, iid, pid));
}

/** GET /admin/get_admin_summary (docs/rules/cash.md): the totals of the live entries and each investor's capital and cash. */
export function expectedAdminSummary(m: Model, fig: Figures, w: World): AdminSummaryResponse {
  const live = m.entries.filter((e) => !e.voided && e.date <= fig.asOf);
  const total = (...kinds: Kind[]) => live.filter((e) => kinds.includes(e.kind)).reduce((s, e) => s + e.cents, 0);
  const investors = w.investors.map((i) => {
    const f = investorFigures(fig.books, fig.allocation, w.investorId(i.name), fig.books.cashWithdrawals, fig.asOf);
    return { investor_name: i.name, total_investments: centsToDollars(f.totalInvestments), cash_balance: centsToDollars(f.cashBalance), cents: f.cashBalance };
  });
  return {
    total_cash: centsToDollars(investors.reduce((s, i) => s + i.cents, 0)),
    total_investments: centsToDollars(total('investment') - total('investment_withdrawal')),
    total_income: centsToDollars(total('property_income', 'lc_payment')),
    total_expenses: centsToDollars(total('property_expense', 'investor_property_expense', 'llc_expense')),
    total_deposits: centsToDollars(total('deposit') - total('deposit_withdrawal')),
    investors: investors.map(({ cents: _, ...rest }) => rest).sort((a, b) => a.investor_name.toLowerCase().localeCompare(b.investor_name.toLowerCase())),
  };
}

// ---- the limits (docs/rules/withdrawals.md) -----------------------------------------------------------

/** max_cash_withdrawal(i) = max(0, cash_balance(i)) as of today. */
export function maxCash(fig: Figures, w: World, investor: string): number {
  const f = investorFigures(fig.books, fig.allocation, w.investorId(investor), fig.books.cashWithdrawals, fig.asOf);
  return maxCashWithdrawal(f.cashBalance);
}

const liveOf = (m: Model, match: (e: Entry) => boolean) => m.entries.filter((e) => !e.voided && match(e));

/** Every live movement of an investor's capital in a property (whatever its date), + in, − out. */
export const capitalMovements = (m: Model, investor: string, property: string): Movement[] =>
  liveOf(m, (e) => e.investor === investor && e.property === property && (e.kind === 'investment' || e.kind === 'investment_withdrawal'))
    .map((e) => ({ id: e.id, date: e.date, cents: e.kind === 'investment' ? e.cents : -e.cents }));

/** Every live movement of a property's deposits held (whatever its date). */
export const depositMovements = (m: Model, property: string): Movement[] =>
  liveOf(m, (e) => e.property === property && (e.kind === 'deposit' || e.kind === 'deposit_withdrawal'))
    .map((e) => ({ id: e.id, date: e.date, cents: e.kind === 'deposit' ? e.cents : -e.cents }));

const netUpTo = (moves: Movement[], asOf: string) => {
  const dated = moves.filter((x) => x.date <= asOf);
  return maxOfNet(dated.filter((x) => x.cents > 0).reduce((s, x) => s + x.cents, 0), -dated.filter((x) => x.cents < 0).reduce((s, x) => s + x.cents, 0));
};

/** max_investment_withdrawal(i, p): investments − investment withdrawals dated up to today. */
export const maxInvestment = (m: Model, investor: string, property: string, today: string) => netUpTo(capitalMovements(m, investor, property), today);

/** max_deposit_withdrawal(p): deposits − deposit withdrawals dated up to today. */
export const maxDeposit = (m: Model, property: string, today: string) => netUpTo(depositMovements(m, property), today);

/** The running check (docs/rules/withdrawals.md) with one more movement: the first date the balance would go below zero, or null. */
export const negativeWith = (moves: Movement[], extra?: Movement) => firstNegativeDate(extra ? [...moves, extra] : moves);
