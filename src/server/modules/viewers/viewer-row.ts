import type { TxnRow } from '../../../contract/schemas/viewers.js';
import { centsToDollars } from '../../domain/money.js';
import type { LedgerKind, TxnListRow } from '../ledger/ledger.js';

/** Money leaving a balance shows as a negative amount in the viewers (docs/rules/cash.md). */
const OUTFLOWS = new Set<LedgerKind>(['deposit_withdrawal', 'investment_withdrawal', 'cash_withdrawal']);

export function viewerRow(r: TxnListRow): TxnRow {
  // "Repairs (Ann): Roof patch", "Refund: Unit 2 deposit", "Rent: May rent": what it is, then what was written.
  const capital = r.kind === 'investment' || r.kind === 'investment_withdrawal';
  const who = r.investor && (capital || r.kind === 'investor_property_expense') ? ` (${r.investor})` : '';
  const label = r.category ?? (r.kind === 'deposit_withdrawal' ? 'Refund' : r.kind === 'investment' ? 'Investment' : r.kind === 'investment_withdrawal' ? 'Capital returned' : '');
  const head = label + who;
  const detail = [head.trim(), r.description ?? ''].filter(Boolean).join(': ');
  const row: TxnRow = {
    id: r.id,
    date: r.date,
    amount: centsToDollars(OUTFLOWS.has(r.kind) ? -r.amountCents : r.amountCents),
    detail,
  };
  if (r.voidedAt) Object.assign(row, { voided_at: r.voidedAt, voided_by: r.voidedBy ?? '', void_reason: r.voidReason ?? '' });
  return row;
}
