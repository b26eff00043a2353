import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { NotFoundError } from '../../lib/errors.js';
import type { WriteContext } from '../../lib/write-context.js';
import { auditChange } from '../audit/audit.js';
import { deleteRecoveryCodes, hashPassword, revokeUserSessions } from '../auth/auth.js';
import { revokeUserTokens } from '../api-tokens/api-tokens.js';
import { existingInvestor } from '../references.js';
import { newPassword } from '../../lib/random.js';
import type { NoticesService } from '../notices/notices.service.js';
import type { Queryable } from '../../db/client.js';
import {
  clearLoginFailures, clearTotp, findUserByInvestorId, loginSummary, setPasswordHash, softDeleteInvestorUsers, type PortalUser,
} from './users.repository.js';

/** The security notice a change of someone's login sends them. */
type LoginNotice = Omit<Parameters<NoticesService['queueNotice']>[1], 'recipients'>;

/**
 * Manage Portal Users (docs/product.md "Screens"): the investors' logins. Deleting one removes the login only:
 * the investor, their money and the audit trail stay, and the login's sessions end at once.
 */
export function createPortalUsersService({ db, clock, notices }: { db: Db; clock: Clock; notices?: Pick<NoticesService, 'queueNotice'> }) {
  /**
   * Changes an investor's login for them (a lost password or phone): in one transaction
   * with its audit row, every session of the login ends.
   */
  async function changeLogin(
    investorName: string, ctx: WriteContext, action: string, notice: LoginNotice, change: (tx: Queryable, user: PortalUser) => Promise<void>,
  ) {
    const now = clock.now();
    await db.transaction(async (tx) => {
      const investor = await existingInvestor(tx, investorName);
      const user = await findUserByInvestorId(tx, investor.id);
      if (!user) throw new NotFoundError(`${investor.name} has no portal login.`);
      await change(tx, user);
      await revokeUserSessions(tx, user.id, now);
      // A reset answers a lost phone or a password known to someone else: a token made then must stop too.
      const tokens = await revokeUserTokens(tx, user.id, now);
      // The owner of the login is told, as when they change it themselves: a change they did not ask for is the alarm.
      await notices?.queueNotice(tx, { ...notice, recipients: [{ userId: user.id }] });
      await auditChange(tx, ctx, now, { action, entity: 'portal_user', id: user.id, after: { username: user.username, investor: investor.name, ...(tokens ? { api_tokens_revoked: tokens } : {}) } });
    });
  }

  return {
    /**
     * A new random password for an investor's login, shown once to the admin to pass on; the wait after
     * failed sign-ins is lifted. (Re-issuing the registration secret lets the investor choose their own.)
     */
    async resetPassword(investorName: string, ctx: WriteContext): Promise<{ password: string }> {
      const password = newPassword();
      const passwordHash = await hashPassword(password);
      await changeLogin(investorName, ctx, 'admin_reset_password', { event: 'password_changed' }, async (tx, user) => {
        await setPasswordHash(tx, user.id, passwordHash);
        await clearLoginFailures(tx, user.id);
      });
      return { password };
    },

    /** Turns an investor's two-factor sign-in off (a lost phone): the next sign-in asks for the password only. */
    async resetTotp(investorName: string, ctx: WriteContext): Promise<void> {
      await changeLogin(investorName, ctx, 'admin_reset_totp', { event: 'two_factor_changed', params: { on: false } }, async (tx, user) => {
        await clearTotp(tx, user.id);
        await deleteRecoveryCodes(tx, user.id);
      });
    },

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
          await auditChange(tx, ctx, now, {
            action: 'delete_portal_user', entity: 'portal_user', id: user.id, before: { username: user.username, investor: investor.name },
          });
        }
      });
    },
  };
}

export type PortalUsersService = ReturnType<typeof createPortalUsersService>;
