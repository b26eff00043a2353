import type {
  AddExpenseCategoryRequest,
  AddInvestmentPropertyRequest,
  AddInvestmentRequest,
  AddInvestorRequest,
  AddLorenRequest,
  AddLlcRequest,
  AddRentalDepositRequest,
  AdminHelpersResponse,
  LlcResponse,
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
