import { z } from 'zod';
import { isRoutingNumber, ROUTING_NUMBER_WORDS } from '../values/routing-number.js';

/**
 * Investors' bank accounts for distributions (ACH). An investor's change waits for an administrator's
 * approval; the account number is never answered, only its last four digits.
 */

export const ACCOUNT_TYPES = ['checking', 'savings'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** Digits only (the forms drop the spaces and dashes a person types), so the API reference states the rule. */
export const RoutingNumber = z.string().regex(/^\d{9}$/, ROUTING_NUMBER_WORDS).refine(isRoutingNumber, ROUTING_NUMBER_WORDS);
export const AccountNumber = z.string().regex(/^\d{4,17}$/, 'must be 4 to 17 digits');
export const AccountTypeField = z.enum(ACCOUNT_TYPES, { error: (issue) => (issue.input === undefined ? 'is required' : 'must be checking or savings') });

const OptionalInvestorName = z.string().normalize('NFC').trim().max(100, 'must be at most 100 characters').optional()
  .transform((value) => value || undefined);

export const BankAccountQuery = z.strictObject({ investor_name: OptionalInvestorName });

export const ChangeBankAccountRequest = z.strictObject({
  /** An admin names the investor; an investor changes their own (a name other than theirs is not found). */
  investor_name: OptionalInvestorName,
  routing_number: RoutingNumber,
  account_number: AccountNumber,
  account_type: AccountTypeField,
  /** The name on the account; the investor's own name when left out. */
  holder_name: z.string().normalize('NFC').trim().max(100, 'must be at most 100 characters')
    .refine((v) => !/[\r\n\t]/.test(v), 'must be on one line').optional().transform((v) => v || undefined),
});

const AccountShown = z.object({
  type: z.enum(ACCOUNT_TYPES),
  /** The account number's last four digits; the rest is never answered. */
  last4: z.string(),
  /** The bank's routing number, in full: it names the bank, not the account. */
  routing_number: z.string(),
});

export const BankAccountResponse = z.object({
  investor_name: z.string(),
  /** The account distributions are paid to; null: none on file (paid by check). */
  account: AccountShown.extend({ since: z.string() }).nullable(),
  /** A change waiting for an administrator's approval; never paid until approved. */
  pending: AccountShown.extend({ requested_at: z.string(), requested_by: z.string() }).nullable(),
});

export const ChangeBankAccountResponse = BankAccountResponse.extend({
  message: z.string(),
  /** True when the change waits for an administrator's approval; false when it took effect now. */
  needs_approval: z.boolean(),
  /** What happened, in a sentence (the answer's message). */
  outcome: z.string(),
});

export const BankChangesResponse = z.object({
  changes: z.array(z.object({
    investor_name: z.string(),
    type: z.enum(ACCOUNT_TYPES),
    last4: z.string(),
    requested_by: z.string(),
    /** True when an administrator asked (it then needs another one to approve it). */
    requested_by_admin: z.boolean(),
    requested_at: z.string(),
  })),
});

export const ApproveBankChangeRequest = z.strictObject({ investor_name: z.string().normalize('NFC').trim().min(1, 'is required').max(100) });
export const RejectBankChangeRequest = ApproveBankChangeRequest.extend({
  reason: z.string().trim().min(1, 'is required: say why, the investor reads it').max(500, 'must be at most 500 characters'),
});

/** "Checking ••••6789": how an account is shown everywhere. */
export const maskedAccount = (type: AccountType, last4: string): string => `${type === 'savings' ? 'Savings' : 'Checking'} ••••${last4}`;
