import type { Queryable } from '../../db/client.js';
import { allocate } from '../../domain/allocation.js';
import { isoDay } from '../../domain/dates.js';
import { investorFigures } from '../../domain/investor-figures.js';
import type { Clock } from '../../lib/clock.js';
import { investorScope, readBooks } from './books.repository.js';

/**
 * Figures computed from the books at a date: an investor's balances and returns (domain.md §4).
 * Used by the investor portal and by the withdrawal limits, inside the caller's transaction.
 */
export async function computeInvestor(db: Queryable, investorId: number, asOf: string) {
  const books = await readBooks(db, asOf, await investorScope(db, investorId, asOf));
  const allocation = allocate(books);
  return { books, allocation, figures: investorFigures(books, allocation, investorId, books.cashWithdrawals, asOf) };
}

/** Today in the business's calendar. UTC for now; a BUSINESS_TIME_ZONE setting is a later step. */
export const today = (clock: Clock): string => isoDay(clock.now());
