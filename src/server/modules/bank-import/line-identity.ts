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

const fingerprint = (l: StatementLine): string => digest([l.date, String(l.amountCents), normalised(l.payee), normalised(l.memo)].join('|'));

const digest = (text: string): string => createHash('sha256').update(text).digest('hex');

/**
 * The part of a line's identity its reference gives, or null when the reference cannot be trusted as the
 * bank's id: missing, or shared by two lines of the file (banks have sent one FITID twice; a CSV's
 * "Reference" column may read "RENT FLAT 2" on every rent). An OFX FITID is the bank's id for the line by
 * the standard; a CSV's reference column is only the bank's text, so its date and amount are part of it,
 * and next month's "RENT FLAT 2" is another line.
 */
function referenceKey(l: StatementLine, ofx: boolean, repeated: ReadonlySet<string>): string | null {
  if (!l.reference || repeated.has(l.reference)) return null;
  return digest(ofx ? l.reference : [l.reference, l.date, String(l.amountCents)].join('|'));
}

/** Each line's identity, in the order of `lines`. */
export function lineIdentities(accountKey: string, lines: readonly StatementLine[]): string[] {
  const counts = new Map<string, number>();
  for (const l of lines) if (l.reference) counts.set(l.reference, (counts.get(l.reference) ?? 0) + 1);
  const repeated = new Set([...counts].filter(([, n]) => n > 1).map(([reference]) => reference));
  const ofx = accountKey.startsWith('ofx:');
  const seen = new Map<string, number>();
  return lines.map((l) => {
    const byReference = referenceKey(l, ofx, repeated);
    if (byReference) return `${accountKey}|ref|${byReference}`;
    const print = fingerprint(l);
    const n = (seen.get(print) ?? 0) + 1;
    seen.set(print, n);
    return `${accountKey}|fp|${print}#${n}`;
  });
}
