import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { ConflictError, ValidationError } from '../../lib/errors.js';
import type { WriteContext } from '../../lib/write-context.js';
import { auditChange } from '../audit/audit.js';
import type { SessionUser } from '../auth/auth.js';
import { readableInvestor } from '../investor-portal/readable-investor.js';
import type { NoticesService } from '../notices/notices.service.js';
import { investorsWithMoneyBy, type StatementsService } from '../statements/statements.js';
import { heldNothing } from '../../domain/statement.js';
import { allPublications, findPublication, insertPublication, publicationsFor, type PublicationRow } from './statement-publications.repository.js';

type Period = { from: string; to: string };

const alreadyPublished = ({ from, to }: Period) =>
  `The statements of ${from} to ${to} were already published, and their investors told: a period is published once.`;

const publication = (r: PublicationRow) => ({
  id: r.id, from: r.from, to: r.to, published_at: new Date(r.publishedAt).toISOString(), published_by: r.publishedBy, investors: r.investors,
});

/**
 * Statement periods published (docs/api.md, "Statement periods"): the admin says a period's statements are
 * final; the investors who held capital or cash in it are recorded with it and told by e-mail, in the
 * transaction that records it; each investor's page lists the periods published for them.
 */
export function createStatementPublicationsService(deps: {
  db: Db; clock: Clock; today: () => string; statements: Pick<StatementsService, 'figures'>; notices?: NoticesService;
}) {
  const { db, clock, today, statements, notices } = deps;

  /** Only a period whose last day is over can be final: its statements would still change on that day. */
  function checkPeriod({ from, to }: Period): void {
    if (from > to) throw new ValidationError('From must be on or before To.');
    if (to > today()) throw new ValidationError('To cannot be a date in the future.');
    if (to === today()) throw new ValidationError('This period has not ended yet: publish it from the day after To.');
  }

  /** The investors GET /admin/statements gives a PDF of this period: those who held capital or cash in it. */
  async function investorsOf({ from, to }: Period): Promise<{ id: number; name: string }[]> {
    const held = [];
    for (const candidate of await investorsWithMoneyBy(db, to)) {
      if (!heldNothing((await statements.figures(candidate.id, from, to)).figures)) held.push(candidate);
    }
    return held;
  }

  return {
    async publish(period: Period, ctx: WriteContext): Promise<{ id: number; investors: number }> {
      checkPeriod(period);
      if (await findPublication(db, period.from, period.to)) throw new ConflictError(alreadyPublished(period));
      // The figures are read first, each in its own snapshot of the books (as the zip reads them); the
      // publication and its notices are then one transaction.
      const investors = await investorsOf(period);
      if (investors.length === 0) {
        throw new ValidationError(`No investor held capital or cash from ${period.from} to ${period.to}: there are no statements to publish.`);
      }
      try {
        return await db.transaction(async (tx) => {
          if (await findPublication(tx, period.from, period.to)) throw new ConflictError(alreadyPublished(period));
          const at = clock.now();
          const investorIds = investors.map((i) => i.id);
          const id = await insertPublication(tx, { ...period, publishedBy: ctx.userId, at, investorIds });
          await auditChange(tx, ctx, at, {
            action: 'publish_statements', entity: 'statement_publication', id,
            after: { from: period.from, to: period.to, investors: investors.map((i) => i.name) },
          });
          // The e-mail says only that a period was published: no figure, no period's amounts.
          if (!ctx.quiet) {
            await notices?.queueNotice(tx, {
              event: 'statement_published', recipients: investorIds.map((investorId) => ({ investorId })), ref: `statements:${period.from}:${period.to}`,
            });
          }
          return { id, investors: investorIds.length };
        });
      } catch (err) {
        // Two admins publishing the same period at once: the second meets the unique period.
        if ((err as { code?: string }).code === '23505') throw new ConflictError(alreadyPublished(period));
        throw err;
      }
    },

    /** Every publication, newest first, for the admin. */
    async list() {
      return { publications: (await db.snapshot((tx) => allPublications(tx))).map(publication) };
    },

    /** The periods published for an investor, latest first: their own; an admin's of anyone. */
    async forInvestor(user: SessionUser, investorName: string | undefined) {
      return db.snapshot(async (tx) => {
        const investor = await readableInvestor(tx, user, investorName);
        const rows = await publicationsFor(tx, investor.id);
        return { investor_name: investor.name, statements: rows.map((r) => ({ id: r.id, from: r.from, to: r.to, published_at: new Date(r.publishedAt).toISOString() })) };
      });
    },
  };
}

export type StatementPublicationsService = ReturnType<typeof createStatementPublicationsService>;
