import type { Db, Queryable } from '../../db/client.js';
import { allocate } from '../../domain/allocation.js';
import { isoDay } from '../../domain/dates.js';
import { investorFigures } from '../../domain/investor-figures.js';
import type { Clock } from '../../lib/clock.js';
import { investorScope, readBooks } from './books.repository.js';

/**
 * The read model: figures computed from the books at a date (domain.md §4). Built once in the
 * composition root; the investor portal and the withdrawal limits read through it.
 */
export function createBooksService({ db, clock }: { db: Db; clock: Clock }) {
  return {
    /** Today in the business's calendar. UTC for now; a BUSINESS_TIME_ZONE setting is a later step. */
    today: (): string => isoDay(clock.now()),

    /** The reads behind one answer, in one read-only snapshot of the books. */
    snapshot: <T>(fn: (tx: Queryable) => Promise<T>): Promise<T> => db.snapshot(fn),

    /**
     * An investor's books, allocation and figures as of a date, read through `tx`: a snapshot for an
     * answer, or a write's own transaction when a limit is checked under its row lock.
     */
    async investorAt(tx: Queryable, investorId: number, asOf: string) {
      const books = await readBooks(tx, asOf, await investorScope(tx, investorId, asOf));
      const allocation = allocate(books);
      return { books, allocation, figures: investorFigures(books, allocation, investorId, books.cashWithdrawals, asOf) };
    },
  };
}

export type BooksService = ReturnType<typeof createBooksService>;
