import type { Queryable } from '../../db/client.js';
import { NotFoundError, ValidationError } from '../../lib/errors.js';
import { sameName } from '../../lib/names.js';
import { grantedInvestorIds, type AccessNeed } from '../access/access.js';
import type { SessionUser } from '../auth/auth.js';
import { findInvestorById, findInvestorByName, type Investor } from '../investors/investors.js';
import { INVESTOR_NOT_FOUND } from './investor-reads.js';

/** The roles that read any investor's page by name (the others read only the records granted to them). */
export const readsEveryInvestor = (user: SessionUser): boolean => user.role === 'admin' || user.role === 'bookkeeper';

/**
 * The investor records this login reads, its own first: an investor's own record, their other entities
 * (an IRA, a trust), and the pages they read as a delegate where that investor allowed `need`.
 */
export async function readableInvestorIds(db: Queryable, user: SessionUser, need: AccessNeed = 'figures'): Promise<number[]> {
  const granted = await grantedInvestorIds(db, user.userId, need);
  const own = user.role === 'investor' && user.investorId !== null ? [user.investorId] : [];
  return [...new Set([...own, ...granted])];
}

/**
 * The investor a read of an investor's page (figures, documents, updates) may show, as investor_summary
 * decides it: the admin and the bookkeeper name anyone (or read their own record, when they have one); an
 * investor or a delegate reads only the records granted to them (without a name: the first), and any
 * other name answers "not found" as a missing one does.
 */
export async function readableInvestor(db: Queryable, user: SessionUser, requested: string | undefined, need: AccessNeed = 'figures'): Promise<Investor> {
  if (readsEveryInvestor(user)) {
    if (requested) return (await findInvestorByName(db, requested)) ?? Promise.reject(new NotFoundError(INVESTOR_NOT_FOUND));
    if (user.investorId !== null) return (await findInvestorById(db, user.investorId))!;
    throw new ValidationError('Investor name is required.');
  }
  if (user.role !== 'investor' && user.role !== 'delegate') throw new NotFoundError(INVESTOR_NOT_FOUND);
  // The common case first: an investor reading their own record, by no name or by its name.
  const own = user.role === 'investor' && user.investorId !== null ? await findInvestorById(db, user.investorId) : undefined;
  if (own && (!requested || sameName(requested, own.name))) return own;
  const ids = await readableInvestorIds(db, user, need);
  if (!requested) {
    const first = ids[0] === undefined ? undefined : await findInvestorById(db, ids[0]);
    return first ?? Promise.reject(new NotFoundError(INVESTOR_NOT_FOUND));
  }
  const named = await findInvestorByName(db, requested);
  if (!named || !ids.includes(named.id)) throw new NotFoundError(INVESTOR_NOT_FOUND);
  return named;
}
