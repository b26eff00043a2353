import type { Queryable } from '../../db/client.js';

/** The four sealed fields of an account and the last four digits of its number, as stored. */
export type SealedAccount = {
  routing_sealed: Buffer;
  account_sealed: Buffer;
  type_sealed: Buffer;
  holder_sealed: Buffer;
  last4: string;
};

export type AccountRow = SealedAccount & { investor_id: number; since: Date };
export type ChangeRow = SealedAccount & { investor_id: number; requested_at: Date; requested_by: number; requested_by_name: string };

const SEALED = 'routing_sealed, account_sealed, type_sealed, holder_sealed, last4';

/** The approved accounts of these investors (those that have one). */
export async function findAccounts(q: Queryable, investorIds: readonly number[]): Promise<AccountRow[]> {
  if (investorIds.length === 0) return [];
  return q.query<AccountRow>(
    `SELECT investor_id, ${SEALED}, since FROM bank_account WHERE investor_id = ANY($1::int[]) ORDER BY investor_id`,
    [investorIds],
  );
}

export async function findChange(q: Queryable, investorId: number, forUpdate = false): Promise<ChangeRow | undefined> {
  const [row] = await q.query<ChangeRow>(
    `SELECT c.investor_id, c.routing_sealed, c.account_sealed, c.type_sealed, c.holder_sealed, c.last4,
            c.requested_at, c.requested_by, u.username AS requested_by_name
       FROM bank_account_change c JOIN portal_user u ON u.id = c.requested_by
      WHERE c.investor_id = $1${forUpdate ? ' FOR UPDATE OF c' : ''}`,
    [investorId],
  );
  return row;
}

export type PendingListRow = { investor_id: number; investor_name: string; type_sealed: Buffer; last4: string; requested_at: Date; requested_by_name: string; requested_by_admin: boolean };

/** Every pending change, oldest first, with the investor's name and who asked. */
export async function listChanges(q: Queryable): Promise<PendingListRow[]> {
  return q.query<PendingListRow>(
    `SELECT c.investor_id, i.name AS investor_name, c.type_sealed, c.last4, c.requested_at,
            u.username AS requested_by_name, u.admin_level > 0 AS requested_by_admin
       FROM bank_account_change c JOIN investor i ON i.id = c.investor_id JOIN portal_user u ON u.id = c.requested_by
      ORDER BY c.requested_at, i.name`,
  );
}

/** A newer request replaces the investor's pending one (the audit log keeps both). */
export async function saveChange(q: Queryable, investorId: number, sealed: SealedAccount, at: Date, userId: number): Promise<void> {
  await q.query(
    `INSERT INTO bank_account_change (investor_id, ${SEALED}, requested_at, requested_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (investor_id) DO UPDATE SET routing_sealed = EXCLUDED.routing_sealed, account_sealed = EXCLUDED.account_sealed,
       type_sealed = EXCLUDED.type_sealed, holder_sealed = EXCLUDED.holder_sealed, last4 = EXCLUDED.last4,
       requested_at = EXCLUDED.requested_at, requested_by = EXCLUDED.requested_by`,
    [investorId, sealed.routing_sealed, sealed.account_sealed, sealed.type_sealed, sealed.holder_sealed, sealed.last4, at, userId],
  );
}

export async function deleteChange(q: Queryable, investorId: number): Promise<void> {
  await q.query('DELETE FROM bank_account_change WHERE investor_id = $1', [investorId]);
}

/** The account that is paid from now on. */
export async function saveAccount(
  q: Queryable,
  investorId: number,
  sealed: SealedAccount,
  c: { at: Date; requestedBy: number; approvedBy: number | null },
): Promise<void> {
  await q.query(
    `INSERT INTO bank_account (investor_id, ${SEALED}, since, requested_by, approved_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (investor_id) DO UPDATE SET routing_sealed = EXCLUDED.routing_sealed, account_sealed = EXCLUDED.account_sealed,
       type_sealed = EXCLUDED.type_sealed, holder_sealed = EXCLUDED.holder_sealed, last4 = EXCLUDED.last4,
       since = EXCLUDED.since, requested_by = EXCLUDED.requested_by, approved_by = EXCLUDED.approved_by`,
    [investorId, sealed.routing_sealed, sealed.account_sealed, sealed.type_sealed, sealed.holder_sealed, sealed.last4, c.at, c.requestedBy, c.approvedBy],
  );
}
