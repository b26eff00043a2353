import type { Queryable } from '../../db/client.js';

export type K1ConsentRow = {
  investor_id: number;
  consented_at: Date;
  withdrawn_at: Date | null;
  disclosure_version: number;
  consented_by: number;
  withdrawn_by: number | null;
};

/** The investor's consent row, locked when `forUpdate` (a change reads it first). */
export async function findConsent(tx: Queryable, investorId: number, forUpdate = false): Promise<K1ConsentRow | undefined> {
  const [row] = await tx.query<K1ConsentRow>(
    `SELECT investor_id, consented_at, withdrawn_at, disclosure_version, consented_by, withdrawn_by
       FROM k1_consent WHERE investor_id = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [investorId],
  );
  return row;
}

/** The consent rows of these investors (one query), by investor id. */
export async function consentsOf(tx: Queryable, investorIds: readonly number[]): Promise<Map<number, K1ConsentRow>> {
  if (investorIds.length === 0) return new Map();
  const rows = await tx.query<K1ConsentRow>(
    `SELECT investor_id, consented_at, withdrawn_at, disclosure_version, consented_by, withdrawn_by
       FROM k1_consent WHERE investor_id = ANY($1::int[])`,
    [[...investorIds]],
  );
  return new Map(rows.map((r) => [r.investor_id, r]));
}

/** A new consent replaces the investor's earlier one (the audit log keeps the history). */
export async function saveConsent(tx: Queryable, c: { investorId: number; at: Date; version: number; userId: number }): Promise<void> {
  await tx.query(
    `INSERT INTO k1_consent (investor_id, consented_at, withdrawn_at, disclosure_version, consented_by, withdrawn_by)
     VALUES ($1, $2, NULL, $3, $4, NULL)
     ON CONFLICT (investor_id) DO UPDATE SET consented_at = EXCLUDED.consented_at, withdrawn_at = NULL,
       disclosure_version = EXCLUDED.disclosure_version, consented_by = EXCLUDED.consented_by, withdrawn_by = NULL`,
    [c.investorId, c.at, c.version, c.userId],
  );
}

export async function markWithdrawn(tx: Queryable, c: { investorId: number; at: Date; userId: number }): Promise<void> {
  await tx.query('UPDATE k1_consent SET withdrawn_at = $2, withdrawn_by = $3 WHERE investor_id = $1', [c.investorId, c.at, c.userId]);
}

export type ConsentListRow = {
  investor_name: string;
  consented_at: Date | null;
  withdrawn_at: Date | null;
  disclosure_version: number | null;
  tax_id_last4: string | null;
};

/** Every investor with their consent row, if any, and the last four digits of their tax ID, by name. */
export async function listConsents(tx: Queryable): Promise<ConsentListRow[]> {
  return tx.query<ConsentListRow>(
    `SELECT i.name AS investor_name, c.consented_at, c.withdrawn_at, c.disclosure_version, i.tax_id_last4
       FROM investor i LEFT JOIN k1_consent c ON c.investor_id = i.id
      ORDER BY i.name, i.id`,
  );
}
