import type { Queryable } from '../../db/client.js';
import type { Role } from '../../../contract/roles.js';
import { nameIs } from '../../lib/names.js';

export type Investor = { id: number; name: string; email: string; phone: string; address: string; active: boolean };

const INVESTOR_COLUMNS = 'id, name, email, phone, address, active';

export async function insertInvestor(
  db: Queryable,
  i: { name: string; email: string; phone: string; address: string },
): Promise<Investor> {
  const [row] = await db.query<Investor>(
    `INSERT INTO investor (name, email, phone, address) VALUES ($1, $2, $3, $4) RETURNING ${INVESTOR_COLUMNS}`,
    [i.name, i.email, i.phone, i.address],
  );
  return row!;
}

/** Stores the sealed tax ID and its last four digits; answers the last four it replaced, if any. */
export async function setTaxId(db: Queryable, t: { investorId: number; sealed: Buffer; last4: string }): Promise<{ previousLast4: string | null }> {
  const [row] = await db.query<{ previous: string | null }>(
    `UPDATE investor i SET tax_id_sealed = $2, tax_id_last4 = $3 FROM (SELECT tax_id_last4 AS previous FROM investor WHERE id = $1 FOR UPDATE) p
      WHERE i.id = $1 RETURNING p.previous`,
    [t.investorId, t.sealed, t.last4],
  );
  return { previousLast4: row?.previous ?? null };
}

/** The investor a name means, as a person types it (lib/names.ts: NFC, case and surrounding spaces aside): `$1` is the name. */
export const INVESTOR_NAMED = nameIs('$1');

export async function findInvestorByName(db: Queryable, name: string): Promise<Investor | undefined> {
  const [row] = await db.query<Investor>(
    `SELECT ${INVESTOR_COLUMNS} FROM investor WHERE ${INVESTOR_NAMED}`,
    [name],
  );
  return row;
}

export async function findInvestorById(db: Queryable, id: number): Promise<Investor | undefined> {
  const [row] = await db.query<Investor>(`SELECT ${INVESTOR_COLUMNS} FROM investor WHERE id = $1`, [id]);
  return row;
}

export async function insertInvestorFee(
  db: Queryable,
  f: { investorId: number; effectiveMonth: string; feeBps: number },
): Promise<void> {
  await db.query('INSERT INTO investor_fee (investor_id, effective_month, fee_bps) VALUES ($1, $2, $3)', [
    f.investorId,
    f.effectiveMonth,
    f.feeBps,
  ]);
}

/** Only the hash is stored (docs/security.md A7); any earlier unused secret of the investor stops working. */
export async function replaceRegistrationSecret(
  db: Queryable,
  s: { investorId: number; secretHash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.query(
    'UPDATE registration_secret SET revoked_at = $2 WHERE investor_id = $1 AND used_at IS NULL AND revoked_at IS NULL',
    [s.investorId, s.createdAt.toISOString()],
  );
  await db.query(
    'INSERT INTO registration_secret (investor_id, secret_hash, created_at, expires_at) VALUES ($1, $2, $3, $4)',
    [s.investorId, s.secretHash, s.createdAt.toISOString(), s.expiresAt.toISOString()],
  );
}

/** A usable secret: an investor's (investor_id), a staff member's (role, person_name, LLCs) or a delegate's (access_id). */
export type RegistrationSecret = {
  investorId: number | null;
  role: Role;
  personName: string | null;
  llcIds: number[];
  accessId: number | null;
};

/**
 * Consumes a secret: marks it used if it is unused, unrevoked and unexpired, in one statement so two
 * registrations racing on one secret cannot both win. Returns what it registers.
 */
export async function consumeRegistrationSecret(
  db: Queryable,
  secretHash: string,
  at: Date,
): Promise<RegistrationSecret | undefined> {
  const [row] = await db.query<RegistrationSecret>(
    `UPDATE registration_secret SET used_at = $2
      WHERE secret_hash = $1 AND used_at IS NULL AND revoked_at IS NULL AND expires_at > $2
      RETURNING investor_id AS "investorId", role, person_name AS "personName", llc_ids AS "llcIds", access_id AS "accessId"`,
    [secretHash, at.toISOString()],
  );
  return row;
}

/**
 * Looks a secret up without consuming it, with the name of whom it registers (the password's context
 * words): the investor's, the staff member's, or the delegate's as the investor invited them.
 */
export async function findUsableSecret(
  db: Queryable,
  secretHash: string,
  at: Date,
): Promise<{ investorId: number | null; investorName: string | null; personName: string | null } | undefined> {
  const [row] = await db.query<{ investorId: number | null; investorName: string | null; personName: string | null }>(
    `SELECT s.investor_id AS "investorId", i.name AS "investorName", coalesce(s.person_name, a.delegate_name) AS "personName"
       FROM registration_secret s
       LEFT JOIN investor i ON i.id = s.investor_id
       LEFT JOIN investor_access a ON a.id = s.access_id
      WHERE s.secret_hash = $1 AND s.used_at IS NULL AND s.revoked_at IS NULL AND s.expires_at > $2`,
    [secretHash, at.toISOString()],
  );
  return row;
}

export async function investorHasPortalUser(db: Queryable, investorId: number): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM portal_user WHERE investor_id = $1 AND deleted_at IS NULL', [investorId]);
  return rows.length > 0;
}

/** Locks the investor row: every writer that changes the investor's balances takes it (docs/security.md L4). */
export async function lockInvestor(db: Queryable, id: number): Promise<void> {
  await db.query('SELECT id FROM investor WHERE id = $1 FOR UPDATE', [id]);
}

/**
 * lockInvestor for many at once, taken in id order, so two such batches over the same investors wait for each
 * other rather than deadlock. (A path that locks several investors in another order, a bank import's commit,
 * can still deadlock with one: PostgreSQL then refuses one of the two transactions whole, and nothing of it is written.)
 */
export async function lockInvestors(db: Queryable, ids: readonly number[]): Promise<void> {
  await db.query('SELECT id FROM investor WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE', [ids]);
}

/** Sets the fee from a month on; a second change for the same month replaces the first. */
export async function upsertInvestorFee(
  db: Queryable,
  f: { investorId: number; effectiveMonth: string; feeBps: number; at: Date },
): Promise<{ previousBps: number | null }> {
  const [prev] = await db.query<{ feeBps: number }>(
    'SELECT fee_bps AS "feeBps" FROM investor_fee WHERE investor_id = $1 AND effective_month = $2',
    [f.investorId, f.effectiveMonth],
  );
  await db.query(
    `INSERT INTO investor_fee (investor_id, effective_month, fee_bps, created_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (investor_id, effective_month) DO UPDATE SET fee_bps = EXCLUDED.fee_bps, created_at = EXCLUDED.created_at`,
    [f.investorId, f.effectiveMonth, f.feeBps, f.at.toISOString()],
  );
  return { previousBps: prev?.feeBps ?? null };
}
