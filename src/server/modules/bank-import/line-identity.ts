import { createHash } from 'node:crypto';
import type { StatementLine } from './bank-import-types.js';

/**
 * What "already imported" compares (migration 0025): a line's identity. The bank's own id for the line
 * when the file has one (OFX FITID, a CSV's reference column); otherwise a fingerprint of what the line
 * says (date, amount, payee, memo) with a counter, so two identical lines of one file stay two lines,
 * and the same file read again yields the same identities, line for line.
 */

/** Text as the import compares it: Unicode composed, case folded, runs of spaces one space. */
export const normalised = (text: string): string => text.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * Whose lines these are: the bank's account id in an OFX file (the same account under any portal
 * account), else the portal's bank account named, else the LLC.
 */
export function accountKeyOf(k: { bankAccountId: string | null; accountId: number | null; llcId: number }): string {
  if (k.bankAccountId) return `ofx:${k.bankAccountId}`;
  if (k.accountId !== null) return `account:${k.accountId}`;
  return `llc:${k.llcId}`;
}

const fingerprint = (l: StatementLine): string =>
  createHash('sha256').update([l.date, String(l.amountCents), normalised(l.payee), normalised(l.memo)].join('|')).digest('hex');

/** Each line's identity, in the order of `lines`. */
export function lineIdentities(accountKey: string, lines: readonly StatementLine[]): string[] {
  const seen = new Map<string, number>();
  return lines.map((l) => {
    if (l.reference) return `${accountKey}|ref|${l.reference}`;
    const print = fingerprint(l);
    const n = (seen.get(print) ?? 0) + 1;
    seen.set(print, n);
    return `${accountKey}|fp|${print}#${n}`;
  });
}
