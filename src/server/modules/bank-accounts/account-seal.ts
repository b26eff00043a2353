import { openText, sealText } from '../../lib/sealed-text.js';
import type { SealedAccount } from './bank-accounts.repository.js';

export type AccountType = 'checking' | 'savings';
export type PlainAccount = { routingNumber: string; accountNumber: string; accountType: AccountType; holderName: string };

// Each field names the investor and itself, so no sealed value opens on another investor's row or in another column.
const aad = (investorId: number, field: string) => `investor:${investorId}:bank_account.${field}`;

export function sealAccount(key: Buffer, investorId: number, a: PlainAccount): SealedAccount {
  return {
    routing_sealed: sealText(key, aad(investorId, 'routing_number'), a.routingNumber),
    account_sealed: sealText(key, aad(investorId, 'account_number'), a.accountNumber),
    type_sealed: sealText(key, aad(investorId, 'account_type'), a.accountType),
    holder_sealed: sealText(key, aad(investorId, 'holder_name'), a.holderName),
    last4: a.accountNumber.slice(-4),
  };
}

export const openAccountType = (key: Buffer, investorId: number, sealed: Buffer): AccountType =>
  openText(key, aad(investorId, 'account_type'), sealed) === 'savings' ? 'savings' : 'checking';

export const openRoutingNumber = (key: Buffer, investorId: number, sealed: Buffer): string => openText(key, aad(investorId, 'routing_number'), sealed);

export function openAccount(key: Buffer, investorId: number, s: SealedAccount): PlainAccount {
  return {
    routingNumber: openRoutingNumber(key, investorId, s.routing_sealed),
    accountNumber: openText(key, aad(investorId, 'account_number'), s.account_sealed),
    accountType: openAccountType(key, investorId, s.type_sealed),
    holderName: openText(key, aad(investorId, 'holder_name'), s.holder_sealed),
  };
}
