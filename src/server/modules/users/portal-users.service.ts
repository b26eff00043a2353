import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { NotFoundError } from '../../lib/errors.js';
import type { WriteContext } from '../../lib/write-context.js';
import { appendAudit } from '../audit/audit.repository.js';
import { revokeUserSessions } from '../auth/auth.repository.js';
import { existingInvestor } from '../references.js';
import { loginSummary, softDeleteInvestorUsers } from './users.repository.js';

/**
 * Manage Portal Users (portal-spec §2): the investors' logins. Deleting one removes the login only:
 * the investor, their money and the audit trail stay, and the login's sessions end at once.
 */
export function createPortalUsersService({ db, clock }: { db: Db; clock: Clock }) {
  return {
    async loginSummary() {
      return (await loginSummary(db, clock.now())).map((r) => ({
        investor_name: r.investorName, login_count: r.loginCount, last_login: r.lastLogin,
        failed_sign_ins: r.failedLogins, locked_until: r.lockedUntil,
      }));
    },

    async deletePortalUser(investorName: string, ctx: WriteContext): Promise<void> {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const investor = await existingInvestor(tx, investorName);
        const removed = await softDeleteInvestorUsers(tx, investor.id, now);
        if (removed.length === 0) throw new NotFoundError(`${investor.name} has no portal login.`);
        for (const user of removed) {
          await revokeUserSessions(tx, user.id, now);
          await appendAudit(tx, {
            at: now, userId: ctx.userId, action: 'delete_portal_user', entity: 'portal_user', entityId: String(user.id),
            before: { username: user.username, investor: investor.name }, after: null, ip: ctx.ip,
          });
        }
      });
    },
  };
}

export type PortalUsersService = ReturnType<typeof createPortalUsersService>;
