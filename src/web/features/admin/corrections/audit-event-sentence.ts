import type { z } from 'zod';
import type { AuditEventRow } from '../../../../contract/schemas/viewers';
import { centsToDollars } from '../../../lib/cents';
import { formatCurrency } from '../../../lib/format';

export type AuditEvent = z.infer<typeof AuditEventRow>;

/**
 * An audit event as a sentence a person reads: the server's own (`summary`, built with the names of the
 * books), or, when it sends none, one made here from the action and the record. Either way, never an
 * internal id or a table name such as ledger_entry.
 */
const ENTRY_KINDS: Record<string, string> = {
  property_income: 'income',
  property_expense: 'an expense',
  investor_property_expense: 'an expense charged to an investor',
  lc_payment: 'a land-contract payment',
  deposit: 'a deposit',
  deposit_withdrawal: 'a deposit refund',
  investment: 'an investment',
  investment_withdrawal: 'a return of capital',
  cash_withdrawal: 'a cash withdrawal',
  llc_expense: 'an LLC expense',
};

/** What an event is about: with its name ("the investor Ivy"), and without ("an investor"). */
const THINGS: Record<string, [string, string]> = {
  investor: ['the investor', 'an investor'],
  property: ['the property', 'a property'],
  llc: ['the LLC', 'an LLC'],
  category: ['the category', 'a category'],
  loren: ['the loren', 'a loren'],
  portal_user: ['the portal login', 'a portal login'],
  picture: ['the picture', 'a picture'],
};

const VERBS: Record<string, string> = {
  record: 'recorded',
  void: 'voided',
  create: 'added',
  update: 'updated',
  update_notes: 'updated the notes of',
  set_fee: 'changed the fee of',
  reissue_secret: 'issued a new registration secret for',
  delete_portal_user: 'deleted',
  register: 'registered',
  upload_picture: 'uploaded',
};

const text = (record: unknown, key: string): string | undefined => {
  const value = (record as Record<string, unknown> | null | undefined)?.[key];
  return typeof value === 'string' && value.trim() ? value : undefined;
};

/** "an expense of $432.00", from the ledger row of a record (after) or a void (before). */
function entryWords(row: unknown): string {
  const kind = ENTRY_KINDS[text(row, 'kind') ?? ''] ?? 'a transaction';
  const cents = (row as { amountCents?: unknown } | null)?.amountCents;
  return typeof cents === 'number' ? `${kind} of ${formatCurrency(centsToDollars(cents))}` : kind;
}

export function auditEventSentence(e: AuditEvent): string {
  if (e.summary?.trim()) return e.summary;
  const who = e.user ?? 'The system';
  const verb = VERBS[e.action] ?? e.action.replaceAll('_', ' ');
  if (e.entity === 'ledger_entry') return `${who} ${verb} ${entryWords(e.action === 'void' ? e.before : e.after)}`;
  const name = text(e.after, 'name') ?? text(e.after, 'username') ?? text(e.before, 'name') ?? text(e.before, 'username');
  const [named, unnamed] = THINGS[e.entity] ?? ['the record', 'a record'];
  return `${who} ${verb} ${name ? `${named} ${name}` : unnamed}`;
}
