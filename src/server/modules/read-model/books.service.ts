import { availableParallelism } from 'node:os';
import pLimit from 'p-limit';
import type { Db, Queryable } from '../../db/client.js';
import { allocate } from '../../domain/allocation.js';
import { isoDay } from '../../domain/dates.js';
import { investorFigures } from '../../domain/investor-figures.js';
import type { Clock } from '../../lib/clock.js';
import { findInvestorById, type Investor } from '../investors/investors.js';
import { investorScope, readBooks } from './books.repository.js';
import { scopes } from './declared-read.js';
import { monthlyTotalDifferences } from './read-model-check.repository.js';

/** What `investorAt` reads: an investor's books, allocation and figures, and the LLCs they depend on. */
export type InvestorAt = Awaited<ReturnType<typeof investorAt>>;

/**
 * An investor's books, allocation and figures as of a date, read through `tx`: a snapshot for an
 * answer, or a write's own transaction when a limit is checked under its row lock. `llcIds`: the LLCs
 * whose books the figures weigh (the scopes of an answer computed from them: declared-read.ts).
 */
export async function investorAt(tx: Queryable, investorId: number, asOf: string) {
  const scope = await investorScope(tx, investorId, asOf);
  const books = await readBooks(tx, asOf, scope);
  const allocation = allocate(books, { onlyInvestor: investorId });
  return { books, allocation, figures: investorFigures(books, allocation, investorId, books.cashWithdrawals, asOf), llcIds: scope.llcIds };
}

/** An investor's figures as of a date. */
export type InvestorDay = { investorId: number; date: string };
export type InvestorBooks = InvestorAt & { investor: Investor | undefined };

/** What every answer about an investor reads: the investor, and their books and figures as of the date. */
export async function investorBooks(tx: Queryable, { investorId, date }: InvestorDay): Promise<InvestorBooks> {
  return { investor: await findInvestorById(tx, investorId), ...(await investorAt(tx, investorId, date)) };
}

/** The scopes an investor's books depend on: names and categories are shared; their own entries theirs; the LLCs they are in hold the rest. */
export const investorBooksScopes = ({ investorId }: InvestorDay, input: InvestorAt): string[] => [
  scopes.shared,
  scopes.investor(investorId),
  ...input.llcIds.map(scopes.llc),
];

/**
 * The read model: figures computed from the books at a date (docs/rules/). Built once in the
 * composition root; the investor portal, the reports and the withdrawal limits read through it, and
 * the answers kept of them are declared beside their code (kept-answers.ts).
 */
export function createBooksService({ db, clock }: { db: Db; clock: Clock }) {
  // Cold answers are CPU-bound allocation over a snapshot that holds a pooled connection. Running more at
  // once than there are cores finishes none sooner, but holds more connections and memory: under a burst
  // of different cold answers, 32 at once exhausted the pool (503s) and took ~1 GB. So they queue here,
  // before taking a connection; kept answers never wait.
  const coldGate = pLimit(Math.max(1, availableParallelism()));
  return {
    /** Today in the business's calendar. UTC for now; a BUSINESS_TIME_ZONE setting is a later step. */
    today: (): string => isoDay(clock.now()),

    /** The reads behind one answer, in one read-only snapshot of the books. */
    snapshot: <T>(fn: (tx: Queryable) => Promise<T>): Promise<T> => db.snapshot(fn),

    /** The bound cold computations queue behind (kept-answers.ts computes behind it too). */
    coldGate,

    /** A computation not kept (a statement): in one snapshot, queued behind the same bound as cold answers. */
    computed: <T>(fn: (tx: Queryable) => Promise<T>): Promise<T> => coldGate(() => db.snapshot(fn)),

    /** Outside any snapshot: lookups, and the refresher's lists of what to keep ahead. */
    db: db as Queryable,

    /** `npm run admin -- verify`: the monthly totals the database keeps, against the ledger itself. */
    verify: () => db.snapshot((tx) => monthlyTotalDifferences(tx)),

    investorAt,
  };
}

export type BooksService = ReturnType<typeof createBooksService>;
