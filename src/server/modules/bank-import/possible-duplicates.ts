import { MONEY_IN_KINDS } from '../../../contract/schemas/bank-import.js';
import { daysBetween } from '../../domain/dates.js';
import { normalised } from './line-identity.js';

/**
 * "Possible duplicate" (docs/product.md, bank import): an entry already in the books with the same
 * amount and direction, dated from four days before the bank line to one day after it (a cheque is
 * recorded when written and clears later; a card payment clears a day early at most). Nothing is merged:
 * the line is only marked, with the reason in words, and the admin decides.
 *
 * Each book entry answers for one bank line at most, so two identical bank lines against one hand-recorded
 * entry give one possible duplicate and one new line. The pairs are claimed closest date first, then in
 * the file's order.
 */

export type DuplicateLine = { line: number; date: string; amountCents: number; payee: string };
export type CandidateEntry = { id: number; kind: string; date: string; amountCents: number; payer: string | null; description: string | null };
export type DuplicateMatch = { entry: CandidateEntry; reason: string };

/** The entry may be dated this many days before the bank line, and this many after. */
const DAYS_BEFORE = 4;
const DAYS_AFTER = 1;

const moneyIn = (kind: string) => (MONEY_IN_KINDS as readonly string[]).includes(kind);

/** The payee is the same when either text contains the other, case and spacing aside. */
function samePayee(line: DuplicateLine, entry: CandidateEntry): boolean {
  const payee = normalised(line.payee);
  if (!payee) return false;
  return [entry.payer, entry.description].some((text) => {
    const t = normalised(text ?? '');
    return t !== '' && (t.includes(payee) || payee.includes(t));
  });
}

function reasonOf(line: DuplicateLine, entry: CandidateEntry, days: number): string {
  const apart = days === 0 ? 'same day' : `${Math.abs(days)} ${Math.abs(days) === 1 ? 'day' : 'days'} apart`;
  const payee = line.payee.trim() ? `, ${samePayee(line, entry) ? 'same payee' : 'different payee'}` : '';
  return `same amount, ${apart}${payee}`;
}

/** Each line's possible duplicate among `entries` (the LLC's live entries near the file's dates), by line number. */
export function possibleDuplicates(lines: readonly DuplicateLine[], entries: readonly CandidateEntry[]): Map<number, DuplicateMatch> {
  const byAmount = new Map<number, CandidateEntry[]>();
  for (const e of entries) byAmount.set(e.amountCents, [...(byAmount.get(e.amountCents) ?? []), e]);

  const pairs: { line: DuplicateLine; order: number; entry: CandidateEntry; days: number }[] = [];
  lines.forEach((line, order) => {
    for (const entry of byAmount.get(Math.abs(line.amountCents)) ?? []) {
      if (moneyIn(entry.kind) !== line.amountCents > 0) continue;
      const days = daysBetween(line.date, entry.date);
      if (days >= -DAYS_BEFORE && days <= DAYS_AFTER) pairs.push({ line, order, entry, days });
    }
  });
  pairs.sort((a, b) => Math.abs(a.days) - Math.abs(b.days) || a.order - b.order || a.entry.id - b.entry.id);

  const matches = new Map<number, DuplicateMatch>();
  const claimed = new Set<number>();
  for (const { line, entry, days } of pairs) {
    if (matches.has(line.line) || claimed.has(entry.id)) continue;
    claimed.add(entry.id);
    matches.set(line.line, { entry, reason: reasonOf(line, entry, days) });
  }
  return matches;
}
