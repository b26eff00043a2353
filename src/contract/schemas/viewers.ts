import { z } from 'zod';
import { IsoDate, Name, ShownMoney } from '../fields.js';

/** The transaction viewers, their voids and the audit trail (docs/product.md "Screens", docs/api.md). */

export const TxnRow = z.object({
  id: z.number().int(),
  date: z.string(),
  amount: z.number(),
  detail: z.string(),
  // Extension ("show voided"): present on voided rows only.
  voided_at: z.string().optional(),
  voided_by: z.string().optional(),
  void_reason: z.string().optional(),
});
export type TxnRow = z.infer<typeof TxnRow>;

const ShowVoided = z.enum(['true', 'false']).optional();
export const PropertyTxnsQuery = z.strictObject({ selectedProperty: Name, include_voided: ShowVoided });
export const PropertyTxnsResponse = z.object({
  income: z.array(TxnRow),
  expenses: z.array(TxnRow),
  deposits: z.array(TxnRow),
  lc_payments: z.array(TxnRow),
  // Extension: capital movements of the property (investments and investment withdrawals).
  investments: z.array(TxnRow),
});
export const LlcTxnsQuery = z.strictObject({ selectedLLC: Name, include_voided: ShowVoided });
export const LlcTxnsResponse = z.object({ expenses: z.array(TxnRow) });
export const InvestorTxnsQuery = z.strictObject({ investor_name: Name, include_voided: ShowVoided });
export const InvestorTxnsResponse = z.object({ cash_withdrawals: z.array(TxnRow) });

/**
 * The delete families of the viewers (docs/api.md: income, expense, deposit, lc_payment, llc_expense)
 * and our investment and withdrawal extensions: POST /admin/delete_{family}.
 */
export const VOID_FAMILIES = ['income', 'expense', 'deposit', 'lc_payment', 'llc_expense', 'investment', 'withdrawal'] as const;
export type VoidFamily = (typeof VOID_FAMILIES)[number];

export const DeleteTxnRequest = z.strictObject({
  id: z.number({ error: (i) => (i.input === undefined ? 'is required' : 'must be a number') }).int().positive(),
  amount: ShownMoney('Amount'),
  detail: z.string().max(1000).optional(),
  date: IsoDate('Date'),
  // Extension: why the row is voided (kept with the row and in the audit trail).
  reason: z.string().trim().max(500).optional(),
});

export const AuditLogQuery = z.strictObject({
  entity: z.string().max(50).optional(),
  page: z.coerce.number().int().min(1).max(100000).optional(),
  page_size: z.coerce.number().int().min(1).max(200).optional(),
});
export const AuditEventRow = z.object({
  id: z.number().int(),
  at: z.string(),
  user: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  /** Extension: the event in plain words, with names instead of ids ("admin recorded an expense of $432.00 on …"). */
  summary: z.string(),
});
export const AuditLogResponse = z.object({
  events: z.array(AuditEventRow),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
