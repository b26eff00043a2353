import type { Queryable } from '../../db/client.js';
import { NotFoundError, ValidationError } from '../../lib/errors.js';
import { sameName } from '../../lib/names.js';
import type { SessionUser } from '../auth/auth.js';
import { findInvestorById, findInvestorByName, type Investor } from '../investors/investors.js';
import { INVESTOR_NOT_FOUND } from './investor-reads.js';

/**
 * The investor a read of an investor's own things (documents, updates) may show, as investor_summary
 * decides it: an admin names anyone (or is themselves an investor); an investor reads only their own, and
 * another's name answers "not found" as a missing one does.
 */
export async function readableInvestor(db: Queryable, user: SessionUser, requested: string | undefined): Promise<Investor> {
  if (user.adminLevel > 0) {
    if (requested) return (await findInvestorByName(db, requested)) ?? Promise.reject(new NotFoundError(INVESTOR_NOT_FOUND));
    if (user.investorId !== null) return (await findInvestorById(db, user.investorId))!;
    throw new ValidationError('Investor name is required.');
  }
  const own = user.investorId === null ? undefined : await findInvestorById(db, user.investorId);
  if (!own || (requested && !sameName(requested, own.name))) throw new NotFoundError(INVESTOR_NOT_FOUND);
  return own;
}
