import type {
  AddExpenseCategoryRequest,
  AddInvestmentPropertyRequest,
  AddInvestmentRequest,
  AddInvestorRequest,
  AddLorenRequest,
  AddLlcRequest,
  AddRentalDepositRequest,
  AdminHelpersResponse,
  AuditLogResponse,
  DeleteTxnRequest,
  LlcResponse,
  LlcTxnsResponse,
  PropertyTxnsResponse,
  RecordCashWithdrawalRequest,
  RecordDepositWithdrawalRequest,
  RecordInvestmentWithdrawalRequest,
  TxnRow,
  RecordedResponse,
  RecordInvestorPropertyExpenseRequest,
  RecordLcPaymentRequest,
  RecordLlcExpenseRequest,
  RecordLorenIncomeRequest,
  RecordPropertyExpenseRequest,
  RecordPropertyIncomeRequest,
  SetInvestorFeeRequest,
  SetPropertyNotesRequest,
  UpdateLlcRequest,
} from '../../../contract/admin';
import { api } from '../../lib/api-client';
import { newIdempotencyKey } from '../../lib/idempotency';

/** The /admin calls of the back office, typed by the shared contract (portal-spec §7). */
type Message = { message: string };

const post = <T>(path: string, body: unknown) => api<T>(path, { method: 'POST', body });
/** Calls that move money carry a fresh idempotency key, so a repeated request is recorded once. */
const postMoney = (path: string, body: unknown) =>
  api<RecordedResponse>(path, { method: 'POST', body, idempotencyKey: newIdempotencyKey() });

/** The helper lists; the shape is checked by the caller (an unexpected one is logged, portal-spec §8). */
export const getAdminHelpers = () => api<Partial<AdminHelpersResponse> | null>('/admin/get_admin_helpers');

export const recordPropertyIncome = (body: RecordPropertyIncomeRequest) => postMoney('/admin/record_property_income', body);
export const recordLorenIncome = (body: RecordLorenIncomeRequest) => postMoney('/admin/record_loren_income', body);
export const recordLcPayment = (body: RecordLcPaymentRequest) => postMoney('/admin/record_lc_payment', body);
export const recordPropertyExpense = (body: RecordPropertyExpenseRequest) => postMoney('/admin/record_property_expense', body);
export const recordInvestorPropertyExpense = (body: RecordInvestorPropertyExpenseRequest) =>
  postMoney('/admin/record_investor_property_expense', body);
export const recordLlcExpense = (body: RecordLlcExpenseRequest) => postMoney('/admin/record_llc_expense', body);
export const addRentalDeposit = (body: AddRentalDepositRequest) => postMoney('/admin/add_rental_deposit', body);
export const addInvestment = (body: AddInvestmentRequest) => postMoney('/admin/add_investment', body);

export const addInvestmentProperty = (body: AddInvestmentPropertyRequest) => post<Message>('/admin/add_investment_property', body);
export const addInvestor = (body: AddInvestorRequest) => post<{ message: string; secret: string }>('/admin/add_investor', body);
export const setInvestorFee = (body: SetInvestorFeeRequest) => post<Message>('/admin/set_investor_fee', body);
export const addExpenseCategory = (body: AddExpenseCategoryRequest) => post<Message>('/admin/add_expense_category', body);

export const getPropertyNotes = (propertyName: string) =>
  api<{ notes: string }>('/admin/get_property_notes', { query: { property_name: propertyName } });
export const setPropertyNotes = (body: SetPropertyNotesRequest) => post<Message>('/admin/set_property_notes', body);

export const addLlc = (body: AddLlcRequest) => post<Message>('/admin/add_llc', body);
export const getLlc = (llcName: string) => api<LlcResponse>('/admin/get_llc', { query: { llc_name: llcName } });
export const updateLlc = (body: UpdateLlcRequest) => post<Message>('/admin/update_llc', body);

export const addLoren = (body: AddLorenRequest) => post<Message>('/admin/add_loren', body);

// ---- withdrawals, viewers and the audit trail (the books, part 2) ----------------------------------

export const getMaxCashWithdrawal = (investorName: string) =>
  api<{ max_cash_withdrawal: number }>('/admin/get_max_cash_withdrawal', { query: { investor_name: investorName } })
    .then((r) => r.max_cash_withdrawal);
export const getMaxInvestmentWithdrawal = (investorName: string, propertyName: string) =>
  api<{ max_investment_withdrawal: number }>('/admin/get_max_investment_withdrawal', {
    query: { investor_name: investorName, property_name: propertyName },
  }).then((r) => r.max_investment_withdrawal);
export const getMaxDepositWithdrawal = (propertyName: string) =>
  api<{ max_deposit_withdrawal: number }>('/admin/get_max_deposit_withdrawal', { query: { property_name: propertyName } })
    .then((r) => r.max_deposit_withdrawal);

export const recordCashWithdrawal = (body: RecordCashWithdrawalRequest) => postMoney('/admin/record_cash_withdrawal', body);
export const recordInvestmentWithdrawal = (body: RecordInvestmentWithdrawalRequest) =>
  postMoney('/admin/record_investment_withdrawal', body);
export const recordDepositWithdrawal = (body: RecordDepositWithdrawalRequest) => postMoney('/admin/record_deposit_withdrawal', body);

const voided = (includeVoided: boolean) => (includeVoided ? 'true' : 'false');
export const getPropertyTxns = (propertyName: string, includeVoided: boolean) =>
  api<PropertyTxnsResponse>('/admin/get_property_txns', {
    query: { selectedProperty: propertyName, include_voided: voided(includeVoided) },
  });
export const getLlcTxns = (llcName: string, includeVoided: boolean) =>
  api<LlcTxnsResponse>('/admin/get_llc_txns', { query: { selectedLLC: llcName, include_voided: voided(includeVoided) } });
export const getInvestorTxns = (investorName: string, includeVoided: boolean) =>
  api<{ cash_withdrawals: TxnRow[] }>('/admin/get_investor_txns', {
    query: { investor_name: investorName, include_voided: voided(includeVoided) },
  });

/** The delete families of the viewers (portal-spec §7) and our investment and withdrawal extensions. */
export type DeleteFamily = 'income' | 'expense' | 'deposit' | 'lc_payment' | 'llc_expense' | 'investment' | 'withdrawal';
/** A delete voids the row; it carries a key too, so a double click voids once. */
export const deleteTxn = (family: DeleteFamily, body: DeleteTxnRequest) =>
  api<Message>(`/admin/delete_${family}`, { method: 'POST', body, idempotencyKey: newIdempotencyKey() });

export const getAuditLog = (q: { entity?: string; page: number; page_size: number }) =>
  api<AuditLogResponse>('/admin/audit_log', {
    query: { entity: q.entity || undefined, page: String(q.page), page_size: String(q.page_size) },
  });
