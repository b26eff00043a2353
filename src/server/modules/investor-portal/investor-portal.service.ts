import type { InvestorPropertyResponse, InvestorSummaryResponse } from '../../../contract/schemas/investor.js';
import { NotFoundError, ValidationError } from '../../lib/errors.js';
import type { SessionUser } from '../auth/auth.js';
import { MissingName, type BooksService, type KeptAnswers, type KeptReply, type Named } from '../read-model/read-model.js';
import { readableInvestor, readsEveryInvestor } from './readable-investor.js';
import { INVESTOR_NOT_FOUND, investorPropertyRead, investorSummaryRead, PROPERTY_NOT_FOUND } from './investor-reads.js';

export { PROPERTY_NOT_FOUND } from './investor-reads.js';

/** The answer of a read by names, or the refusal of the name no row has: the investor's, else the property's. */
export function foundOr<T>(got: T | MissingName): T {
  if (got instanceof MissingName) throw new NotFoundError(got.named.table === 'investor' ? INVESTOR_NOT_FOUND : PROPERTY_NOT_FOUND);
  return got;
}

/** What investors come for (docs/rules/): an investor reads only their own figures; admins read anyone's. */
export function createInvestorPortalService({ books: read, kept }: { books: BooksService; kept: KeptAnswers }) {
  /** Figures as of a date: entries dated after it do not count (docs/rules/README.md); the future is refused. */
  function asOfDate(asOf: string | undefined): string {
    const today = read.today();
    if (asOf && asOf > today) throw new ValidationError('As of cannot be a date in the future.');
    return asOf ?? today;
  }

  /**
   * The investor a request reads, by id. An investor asking for their own figures without naming
   * themselves needs no lookup: the login names its investor (one query less on the hot path).
   */
  async function investorIdFor(user: SessionUser, requested: string | undefined): Promise<number> {
    if (user.role === 'investor' && !requested) {
      if (user.investorId === null) throw new NotFoundError(INVESTOR_NOT_FOUND);
      return user.investorId;
    }
    return (await readableInvestor(read.db, user, requested)).id;
  }

  /**
   * The investor an answer is about: by name, resolved with the kept answer's read (an admin naming an
   * investor: one statement finds both), or by the id this user may read.
   */
  async function investorOf(user: SessionUser, requested: string | undefined): Promise<{ investorId: number; names: Named<{ investorId: number }>[] }> {
    if (readsEveryInvestor(user) && requested) return { investorId: 0, names: [{ table: 'investor', name: requested, field: 'investorId' }] };
    return { investorId: await investorIdFor(user, requested), names: [] };
  }

  // Who may read is decided on every request; the figures are kept per scope of the books (docs/performance.md),
  // and sent as kept: only the routes read these two.
  return {
    /** Which investor this user may read, by the name asked for (none: their own). */
    readableInvestorId: investorIdFor,
    /** The date figures are read at: as_of, or today; the future is refused. */
    asOfDate,

    async summary(user: SessionUser, investorName: string | undefined, asOf?: string): Promise<KeptReply<InvestorSummaryResponse>> {
      const date = asOfDate(asOf);
      const { investorId, names } = await investorOf(user, investorName);
      if (names.length === 0) return kept.reply(investorSummaryRead, { investorId, date });
      return foundOr(await kept.replyNamed(investorSummaryRead, { investorId, date }, names));
    },

    async property(user: SessionUser, investorName: string | undefined, propertyName: string, asOf?: string): Promise<KeptReply<InvestorPropertyResponse>> {
      const date = asOfDate(asOf);
      const { investorId, names } = await investorOf(user, investorName);
      const property = { table: 'property' as const, name: propertyName, field: 'propertyId' as const };
      return foundOr(await kept.replyNamed(investorPropertyRead, { investorId, date, propertyId: 0 }, [...names, property]));
    },
  };
}

export type InvestorPortalService = ReturnType<typeof createInvestorPortalService>;
