import type { StaffRole } from '../../../contract/roles.js';
import type { Queryable } from '../../db/client.js';

/**
 * Staff logins (admin, bookkeeper, auditor), their invitations and an auditor's LLCs (staff_llc_grant,
 * migration 0024). The invitation is a registration_secret row with a role, like an investor's secret.
 */

export async function insertStaffSecret(
  db: Queryable,
  s: { secretHash: string; role: StaffRole; personName: string; llcIds: number[]; createdAt: Date; expiresAt: Date },
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO registration_secret (secret_hash, created_at, expires_at, role, person_name, llc_ids)
     VALUES ($1, $2, $3, $4, $5, $6::integer[]) RETURNING id`,
    [s.secretHash, s.createdAt.toISOString(), s.expiresAt.toISOString(), s.role, s.personName, s.llcIds],
  );
  return row!.id;
}

export type StaffListRow = {
  username: string | null;
  name: string;
  role: StaffRole;
  llcNames: string[];
  status: 'invited' | 'active' | 'ended';
  twoFactor: boolean;
  invitedAt: string | null;
  lastSignIn: string | null;
};

const ISO = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/**
 * Every staff login (its LLCs, two-factor, last sign-in) and every invitation still usable, the
 * logins first by name. A login made before roles (the first admin) has no person name: its username stands in.
 */
export async function listStaff(db: Queryable, now: Date): Promise<StaffListRow[]> {
  return db.query<StaffListRow>(
    `SELECT * FROM (
       SELECT u.username, coalesce(u.person_name, u.username) AS name, u.role,
              coalesce((SELECT array_agg(l.name ORDER BY lower(l.name)) FROM staff_llc_grant g JOIN llc l ON l.id = g.llc_id
                         WHERE g.user_id = u.id), '{}') AS "llcNames",
              CASE WHEN u.disabled_at IS NULL THEN 'active' ELSE 'ended' END AS status,
              (u.totp_enabled_at IS NOT NULL) AS "twoFactor",
              NULL::text AS "invitedAt",
              (SELECT ${ISO('max(e.at)')} FROM login_event e WHERE e.user_id = u.id AND e.action = 'login' AND e.outcome = 'success') AS "lastSignIn",
              0 AS invitation
         FROM portal_user u
        WHERE u.role IN ('admin', 'bookkeeper', 'auditor') AND u.deleted_at IS NULL
       UNION ALL
       SELECT NULL, s.person_name, s.role,
              coalesce((SELECT array_agg(l.name ORDER BY lower(l.name)) FROM llc l WHERE l.id = ANY (s.llc_ids)), '{}'),
              'invited', false, ${ISO('s.created_at')}, NULL, 1
         FROM registration_secret s
        WHERE s.role IN ('admin', 'bookkeeper', 'auditor') AND s.used_at IS NULL AND s.revoked_at IS NULL AND s.expires_at > $1
     ) staff
     ORDER BY invitation, lower(name)`,
    [now.toISOString()],
  );
}

export type StaffUser = { id: number; username: string; role: StaffRole; personName: string | null; disabledAt: Date | null };

/** A staff login by username (case-insensitively), its row locked for the change that follows. */
export async function lockStaffUser(db: Queryable, username: string): Promise<StaffUser | undefined> {
  const [row] = await db.query<StaffUser>(
    `SELECT id, username, role, person_name AS "personName", disabled_at AS "disabledAt" FROM portal_user
      WHERE lower(username) = lower($1) AND deleted_at IS NULL AND role IN ('admin', 'bookkeeper', 'auditor')
      FOR UPDATE`,
    [username],
  );
  return row;
}

/**
 * The admins who can still sign in, their rows locked: two admins ending each other's access at once
 * take turns, so one always stays.
 */
export async function lockActiveAdminIds(db: Queryable): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `SELECT id FROM portal_user WHERE role = 'admin' AND deleted_at IS NULL AND disabled_at IS NULL ORDER BY id FOR UPDATE`,
  );
  return rows.map((r) => r.id);
}

/** The role, with admin_level as the specification's view of it (migration 0024's constraint). */
export async function setRole(db: Queryable, userId: number, role: StaffRole): Promise<void> {
  await db.query('UPDATE portal_user SET role = $2, admin_level = $3 WHERE id = $1', [userId, role, role === 'admin' ? 1 : 0]);
}

export async function setPersonName(db: Queryable, userId: number, personName: string): Promise<void> {
  await db.query('UPDATE portal_user SET person_name = $2 WHERE id = $1', [userId, personName]);
}

/** The LLCs an auditor reads become exactly `llcIds`. */
export async function replaceLlcGrants(db: Queryable, userId: number, llcIds: number[], grantedBy: number | null, at: Date): Promise<void> {
  await db.query('DELETE FROM staff_llc_grant WHERE user_id = $1 AND NOT (llc_id = ANY ($2::integer[]))', [userId, llcIds]);
  await db.query(
    `INSERT INTO staff_llc_grant (user_id, llc_id, granted_by, granted_at)
     SELECT $1, unnest($2::integer[]), $3, $4 ON CONFLICT (user_id, llc_id) DO NOTHING`,
    [userId, llcIds, grantedBy, at.toISOString()],
  );
}

export async function grantedLlcNames(db: Queryable, userId: number): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    'SELECT l.name FROM staff_llc_grant g JOIN llc l ON l.id = g.llc_id WHERE g.user_id = $1 ORDER BY lower(l.name)',
    [userId],
  );
  return rows.map((r) => r.name);
}

export async function isLlcGranted(db: Queryable, userId: number, llcId: number): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM staff_llc_grant WHERE user_id = $1 AND llc_id = $2', [userId, llcId]);
  return rows.length === 1;
}

/** Access ended: sign-in refuses the login (as after 50 failures), its sessions were revoked with it. */
export async function disableUser(db: Queryable, userId: number, at: Date): Promise<void> {
  await db.query('UPDATE portal_user SET disabled_at = $2 WHERE id = $1', [userId, at.toISOString()]);
}
