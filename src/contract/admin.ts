import { z } from 'zod';

/**
 * Requests of the admin back office (portal-spec §3, §7), field names exactly as the spec's.
 * Shapes only: amounts, dates and names are checked by the services, which know the rules and the
 * books (an amount's decimals, a date's range, whether a property exists and is of the right type).
 */

/** A JSON number or a decimal string; parsed into cents through its decimal text by the service. */
const Amount = z.union([z.number(), z.string().max(32)], {
  error: (issue) => (issue.input === undefined ? 'is required' : 'must be a number'),
});
const FeeFraction = z.union([z.string().max(10), z.number()], {
  error: (issue) => (issue.input === undefined ? 'is required' : 'must be a fraction such as 0.05'),
});
const DateText = z.string().max(10);
const Name = z.string().trim().min(1, 'is required').max(100, 'must be at most 100 characters');
const Text = (max: number) => z.string().max(max, `must be at most ${max} characters`);
const RequiredText = (max: number) => z.string().trim().min(1, 'is required').max(max, `must be at most ${max} characters`);
// An unchosen selector may come as absent, null or '': all mean "none".
const OptionalName = z.string().trim().max(100).nullable().optional();

export const PROPERTY_TYPES = ['rental', 'land_contract', 'other'] as const;
export const CATEGORY_SCOPES = ['income', 'property_expense', 'llc_expense'] as const;

export const AddInvestmentPropertyRequest = z.strictObject({
  property_name: Name,
  address: RequiredText(300),
  purchase_date: DateText,
  purchase_price: Amount,
  land_value: Amount,
  property_value: Amount,
  llc: Name,
  property_type: z.enum(PROPERTY_TYPES, { error: 'must be one of rental, land_contract, other' }),
  picture_url: RequiredText(2048),
  // Extension: land-contract terms (domain.md §2.2), all or none.
  lc_sale_date: DateText.optional(),
  lc_sale_price: Amount.optional(),
  lc_down_payment: Amount.optional(),
  lc_adjusted_basis: Amount.optional(),
  lc_rate_bps: z.number().int('must be a whole number of basis points').min(0).max(10000).optional(),
});
export type AddInvestmentPropertyRequest = z.input<typeof AddInvestmentPropertyRequest>;

export const AddInvestorRequest = z.strictObject({
  name: Name,
  email: Text(200),
  phone: Text(50),
  address: Text(300),
  fee_percentage: FeeFraction,
});
export type AddInvestorRequest = z.input<typeof AddInvestorRequest>;
export const AddInvestorResponse = z.object({ message: z.string(), secret: z.string() });

export const SetInvestorFeeRequest = z.strictObject({
  investor_name: Name,
  fee_percentage: FeeFraction,
  effective_month: DateText,
});
export type SetInvestorFeeRequest = z.input<typeof SetInvestorFeeRequest>;

export const AddExpenseCategoryRequest = z.strictObject({
  expense_category: Name,
  scope: z.enum(CATEGORY_SCOPES, { error: 'must be one of income, property_expense, llc_expense' }).optional(),
});
export type AddExpenseCategoryRequest = z.input<typeof AddExpenseCategoryRequest>;

export const PropertyNotesQuery = z.strictObject({ property_name: Name });
export const PropertyNotesResponse = z.object({ notes: z.string() });
export const SetPropertyNotesRequest = z.strictObject({ property_name: Name, notes: RequiredText(5000) });
export type SetPropertyNotesRequest = z.input<typeof SetPropertyNotesRequest>;

const LlcFields = {
  address: RequiredText(300),
  date_started: DateText,
  principal_business_activity: RequiredText(200),
  principal_product: RequiredText(200),
  business_code_number: z.string().regex(/^\d{6}$/, 'must be six digits'),
};
export const AddLlcRequest = z.strictObject({ llc_name: Name, ...LlcFields });
export type AddLlcRequest = z.input<typeof AddLlcRequest>;
export const UpdateLlcRequest = z.strictObject({ llc_name: Name, ...LlcFields });
export type UpdateLlcRequest = z.input<typeof UpdateLlcRequest>;
export const LlcQuery = z.strictObject({ llc_name: Name });
export const LlcResponse = z.object({
  llc_name: z.string(),
  address: z.string(),
  date_started: z.string(),
  principal_business_activity: z.string(),
  principal_product: z.string(),
  business_code_number: z.string(),
});
export type LlcResponse = z.infer<typeof LlcResponse>;

export const AddLorenRequest = z.strictObject({ loren_name: Name });
export type AddLorenRequest = z.input<typeof AddLorenRequest>;

// ---- money movements ----------------------------------------------------------------------------

export const RecordPropertyIncomeRequest = z.strictObject({
  income_date: DateText,
  income_for_month: DateText,
  property_name: Name,
  loren_name: OptionalName,
  description: RequiredText(500),
  amount: Amount,
  income_category: Name,
});
export type RecordPropertyIncomeRequest = z.input<typeof RecordPropertyIncomeRequest>;

export const RecordLorenIncomeRequest = z.strictObject({
  income_date: DateText,
  property_name: Name,
  description: RequiredText(500),
  amount: Amount,
  start_date: DateText,
  end_date: DateText,
});
export type RecordLorenIncomeRequest = z.input<typeof RecordLorenIncomeRequest>;

