import type { Queryable } from '../../db/client.js';
import { openAccount } from './account-seal.js';
import { findAccounts } from './bank-accounts.repository.js';

export type PayeeAccount = { routingNumber: string; accountNumber: string; accountType: 'checking' | 'savings'; holderName: string; lastFour: string };

/** The approved account of each investor that has one; pending changes are never used. */
export async function payeeAccounts(q: Queryable, key: Buffer, investorIds: readonly number[]): Promise<Map<number, PayeeAccount>> {
  const accounts = new Map<number, PayeeAccount>();
  for (const row of await findAccounts(q, investorIds)) {
    accounts.set(row.investor_id, { ...openAccount(key, row.investor_id, row), lastFour: row.last4 });
  }
  return accounts;
}
