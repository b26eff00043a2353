import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { NotFoundError, ValidationError, ConflictError } from '../../lib/errors.js';
import { newPassword } from '../../lib/random.js';
import { passwordProblem } from '../../domain/password-policy.js';
import { auditChange, OPERATOR } from '../audit/audit.js';
import { deleteRecoveryCodes, hashPassword, revokeUserSessions } from '../auth/auth.js';
import {
  clearLoginFailures,
  clearTotp,
  countActiveAdmins,
  enableTotp,
  findUserByUsername,
  insertUser,
  listUsers,
  setPasswordHash,
  setPendingTotp,
  type UserListRow,
} from './users.repository.js';

export type UsersService = ReturnType<typeof createUsersService>;

/** Operator-level account work: the first admin, the `npm run admin` commands. */
export function createUsersService({ db, clock, portalName }: { db: Db; clock: Clock; portalName: string }) {
  async function checkPassword(username: string, password: string) {
    const problem = await passwordProblem(password, [
      { word: portalName, label: 'the product name' },
      { word: username, label: 'the username' },
    ]);
    if (problem) throw new ValidationError(problem);
  }

  return {
    countActiveAdmins: () => countActiveAdmins(db),

    /** Creates an admin; without a password a random one is generated and returned (shown once). */
    /** `totpSecret` (base32, from ADMIN_TOTP_SECRET) enrols the admin in two-factor sign-in at once. */
    async createAdmin(username: string, password?: string, totpSecret?: string): Promise<{ password: string }> {
      const pw = password ?? newPassword();
      await checkPassword(username, pw);
      const passwordHash = await hashPassword(pw);
      const now = clock.now();
      await db.transaction(async (tx) => {
        if (await findUserByUsername(tx, username)) throw new ConflictError(`The username "${username}" is taken.`);
        const user = await insertUser(tx, { username, passwordHash, investorId: null, role: 'admin' });
        if (totpSecret) {
          await setPendingTotp(tx, user.id, totpSecret);
          await enableTotp(tx, user.id, now);
        }
        await auditChange(tx, OPERATOR, now, { action: 'create_admin', entity: 'portal_user', id: user.id, after: { username, admin_level: 1 } });
      });
      return { password: pw };
    },

    /** Sets a new password (random when not given), lifts any lockout and ends every session. */
    async resetPassword(username: string, password?: string): Promise<{ password: string }> {
      const pw = password ?? newPassword();
      await checkPassword(username, pw);
      const passwordHash = await hashPassword(pw);
      const now = clock.now();
      await db.transaction(async (tx) => {
        const user = await findUserByUsername(tx, username);
        if (!user) throw new NotFoundError(`No user named "${username}".`);
        if (user.disabledAt) throw new ConflictError(`The access of ${user.username} has ended: an admin can invite them again.`);
        await setPasswordHash(tx, user.id, passwordHash);
        await clearLoginFailures(tx, user.id);
        await revokeUserSessions(tx, user.id, now);
        await auditChange(tx, OPERATOR, now, { action: 'reset_password', entity: 'portal_user', id: user.id, after: { username: user.username } });
      });
      return { password: pw };
    },

    listUsers: (): Promise<UserListRow[]> => listUsers(db),

    /** Clears a login's TOTP (a lost phone): the next sign-in enrols again; every session ends. */
    async resetTotp(username: string): Promise<void> {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const user = await findUserByUsername(tx, username);
        if (!user) throw new NotFoundError(`No user named "${username}".`);
        await clearTotp(tx, user.id);
        await deleteRecoveryCodes(tx, user.id);
        await revokeUserSessions(tx, user.id, now);
        await auditChange(tx, OPERATOR, now, { action: 'reset_totp', entity: 'portal_user', id: user.id, after: { username: user.username } });
      });
    },
  };
}
