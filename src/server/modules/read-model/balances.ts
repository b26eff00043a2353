import type { Queryable } from '../../db/client.js';
import { allocate, type BooksInput } from '../../domain/allocation.js';
import { investorBalances, totalBalances } from '../../domain/investor-figures.js';
import { cashWithdrawalTotals, feesOf, llcPropertiesOf, readBooks } from './books.repository.js';

export type Balances = Map<number, { capital: number; cash: number }>;

/**
 * Many investors' capital and cash as of a date, one LLC at a time: an LLC's income, fees and expenses split
 * among its own members only (docs/rules/ownership.md), so the sums over LLCs are the figures each investor's own
 * books give (investorAt), while memory holds one LLC's books instead of all of them (the large tier's whole
 * allocation took over 160 MB at once: docs/performance.md). One pass for 2,000 investors instead of 2,000
 * reads of their books: the admin summary, and a distribution run's maximums (docs/performance.md).
 * `investorIds`: only the LLCs they are in are read, and every one of them is in the answer (0 without books);
 * null: every investor with books.
 */
export async function balancesOf(tx: Queryable, asOf: string, investorIds: readonly number[] | null): Promise<Balances> {
  const perLlc: Balances[] = [];
  // Every investor's fees read once, each LLC's books given its own members' (the fee schedule is the
  // investor's, the same in every LLC; read with each LLC's books it was 100,000 rows 50 times at the large tier).
  const feesBy = new Map<number, BooksInput['fees']>();
  for (const f of await feesOf(tx, null)) (feesBy.get(f.investorId) ?? feesBy.set(f.investorId, []).get(f.investorId)!).push(f);
  for (const [llcId, propertyIds] of await llcPropertiesOf(tx, investorIds, asOf)) {
    const llcBooks = await readBooks(tx, asOf, { investorId: null, propertyIds, llcIds: [llcId], cash: false, fees: false });
    const members = new Set([...llcBooks.capital.map((c) => c.investorId), ...llcBooks.investorExpenses.map((e) => e.investorId)]);
    const books = { ...llcBooks, fees: [...members].flatMap((id) => feesBy.get(id) ?? []) };
    perLlc.push(investorBalances(books, allocate(books), []));
  }
  const totals = totalBalances(perLlc, await cashWithdrawalTotals(tx, asOf, investorIds));
  if (investorIds === null) return totals;
  return new Map(investorIds.map((id) => [id, totals.get(id) ?? { capital: 0, cash: 0 }]));
}
