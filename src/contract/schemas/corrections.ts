import { z } from 'zod';
import { Name, RequiredText } from '../fields.js';
import * as L from './ledger.js';

/**
 * Receipts and corrections: the ledger's entries with every field their
 * recording form had (a form's last entries; one entry to fill its form in again), and the one-step
 * correction: void an entry and record its replacement in one transaction.
 */

/** The kinds of ledger entry, as the books store them. */
export const ENTRY_KINDS = [
  'property_income', 'lc_payment', 'property_expense', 'investor_property_expense', 'llc_expense',
  'deposit', 'deposit_withdrawal', 'investment', 'investment_withdrawal', 'cash_withdrawal',
] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

/** The recording forms' bodies, by the endpoint that records them: a correction sends one of these as `entry`. */
export const CORRECTING_FORMS = {
  recordPropertyIncome: L.RecordPropertyIncomeRequest,
  recordLorenIncome: L.RecordLorenIncomeRequest,
  recordLcPayment: L.RecordLcPaymentRequest,
  recordPropertyExpense: L.RecordPropertyExpenseRequest,
  recordInvestorPropertyExpense: L.RecordInvestorPropertyExpenseRequest,
  recordLlcExpense: L.RecordLlcExpenseRequest,
  addRentalDeposit: L.AddRentalDepositRequest,
  addInvestment: L.AddInvestmentRequest,
  recordCashWithdrawal: L.RecordCashWithdrawalRequest,
  recordInvestmentWithdrawal: L.RecordInvestmentWithdrawalRequest,
  recordDepositWithdrawal: L.RecordDepositWithdrawalRequest,
} as const;
export type CorrectingForm = keyof typeof CORRECTING_FORMS;

/** The form that records each kind (income has two: by month, and over a period, the Loren income form). */
export const FORMS_OF_KIND: Record<EntryKind, readonly CorrectingForm[]> = {
  property_income: ['recordPropertyIncome', 'recordLorenIncome'],
  lc_payment: ['recordLcPayment'],
  property_expense: ['recordPropertyExpense'],
  investor_property_expense: ['recordInvestorPropertyExpense'],
  llc_expense: ['recordLlcExpense'],
  deposit: ['addRentalDeposit'],
  deposit_withdrawal: ['recordDepositWithdrawal'],
  investment: ['addInvestment'],
  investment_withdrawal: ['recordInvestmentWithdrawal'],
  cash_withdrawal: ['recordCashWithdrawal'],
};

/** The kind each form records. */
export const KIND_OF_FORM = Object.fromEntries(
  Object.entries(FORMS_OF_KIND).flatMap(([kind, forms]) => forms.map((f) => [f, kind])),
) as Record<CorrectingForm, EntryKind>;

/**
 * The form whose fields `entry` holds, for an entry of this kind: income with a period (start_date or
 * end_date) is Loren income, other income the income form; every other kind has one form.
 */
export function correctingFormOf(kind: EntryKind, entry: Record<string, unknown>): CorrectingForm {
  if (kind === 'property_income') return 'start_date' in entry || 'end_date' in entry ? 'recordLorenIncome' : 'recordPropertyIncome';
  return FORMS_OF_KIND[kind][0]!;
}

const EntryId = z.number({ error: (i) => (i.input === undefined ? 'is required' : 'must be a number') }).int().positive();

export const CorrectEntryRequest = z.strictObject({
  /** The entry corrected: a live (not voided) entry of the ledger, as a viewer shows its id. */
  id: EntryId,
  /** Why: kept with the voided entry ("Corrected: …") and in the audit trail. */
  reason: RequiredText(500),
  entry: z
    .record(z.string().max(100), z.unknown(), {
      error: (i) => (i.input === undefined ? 'is required' : "must be an object: the fields of the entry's recording form"),
    })
    .meta({
      description:
        "The corrected entry's fields, exactly as the recording form of the entry's kind sends them (that call's request body): " +
        'record_property_income for income (record_loren_income when it has start_date and end_date), record_lc_payment, ' +
        'record_property_expense, record_investor_property_expense, record_llc_expense, add_rental_deposit, add_investment, ' +
        'record_cash_withdrawal, record_investment_withdrawal, record_deposit_withdrawal. Checked by the same rules as that call.',
    }),
});

export const CorrectEntryResponse = z.object({
  message: z.string(),
  /** The new entry. */
  id: z.number().int(),
  /** The entry voided. */
  voided_id: z.number().int(),
});

const ShowVoided = z.enum(['true', 'false']).optional();

export const LedgerEntriesQuery = z.strictObject({
  kind: z.enum(ENTRY_KINDS).optional(),
  id: z.coerce.number().int().positive().optional(),
  property_name: Name.optional(),
  category: Name.optional(),
  include_voided: ShowVoided,
  limit: z.coerce.number().int().min(1).max(50).optional(),
});

/** One entry with what its form had, by name; amounts as recorded (a withdrawal positive). */
export const LedgerEntryRow = z.object({
  id: z.number().int(),
  kind: z.enum(ENTRY_KINDS),
  date: z.string(),
  /** The month it belongs to, YYYY-MM. */
  for_month: z.string(),
  period_start: z.string().nullable(),
  period_end: z.string().nullable(),
  amount: z.number(),
  property: z.string().nullable(),
  llc: z.string().nullable(),
  investor: z.string().nullable(),
  category: z.string().nullable(),
  loren: z.string().nullable(),
  payer: z.string().nullable(),
  description: z.string().nullable(),
  recorded_at: z.string(),
  recorded_by: z.string().nullable(),
  voided_at: z.string().nullable(),
  voided_by: z.string().nullable(),
  void_reason: z.string().nullable(),
});
export type LedgerEntryRow = z.infer<typeof LedgerEntryRow>;

export const LedgerEntriesResponse = z.object({ entries: z.array(LedgerEntryRow) });
