import type { InvestorPropertyResponse, InvestorSummaryResponse } from '../../../contract/schemas/investor.js';
import type { Queryable } from '../../db/client.js';
import type { PropertyInfo } from '../../domain/allocation.js';
import { propertyFigures } from '../../domain/investor-figures.js';
import { investorReturns } from '../../domain/investor-returns.js';
import { NotFoundError, ValidationError } from '../../lib/errors.js';
import type { SessionUser } from '../auth/auth.repository.js';
import type { INVESTOR_MARK } from '../books/answer-cache.repository.js';
import type { BooksService } from '../books/books.service.js';
import { findInvestorById, findInvestorByName, type Investor } from '../investors/investors.repository.js';
import { nameKey, sameName } from '../../lib/names.js';
import { ownedProperties, ownedProperty, propertyAnswer, summaryAnswer } from './investor-answers.js';

// One answer for "no such investor" and "someone else's investor", byte for byte (security.md Z2).
const INVESTOR_NOT_FOUND = 'Investor not found.';
export const PROPERTY_NOT_FOUND = 'Property not found.';


type InvestorAt = Awaited<ReturnType<BooksService['investorAt']>>;

/** The summary's answer from an investor's books and figures as of `date`. */
function summaryOf(investor: Investor, { books, figures }: Pick<InvestorAt, 'books' | 'figures'>, date: string): InvestorSummaryResponse {
  return summaryAnswer(investor.name, books, figures, investorReturns(books, figures, investor.id, books.cashWithdrawals, date));
}

/** A property page's answer from an investor's books and allocation. */
function propertyOf({ books, allocation }: Pick<InvestorAt, 'books' | 'allocation'>, investorId: number, property: PropertyInfo): InvestorPropertyResponse {
  return propertyAnswer(property, propertyFigures(books, allocation, investorId, property.id));
}

// An investor's answers are kept under keys that name them by id (or, for a lookup by name, by the
// mark the database puts their id in: books.service.ts sentForInvestorNamed).
type InvestorInKey = number | typeof INVESTOR_MARK;
const summaryKey = (investorId: InvestorInKey, date: string) => `investor_summary/${investorId}/${date}`;
/** By the property's name as a person types it (case and spaces aside). */
const propertyKey = (investorId: InvestorInKey, date: string, propertyName: string) =>
  `investor_property/${investorId}/${date}/${nameKey(propertyName)}`;

/** What investors come for (domain.md §4): an investor reads only their own figures; admins read anyone's. */
export function createInvestorPortalService({ books: read }: { books: BooksService }) {
  /** The investor a request may read (security.md Z2): a non-admin gets only the one bound to the login. */
  async function investorFor(db: Queryable, user: SessionUser, requested: string | undefined): Promise<Investor> {
    if (user.adminLevel > 0) {
      if (requested) return (await findInvestorByName(db, requested)) ?? Promise.reject(new NotFoundError(INVESTOR_NOT_FOUND));
      if (user.investorId !== null) return (await findInvestorById(db, user.investorId))!;
      throw new ValidationError('Investor name is required.');
    }
    const own = user.investorId === null ? undefined : await findInvestorById(db, user.investorId);
    if (!own || (requested && !sameName(requested, own.name))) throw new NotFoundError(INVESTOR_NOT_FOUND);
    return own;
  }

  /** Figures as of a date (issue 13): entries dated after it do not count (domain.md §1); the future is refused. */
  function asOfDate(asOf: string | undefined): string {
    const today = read.today();
    if (asOf && asOf > today) throw new ValidationError('As of cannot be a date in the future.');
    return asOf ?? today;
  }

  /** The summary's figures as the books stood on `date`, read in one snapshot (`tx`). */
  async function summaryAt(tx: Queryable, investorId: number, date: string): Promise<InvestorSummaryResponse> {
    const investor = await findInvestorById(tx, investorId);
    if (!investor) throw new NotFoundError(INVESTOR_NOT_FOUND);
    return summaryOf(investor, await read.investorAt(tx, investorId, date), date);
  }

  /** One property's figures for the investor (security.md Z3): a property they never invested in is not found. */
  async function propertyAt(tx: Queryable, investorId: number, propertyName: string, date: string): Promise<InvestorPropertyResponse> {
    const got = await read.investorAt(tx, investorId, date);
    const property = ownedProperty(got.books, investorId, propertyName);
    if (!property) throw new NotFoundError(PROPERTY_NOT_FOUND);
    return propertyOf(got, investorId, property);
  }

  /**
   * The investor a request reads, by id. An investor asking for their own figures without naming
   * themselves needs no lookup: the login names its investor (one query less on the hot path).
   */
  async function investorIdFor(user: SessionUser, requested: string | undefined): Promise<number> {
    if (user.adminLevel === 0 && !requested) {
      if (user.investorId === null) throw new NotFoundError(INVESTOR_NOT_FOUND);
      return user.investorId;
    }
    return (await investorFor(read.db, user, requested)).id;
  }

  /**
   * The kept answer of the investor this request may read. An admin naming an investor gets the
   * investor and their answer in one statement (books.service.ts sentForInvestorNamed); anyone else is
   * first held to their own investor (investorIdFor).
   */
  async function sentFor<T>(
    user: SessionUser,
    investorName: string | undefined,
    answerKey: (investorId: InvestorInKey) => string,
    compute: (investorId: number) => (tx: Queryable) => Promise<T>,
  ): Promise<T> {
    if (user.adminLevel > 0 && investorName) {
      return (await read.sentForInvestorNamed(investorName, answerKey, compute)) ?? Promise.reject(new NotFoundError(INVESTOR_NOT_FOUND));
    }
    const id = await investorIdFor(user, investorName);
    return read.sent(answerKey(id), compute(id));
  }

  // Who may read is decided on every request; the figures are kept per scope of the books (issue 12),
  // and sent as kept: only the routes read these two.
  return {
    /** Which investor this user may read, by the name asked for (none: their own). */
    readableInvestorId: investorIdFor,
    /** The date figures are read at: as_of, or today; the future is refused. */
    asOfDate,
    /** The key an investor's summary as of today is kept under. */
    summaryKey: (investorId: number) => summaryKey(investorId, read.today()),

    async summary(user: SessionUser, investorName: string | undefined, asOf?: string): Promise<InvestorSummaryResponse> {
      const date = asOfDate(asOf);
      return sentFor(user, investorName, (id) => summaryKey(id, date), (id) => (tx) => summaryAt(tx, id, date));
    },

    async property(user: SessionUser, investorName: string | undefined, propertyName: string, asOf?: string): Promise<InvestorPropertyResponse> {
      const date = asOfDate(asOf);
      return sentFor(user, investorName, (id) => propertyKey(id, date, propertyName), (id) => (tx) => propertyAt(tx, id, propertyName, date));
    },

    /**
     * An investor's summary and every property page of theirs as of today, from one reading of their
     * books, kept ahead of reads (answer-refresher.ts).
     */
    ahead: (investorId: number) =>
      read.keepAhead(async (tx) => {
        const date = read.today();
        const investor = await findInvestorById(tx, investorId);
        if (!investor) return [];
        const got = await read.investorAt(tx, investorId, date);
        const owned = ownedProperties(got.books, investorId);
        return [
          [summaryKey(investorId, date), summaryOf(investor, got, date)],
          ...owned.map((p) => [propertyKey(investorId, date, p.name), propertyOf(got, investorId, p)] as [string, unknown]),
        ];
      }),
  };
}

export type InvestorPortalService = ReturnType<typeof createInvestorPortalService>;
