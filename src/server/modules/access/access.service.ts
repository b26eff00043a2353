import type { CombinedResponse, DelegateRow, MyInvestorsResponse } from '../../../contract/schemas/access.js';
import type { Db, Queryable } from '../../db/client.js';
import { combineFigures, type EntityFigures } from '../../domain/combined-figures.js';
import { monthlyCashflows, returnYears } from '../../domain/investor-figures.js';
import { investorReturns } from '../../domain/investor-returns.js';
import type { Clock } from '../../lib/clock.js';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.js';
import { sameName } from '../../lib/names.js';
import { newSecret, sha256 } from '../../lib/random.js';
import type { WriteContext } from '../../lib/write-context.js';
import { auditChange } from '../audit/audit.js';
import type { SessionUser } from '../auth/auth.js';
import { findInvestorById, findInvestorByName, SECRET_TTL_MS, type Investor } from '../investors/investors.js';
import type { InvestorPortalService } from '../investor-portal/investor-portal.service.js';
import { INVESTOR_NOT_FOUND } from '../investor-portal/investor-reads.js';
import type { NoticesService } from '../notices/notices.service.js';
import { investorBooks, type BooksService } from '../read-model/read-model.js';
import { existingInvestor } from '../references.js';
import { findUserByUsername, type PortalUser } from '../users/users.js';
import {
  delegatesOf, insertAccess, insertDelegateSecret, liveAccessOf, lockDelegate, lockLiveAccess, revokeUnusedSecrets, setRevoked,
  type AccessRow,
} from './access.repository.js';
import { combinedAnswer } from './combined-answer.js';

export const DELEGATE_NOT_FOUND = 'Delegate not found.';

const iso = (d: Date | null) => (d === null ? null : new Date(d).toISOString());

const delegateRow = (a: AccessRow): DelegateRow => ({
  id: a.id,
  name: a.delegateName ?? '',
  username: a.username,
  status: a.revokedAt ? 'revoked' : a.userId !== null ? 'active' : 'invited',
  can_see_figures: a.canSeeFigures,
  can_see_documents: a.canSeeDocuments,
  invited_at: iso(a.grantedAt)!,
  revoked_at: iso(a.revokedAt),
});

/** What a delegate will see, in words for the invitation. */
const seesWords = (figures: boolean, documents: boolean) =>
  figures && documents ? 'the figures and the documents' : figures ? 'the figures (not the documents)' : 'the documents (not the figures)';

type InviteInput = { investor_name?: string | null; name: string; email?: string; can_see_figures: boolean; can_see_documents: boolean };

/**
 * Who may read which investor records (issue 29, docs/decisions.md 42): an investor's delegates (invited by
 * the investor, or by an admin for them), one person's several entities (granted by an admin), the
 * switcher's list and the combined view of a login's own entities. Every change is audited in its
 * transaction; reading is decided per request from these rows (readable-investor.ts), so a revoke holds at once.
 */
