import type { CsvMapping } from '../../../contract/schemas/bank-import.js';
import type { Queryable } from '../../db/client.js';
import type { LlcBankAccountRow } from './bank-import-types.js';

/**
 * An LLC's bank accounts (migration 0025): SQL only. Names are unique per LLC with case aside, by the
 * table's unique index on lower(name), so the lookups compare lower() too.
 */

const SELECT_ACCOUNT = `
  SELECT a.id, a.llc_id AS "llcId", a.name, a.last4, a.csv_mapping AS "csvMapping",
         COALESCE(array_agg(p.id ORDER BY p.name) FILTER (WHERE p.id IS NOT NULL), '{}') AS "propertyIds",
         COALESCE(array_agg(p.name ORDER BY p.name) FILTER (WHERE p.id IS NOT NULL), '{}') AS "propertyNames"
    FROM llc_bank_account a
    LEFT JOIN llc_bank_account_property ap ON ap.bank_account_id = a.id
    LEFT JOIN property p ON p.id = ap.property_id`;

/** The LLC's account of that name (case aside), with the properties it serves; null when there is none. */
export async function findLlcBankAccount(db: Queryable, llcId: number, name: string): Promise<LlcBankAccountRow | null> {
  const [row] = await db.query<LlcBankAccountRow>(
    `${SELECT_ACCOUNT} WHERE a.llc_id = $1 AND lower(a.name) = lower($2) GROUP BY a.id`,
    [llcId, name],
  );
  return row ?? null;
}

/** Every account of the LLC, by name. */
export async function accountsOfLlc(db: Queryable, llcId: number): Promise<LlcBankAccountRow[]> {
  return db.query<LlcBankAccountRow>(`${SELECT_ACCOUNT} WHERE a.llc_id = $1 GROUP BY a.id ORDER BY lower(a.name), a.id`, [llcId]);
}

/** Keeps the CSV column mapping used for the account's statement, so its bank's layout is mapped once. */
export async function saveCsvMapping(db: Queryable, accountId: number, mapping: CsvMapping): Promise<void> {
  await db.query('UPDATE llc_bank_account SET csv_mapping = $2::jsonb WHERE id = $1', [accountId, JSON.stringify(mapping)]);
}

/**
 * Makes the LLC's changes to its accounts take turns: the name check and the write happen under it, so
 * two accounts of one name added at once cannot both pass the check. Any constant another lock does not use.
 */
const ACCOUNTS_LOCK = 7_340_030;
export async function lockAccountsOfLlc(tx: Queryable, llcId: number): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1::int, $2::int)', [ACCOUNTS_LOCK, llcId]);
}

export type NewLlcBankAccount = { llcId: number; name: string; last4: string | null; createdBy: number; at: Date };

export async function insertLlcBankAccount(tx: Queryable, a: NewLlcBankAccount): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    'INSERT INTO llc_bank_account (llc_id, name, last4, created_by, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [a.llcId, a.name, a.last4, a.createdBy, a.at],
  );
  return row!.id;
}

export type LlcBankAccountChange = { name: string; last4: string | null; csvMapping: CsvMapping | null };

export async function updateLlcBankAccount(tx: Queryable, id: number, c: LlcBankAccountChange): Promise<void> {
  await tx.query(
    'UPDATE llc_bank_account SET name = $2, last4 = $3, csv_mapping = $4::jsonb WHERE id = $1',
    [id, c.name, c.last4, c.csvMapping === null ? null : JSON.stringify(c.csvMapping)],
  );
}

/** Replaces the properties the account serves. */
export async function setAccountProperties(tx: Queryable, accountId: number, propertyIds: number[]): Promise<void> {
  await tx.query('DELETE FROM llc_bank_account_property WHERE bank_account_id = $1', [accountId]);
  if (propertyIds.length === 0) return;
  await tx.query(
    'INSERT INTO llc_bank_account_property (bank_account_id, property_id) SELECT $1, unnest($2::int[])',
    [accountId, propertyIds],
  );
}