export const RecordLcPaymentRequest = z.strictObject({
  payment_date: DateText,
  property_name: Name,
  loren_name: OptionalName,
  description: RequiredText(500),
  amount: Amount,
});
export type RecordLcPaymentRequest = z.input<typeof RecordLcPaymentRequest>;

export const RecordPropertyExpenseRequest = z.strictObject({
  expense_date: DateText,
  expense_for_month: DateText,
  property_name: Name,
  loren_name: OptionalName,
  description: RequiredText(500),
  amount: Amount,
  expense_category: Name,
  payer: Text(100).optional(),
});
export type RecordPropertyExpenseRequest = z.input<typeof RecordPropertyExpenseRequest>;

/** The property expense charged to one investor: the same fields, plus the investor, and a payer. */
export const RecordInvestorPropertyExpenseRequest = RecordPropertyExpenseRequest.extend({
  investor: Name,
  payer: RequiredText(100),
});
export type RecordInvestorPropertyExpenseRequest = z.input<typeof RecordInvestorPropertyExpenseRequest>;

export const RecordLlcExpenseRequest = z.strictObject({
  expense_date: DateText,
  llc_name: Name,
  description: RequiredText(500),
  amount: Amount,
  expense_category: Name,
  payer: RequiredText(100),
});
export type RecordLlcExpenseRequest = z.input<typeof RecordLlcExpenseRequest>;

export const AddRentalDepositRequest = z.strictObject({
  property_name: Name,
  amount: Amount,
  date: DateText,
  notes: RequiredText(500),
  loren_name: OptionalName,
});
export type AddRentalDepositRequest = z.input<typeof AddRentalDepositRequest>;

export const AddInvestmentRequest = z.strictObject({
  property_name: Name,
  investor_name: Name,
  date: DateText,
  amount: Amount,
});
export type AddInvestmentRequest = z.input<typeof AddInvestmentRequest>;

/** What every recording call answers: the spec's success text and the new ledger row's id. */
export const RecordedResponse = z.object({ message: z.string(), id: z.number().int() });
export type RecordedResponse = z.infer<typeof RecordedResponse>;

// ---- helper lists (portal-spec §3) ----------------------------------------------------------------

export const AdminHelpersResponse = z.object({
  property_types: z.array(z.string()),
  property_expense_categories: z.array(z.string()),
  property_income_categories: z.array(z.string()),
  rental_properties: z.array(z.string()),
  loren_list: z.array(z.string()),
  land_contract_properties: z.array(z.string()),
  investors_list: z.array(z.string()),
  portal_users_list: z.array(z.string()),
  llcs_list: z.array(z.string()),
  llc_expense_categories: z.array(z.string()),
  properties: z.array(z.string()),
  tax_years: z.array(z.number().int()),
  managers: z.array(z.string()),
});
export type AdminHelpersResponse = z.infer<typeof AdminHelpersResponse>;

// ---- withdrawals (issue: the books, part 2) ---------------------------------------------------------

export const RecordCashWithdrawalRequest = z.strictObject({
  investor_name: Name,
  date: DateText,
  description: RequiredText(500),
  amount: Amount,
});
export type RecordCashWithdrawalRequest = z.input<typeof RecordCashWithdrawalRequest>;

export const RecordInvestmentWithdrawalRequest = z.strictObject({
  investor_name: Name,
  property_name: Name,
  date: DateText,
  amount: Amount,
});
export type RecordInvestmentWithdrawalRequest = z.input<typeof RecordInvestmentWithdrawalRequest>;

export const RecordDepositWithdrawalRequest = z.strictObject({
  property_name: Name,
  date: DateText,
  notes: RequiredText(500),
  amount: Amount,
});
export type RecordDepositWithdrawalRequest = z.input<typeof RecordDepositWithdrawalRequest>;

export const MaxCashQuery = z.strictObject({ investor_name: Name });
export const MaxInvestmentQuery = z.strictObject({ investor_name: Name, property_name: Name });
export const MaxDepositQuery = z.strictObject({ property_name: Name });
export const MaxCashResponse = z.object({ max_cash_withdrawal: z.number() });
export const MaxInvestmentResponse = z.object({ max_investment_withdrawal: z.number() });
export const MaxDepositResponse = z.object({ max_deposit_withdrawal: z.number() });

// ---- transaction viewers and voids --------------------------------------------------------------------

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
export type PropertyTxnsResponse = z.infer<typeof PropertyTxnsResponse>;
export const LlcTxnsQuery = z.strictObject({ selectedLLC: Name, include_voided: ShowVoided });
export const LlcTxnsResponse = z.object({ expenses: z.array(TxnRow) });
export type LlcTxnsResponse = z.infer<typeof LlcTxnsResponse>;
export const InvestorTxnsQuery = z.strictObject({ investor_name: Name, include_voided: ShowVoided });
export const InvestorTxnsResponse = z.object({ cash_withdrawals: z.array(TxnRow) });

export const DeleteTxnRequest = z.strictObject({
  id: z.number({ error: (i) => (i.input === undefined ? 'is required' : 'must be a number') }).int().positive(),
  amount: Amount,
  detail: z.string().max(1000).optional(),
  date: DateText,
  // Extension: why the row is voided (kept with the row and in the audit trail).
  reason: z.string().trim().max(500).optional(),
});
export type DeleteTxnRequest = z.input<typeof DeleteTxnRequest>;

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
});
export const AuditLogResponse = z.object({
  events: z.array(AuditEventRow),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type AuditLogResponse = z.infer<typeof AuditLogResponse>;
