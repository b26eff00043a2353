import { z } from 'zod';
import { Dollars, IsoDate, Money, Name, RequiredText } from '../fields.js';

/**
 * Capital calls: money asked of a property's investors (a roof, a down payment), each investor's share
 * split by their capital on the call date or typed per investor, and what arrives recorded as their
 * investments in the property (docs/api.md, "Capital calls").
 */

export const MAX_CALL_PURPOSE = 200;
export const MAX_CALL_INSTRUCTIONS = 2000;
export const MAX_CALL_LINES = 200;

const CallId = z.coerce.number({ error: 'must be a capital call number' }).int('must be a capital call number')
  .min(1, 'must be a capital call number').max(2_147_483_647, 'must be a capital call number');

export const CallLineRequest = z.strictObject({ investor_name: Name, amount: Money('Amount') });

export const IssueCapitalCallRequest = z.strictObject({
  property_name: Name,
  amount: Money('Amount'),
  due_date: IsoDate('Due date'),
  purpose: RequiredText(MAX_CALL_PURPOSE).refine((value) => !/[\r\n\t]/.test(value), 'must be on one line'),
  /** How to pay (the account to wire to, a reference to quote): shown to each investor, never e-mailed. */
  instructions: RequiredText(MAX_CALL_INSTRUCTIONS),
  /** Each investor's amount as typed; absent: split by capital. */
  lines: z.array(CallLineRequest).min(1, 'must name at least one investor').max(MAX_CALL_LINES, `must name at most ${MAX_CALL_LINES} investors`).optional(),
});

export const CallLine = z.object({ investor_name: z.string(), amount: Dollars });

export const IssueCapitalCallResponse = z.object({ message: z.string(), id: z.number().int(), lines: z.array(CallLine) });

export const RecordCallReceiptRequest = z.strictObject({
  call_id: CallId,
  investor_name: Name,
  amount: Money('Amount'),
  date: IsoDate('Date'),
});

export const RecordCallReceiptResponse = z.object({
  message: z.string(),
  /** The investment's ledger entry. */
  id: z.number().int(),
  /** What the investor still owes on the call after this receipt. */
  outstanding: Dollars,
});

export const CallIdRequest = z.strictObject({ id: CallId });
export const CancelCapitalCallRequest = z.strictObject({ id: CallId, reason: RequiredText(500) });
export const CapitalCallQuery = z.strictObject({ id: CallId });
export const CapitalCallsQuery = z.strictObject({ investor_name: z.string().trim().max(100).optional() });

export const CALL_STATUSES = ['open', 'paid', 'late', 'cancelled'] as const;
export const CallStatus = z.enum(CALL_STATUSES);
export type CallStatus = z.infer<typeof CallStatus>;

/** One call as its investor sees it: their own share of it. */
export const InvestorCall = z.object({
  id: z.number().int(),
  property_name: z.string(),
  purpose: z.string(),
  instructions: z.string(),
  /** The day it was issued. */
  issued_on: z.string(),
  due_date: z.string(),
  /** Asked of this investor. */
  amount: Dollars,
  received: Dollars,
  outstanding: Dollars,
  status: CallStatus,
});
export type InvestorCall = z.infer<typeof InvestorCall>;

export const CapitalCallsResponse = z.object({ investor_name: z.string(), calls: z.array(InvestorCall) });

/** One call as the admin lists it. */
export const AdminCall = z.object({
  id: z.number().int(),
  property_name: z.string(),
  purpose: z.string(),
  issued_on: z.string(),
  due_date: z.string(),
  /** 'pro_rata': split by capital; 'typed': each investor's amount as the admin typed it. */
  split: z.enum(['pro_rata', 'typed']),
  asked: Dollars,
  received: Dollars,
  outstanding: Dollars,
  status: CallStatus,
  /** Investors who still owe something after the due date. */
  late: z.array(z.string()),
  cancelled_at: z.string().nullable(),
  cancel_reason: z.string().nullable(),
});
export type AdminCall = z.infer<typeof AdminCall>;

export const AdminCapitalCallsResponse = z.object({ calls: z.array(AdminCall) });

export const AdminCallLine = z.object({
  investor_name: z.string(),
  /** The investor's capital in the property on the call date: the weight of a pro-rata split. */
  capital: Dollars,
  amount: Dollars,
  received: Dollars,
  outstanding: Dollars,
  status: CallStatus,
  receipts: z.array(z.object({ entry_id: z.number().int(), date: z.string(), amount: Dollars })),
});
export type AdminCallLine = z.infer<typeof AdminCallLine>;

export const CapitalCallResponse = AdminCall.extend({ instructions: z.string(), lines: z.array(AdminCallLine) });
export type CapitalCallResponse = z.infer<typeof CapitalCallResponse>;

/** The split a call would make today, for the issue form's preview (nothing is written). */
export const PreviewCapitalCallQuery = z.strictObject({ property_name: Name, amount: Money('Amount') });
export const PreviewCapitalCallResponse = z.object({
  property_name: z.string(),
  amount: Dollars,
  total_capital: Dollars,
  lines: z.array(z.object({ investor_name: z.string(), capital: Dollars, amount: Dollars })),
});

export const RemindCapitalCallResponse = z.object({ message: z.string(), reminded: z.number().int() });