export function createAccessService(deps: {
  db: Db; clock: Clock; books: BooksService; investorPortal: InvestorPortalService; notices: NoticesService; mailOn: boolean;
}) {
  const { db, clock, books, investorPortal, notices, mailOn } = deps;

  /**
   * The investor whose delegates a call is about: an admin names any investor; an investor acts for their
   * own record (no name, or its name) or another record they hold as their own entity, never a page they
   * read as someone's delegate. Any other name is "not found", as a missing one is.
   */
  async function actingFor(tx: Queryable, user: SessionUser, requested: string | undefined): Promise<Investor> {
    if (user.role === 'admin') {
      if (!requested) throw new ValidationError("Investor name is required: name the investor whose delegates these are.");
      return (await findInvestorByName(tx, requested)) ?? Promise.reject(new NotFoundError(INVESTOR_NOT_FOUND));
    }
    if (user.role !== 'investor') throw new NotFoundError(INVESTOR_NOT_FOUND);
    const own = user.investorId !== null ? await findInvestorById(tx, user.investorId) : undefined;
    if (own && (!requested || sameName(requested, own.name))) return own;
    if (!requested) throw new NotFoundError(INVESTOR_NOT_FOUND);
    const named = await findInvestorByName(tx, requested);
    const held = named && (await liveAccessOf(tx, user.userId)).some((a) => a.relation === 'entity' && a.investorId === named.id);
    if (!named || !held) throw new NotFoundError(INVESTOR_NOT_FOUND);
    return named;
  }

  /** The login an admin's grant is about. */
  async function loginNamed(tx: Queryable, username: string): Promise<PortalUser> {
    return (await findUserByUsername(tx, username)) ?? Promise.reject(new NotFoundError(`No login named "${username}".`));
  }

  /** The investor records a login holds as its own: its record, then its entities in the order granted. */
  async function ownEntities(tx: Queryable, user: SessionUser): Promise<number[]> {
    const entities = (await liveAccessOf(tx, user.userId)).filter((a) => a.relation === 'entity').map((a) => a.investorId);
    return [...new Set([...(user.investorId !== null ? [user.investorId] : []), ...entities])];
  }

  /** One entity's figures as its own summary reads them, as of `date`. */
  async function entityFigures(tx: Queryable, investorId: number, date: string): Promise<{ name: string; figures: EntityFigures }> {
    const { investor, books: b, allocation, figures } = await investorBooks(tx, { investorId, date });
    if (!investor) throw new NotFoundError(INVESTOR_NOT_FOUND);
    const capital = b.capital.filter((e) => e.investorId === investorId);
    return {
      name: investor.name,
      figures: {
        figures,
        returns: investorReturns(b, figures, investorId, b.cashWithdrawals, date),
        capital,
        years: returnYears(allocation, investorId, capital, monthlyCashflows(allocation, investorId), date),
      },
    };
  }

  return {
    async delegates(user: SessionUser, investorName: string | undefined) {
      return db.snapshot(async (tx) => {
        const investor = await actingFor(tx, user, investorName);
        return { investor_name: investor.name, delegates: (await delegatesOf(tx, investor.id)).map(delegateRow) };
      });
    },

    /**
     * An invitation: the row the delegate will read through (user_id filled when they register) and its
     * one-time secret, kept only as a hash. With mail on and an address given, the secret goes by e-mail
     * (in this transaction's outbox) and is not answered; otherwise it is answered, to pass on.
     */
    async inviteDelegate(user: SessionUser, input: InviteInput, ctx: WriteContext) {
      const secret = newSecret();
      return db.transaction(async (tx) => {
        const investor = await actingFor(tx, user, input.investor_name || undefined);
        const at = clock.now();
        const id = await insertAccess(tx, {
          userId: null, investorId: investor.id, relation: 'delegate', delegateName: input.name,
          canSeeFigures: input.can_see_figures, canSeeDocuments: input.can_see_documents, grantedBy: ctx.userId, at,
        });
        await insertDelegateSecret(tx, { accessId: id, secretHash: sha256(secret), createdAt: at, expiresAt: new Date(at.getTime() + SECRET_TTL_MS) });
        const inviter = user.role === 'investor' && user.investorId !== null ? (await findInvestorById(tx, user.investorId))?.name ?? null : null;
        const emailed = mailOn && input.email !== undefined && (await notices.queueNotice(tx, {
          event: 'delegate_invited', recipients: [{ email: input.email }], ref: `delegate:${id}`,
          params: { invitation: { investor: investor.name, invitedBy: inviter, sees: seesWords(input.can_see_figures, input.can_see_documents), secret } },
        })) > 0;
        await auditChange(tx, ctx, at, {
          action: 'invite_delegate', entity: 'investor_access', id,
          after: { investor: investor.name, delegate: input.name, can_see_figures: input.can_see_figures, can_see_documents: input.can_see_documents, emailed },
        });
        return { id, registration_secret: emailed ? null : secret, emailed };
      });
    },

    /** Ends a delegate's reading (or an unused invitation, whose secret stops working) at once. */
    async revokeDelegate(user: SessionUser, input: { id: number; investor_name?: string | null }, ctx: WriteContext): Promise<void> {
      await db.transaction(async (tx) => {
        const investor = await actingFor(tx, user, input.investor_name || undefined);
        const row = await lockDelegate(tx, input.id, investor.id);
        if (!row) throw new NotFoundError(DELEGATE_NOT_FOUND);
        if (row.revokedAt) throw new ConflictError(`The access of ${row.delegateName} has already ended.`);
        const at = clock.now();
        await setRevoked(tx, row.id, { at, by: ctx.userId });
        await revokeUnusedSecrets(tx, row.id, at);
        await auditChange(tx, ctx, at, {
          action: 'revoke_delegate', entity: 'investor_access', id: row.id,
          before: { investor: row.investorName, delegate: row.delegateName, username: row.username, status: delegateRow(row).status },
          after: { revoked: true },
        });
      });
    },

    /** The switcher's list: the login's own record first, then its other entities, then the pages it reads as a delegate. */
    async myInvestors(user: SessionUser): Promise<MyInvestorsResponse> {
      return db.snapshot(async (tx) => {
        const investors: MyInvestorsResponse['investors'] = [];
        const own = user.role === 'investor' && user.investorId !== null ? await findInvestorById(tx, user.investorId) : undefined;
        if (own) investors.push({ investor_name: own.name, relation: 'own', can_see_figures: true, can_see_documents: true });
        for (const a of await liveAccessOf(tx, user.userId)) {
          if (a.investorId === own?.id || investors.some((i) => i.investor_name === a.investorName)) continue;
          const entity = a.relation === 'entity';
          investors.push({
            investor_name: a.investorName, relation: a.relation,
            can_see_figures: entity || a.canSeeFigures, can_see_documents: entity || a.canSeeDocuments,
          });
        }
        return { investors };
      });
    },

    /**
     * The combined view of the login's own entities as of a date (never the pages it reads as a delegate):
     * every entity read as its summary reads it, in one snapshot, then combined in cents (combined-figures.ts).
     */
    async combined(user: SessionUser, asOf: string | undefined): Promise<CombinedResponse> {
      const date = investorPortal.asOfDate(asOf);
      return books.computed(async (tx) => {
        const ids = await ownEntities(tx, user);
        if (ids.length === 0) throw new NotFoundError(INVESTOR_NOT_FOUND);
        const entities = [];
        for (const id of ids) entities.push(await entityFigures(tx, id, date));
        return combinedAnswer(entities.map((e) => e.name), date, combineFigures(entities.map((e) => e.figures), date));
      });
    },

    async investorAccess(username: string) {
      return db.snapshot(async (tx) => {
        const login = await loginNamed(tx, username);
        const held = (await liveAccessOf(tx, login.id)).filter((a) => a.relation === 'entity');
        return { username: login.username, investor_names: held.map((a) => a.investorName) };
      });
    },

    /** Lets an investor's login hold another record of the same person (an IRA, a trust). */
    async grantInvestorAccess(input: { username: string; investor_name: string }, ctx: WriteContext): Promise<void> {
      try {
        await db.transaction(async (tx) => {
          const login = await loginNamed(tx, input.username);
          const investor = await existingInvestor(tx, input.investor_name);
          if (login.role !== 'investor') throw new ConflictError(`Only an investor's login can hold investor records, and ${login.username} is not an investor's login.`);
          if (login.investorId === investor.id) throw new ConflictError(`${investor.name} is the own investor record of ${login.username}.`);
          if (await lockLiveAccess(tx, login.id, investor.id)) throw new ConflictError(`${login.username} already holds the investor record ${investor.name}.`);
          const at = clock.now();
          const id = await insertAccess(tx, {
            userId: login.id, investorId: investor.id, relation: 'entity', delegateName: null,
            canSeeFigures: true, canSeeDocuments: true, grantedBy: ctx.userId, at,
          });
          await auditChange(tx, ctx, at, { action: 'grant_entity', entity: 'investor_access', id, after: { username: login.username, investor: investor.name } });
        });
      } catch (err) {
        // Two grants at once: the live-grant index lets one in, the other is the same conflict.
        if ((err as { code?: string }).code === '23505') throw new ConflictError(`${input.username} already holds the investor record ${input.investor_name}.`);
        throw err;
      }
    },

    async revokeInvestorAccess(input: { username: string; investor_name: string }, ctx: WriteContext): Promise<void> {
      await db.transaction(async (tx) => {
        const login = await loginNamed(tx, input.username);
        const investor = await existingInvestor(tx, input.investor_name);
        const held = await lockLiveAccess(tx, login.id, investor.id);
        if (!held || held.relation !== 'entity') throw new NotFoundError(`${login.username} does not hold the investor record ${investor.name}.`);
        const at = clock.now();
        await setRevoked(tx, held.id, { at, by: ctx.userId });
        await auditChange(tx, ctx, at, {
          action: 'revoke_entity', entity: 'investor_access', id: held.id,
          before: { username: login.username, investor: investor.name }, after: { revoked: true },
        });
      });
    },
  };
}

export type AccessService = ReturnType<typeof createAccessService>;
