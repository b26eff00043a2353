import { attachDelegateLogin } from '../access/access.js';
import type { ParsedBody } from '../../../contract/endpoint.js';
import type { Endpoints } from '../../../contract/endpoints.js';
import type { StaffRole } from '../../../contract/roles.js';
import type { StaffRow } from '../../../contract/schemas/access.js';
import type { Db, Queryable } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.js';
import { newSecret, sha256 } from '../../lib/random.js';
import type { WriteContext } from '../../lib/write-context.js';
import { auditChange } from '../audit/audit.js';
import { revokeUserSessions, type SessionUser } from '../auth/auth.js';
import { SECRET_TTL_MS } from '../investors/investors.js';
import { existingLlc, existingProperty } from '../references.js';
import {
  disableUser, grantedLlcNames, insertStaffSecret, isLlcGranted, listStaff, lockActiveAdminIds, lockStaffUser,
  replaceLlcGrants, setRole, type StaffUser,
} from './staff.repository.js';

const AUDITOR_NEEDS_LLCS = 'An auditor must be granted at least one LLC: name the LLCs they read.';
const ONLY_AUDITORS_GET_LLCS = 'Only an auditor is granted LLCs: an admin or a bookkeeper reads every LLC. Leave the LLCs out.';
const lastAdmin = (username: string) =>
  new ConflictError(`${username} is the last admin who can sign in: make another staff member an admin first.`);
const noStaff = (username: string) => new NotFoundError(`No staff member with the username "${username}".`);

/** What a registration secret of another role than an investor's gives the login it registers. */
export type RoleSecret = { role: StaffRole | 'delegate' | 'investor'; llcIds: number[]; accessId: number | null };

/**
 * Staff logins (docs/security.md "Roles"): invitations that register through /auth/register, the list
 * Manage Portal Users shows, a change of role and the end of access, each ending the login's sessions
 * at once and audited; and the auditor's reach, the LLCs granted to them.
 */
export function createStaffService({ db, clock }: { db: Db; clock: Clock }) {
  /** The LLCs named, as rows (an unknown one answers 404 in its words), or none for a role that reads every LLC. */
  async function llcsFor(tx: Queryable, role: StaffRole, names: string[] | undefined): Promise<{ id: number; name: string }[]> {
    if (role !== 'auditor') {
      if (names?.length) throw new ValidationError(ONLY_AUDITORS_GET_LLCS);
      return [];
    }
    if (!names?.length) throw new ValidationError(AUDITOR_NEEDS_LLCS);
    const llcs = new Map<number, string>();
    for (const name of names) {
      const llc = await existingLlc(tx, name);
      llcs.set(llc.id, llc.name);
    }
    return [...llcs].map(([id, name]) => ({ id, name }));
  }

  /** Locks the admins who can sign in, then the login named: the last of them is never demoted nor ended. */
  async function lockForChange(tx: Queryable, username: string): Promise<{ user: StaffUser; activeAdmins: number[] }> {
    const activeAdmins = await lockActiveAdminIds(tx);
    const user = await lockStaffUser(tx, username);
    if (!user) throw noStaff(username);
    return { user, activeAdmins };
  }
  const isLastAdmin = (user: StaffUser, activeAdmins: number[]) => user.role === 'admin' && activeAdmins.length === 1 && activeAdmins[0] === user.id;

  return {
    async inviteStaff(input: ParsedBody<Endpoints['inviteStaff']>, ctx: WriteContext): Promise<{ name: string; role: StaffRole; registration_secret: string }> {
      const secret = newSecret();
      const now = clock.now();
      await db.transaction(async (tx) => {
        const llcs = await llcsFor(tx, input.role, input.llc_names);
        const id = await insertStaffSecret(tx, {
          secretHash: sha256(secret), role: input.role, personName: input.name, llcIds: llcs.map((l) => l.id),
          createdAt: now, expiresAt: new Date(now.getTime() + SECRET_TTL_MS),
        });
        await auditChange(tx, ctx, now, {
          action: 'invite_staff', entity: 'registration_secret', id, after: { name: input.name, role: input.role, llcs: llcs.map((l) => l.name) },
        });
      });
      return { name: input.name, role: input.role, registration_secret: secret };
    },

    async staff(): Promise<{ staff: StaffRow[] }> {
      const rows = await listStaff(db, clock.now());
      return {
        staff: rows.map((r) => ({
          username: r.username, name: r.name, role: r.role, llc_names: r.llcNames, status: r.status,
          two_factor: r.twoFactor, invited_at: r.invitedAt, last_sign_in: r.lastSignIn,
        })),
      };
    },

    /** A new role (and an auditor's LLCs): every session of the login ends, so the next request is made under it. */
    async changeStaffRole(input: ParsedBody<Endpoints['changeStaffRole']>, ctx: WriteContext): Promise<void> {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const { user, activeAdmins } = await lockForChange(tx, input.username);
        if (user.disabledAt) throw new ConflictError(`The access of ${user.username} has ended: invite them again instead.`);
        const llcs = await llcsFor(tx, input.role, input.llc_names);
        if (input.role !== 'admin' && isLastAdmin(user, activeAdmins)) throw lastAdmin(user.username);
        const before = { username: user.username, role: user.role, llcs: await grantedLlcNames(tx, user.id) };
        await setRole(tx, user.id, input.role);
        await replaceLlcGrants(tx, user.id, llcs.map((l) => l.id), ctx.userId, now);
        await revokeUserSessions(tx, user.id, now);
        await auditChange(tx, ctx, now, {
          action: 'change_staff_role', entity: 'portal_user', id: user.id, before,
          after: { username: user.username, role: input.role, llcs: llcs.map((l) => l.name) },
        });
      });
    },

    /** The login is disabled and its sessions end; sign-in refuses it from now on (API tokens check the login too). */
    async endStaffAccess(input: ParsedBody<Endpoints['endStaffAccess']>, ctx: WriteContext): Promise<void> {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const { user, activeAdmins } = await lockForChange(tx, input.username);
        if (user.disabledAt) throw new ConflictError(`The access of ${user.username} has already ended.`);
        if (isLastAdmin(user, activeAdmins)) throw lastAdmin(user.username);
        await disableUser(tx, user.id, now);
        await revokeUserSessions(tx, user.id, now);
        await auditChange(tx, ctx, now, { action: 'end_staff_access', entity: 'portal_user', id: user.id, before: { username: user.username, role: user.role } });
      });
    },

    /**
     * An auditor reads only the LLCs granted to them: an LLC (or a property, read as its LLC) outside them
     * answers 404 in the words of a missing one, so the auditor learns nothing of the others.
     */
    async checkAuditorScope(user: SessionUser, scope: 'llc_name' | 'property_name', name: string): Promise<void> {
      const llcId = scope === 'llc_name' ? (await existingLlc(db, name)).id : (await existingProperty(db, name)).llcId;
      if (await isLlcGranted(db, user.userId, llcId)) return;
      throw new NotFoundError(scope === 'llc_name' ? `No LLC named "${name}".` : `No property named "${name}".`);
    },
  };
}

/**
 * What a registration secret of a staff role or a delegate gives the login just made from it, in the
 * registration's transaction: an auditor's LLCs; a delegate's invitation (false when it was revoked meanwhile).
 */
export async function grantRegisteredLogin(tx: Queryable, secret: RoleSecret, userId: number, at: Date): Promise<boolean> {
  if (secret.role === 'delegate') return secret.accessId !== null && attachDelegateLogin(tx, secret.accessId, userId);
  if (secret.llcIds.length) await replaceLlcGrants(tx, userId, secret.llcIds, null, at);
  return true;
}

export type StaffService = ReturnType<typeof createStaffService>;
