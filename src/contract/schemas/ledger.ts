import { z } from 'zod';
import { IsoDate, Money, MonthStart, Name, OptionalName, RequiredText, Text } from '../fields.js';

/** Money movements of the admin forms (docs/api.md): recordings and withdrawals. */

export const RecordPropertyIncomeRequest = z.strictObject({
  income_date: IsoDate('Income date'),
  income_for_month: MonthStart('Income for month'),
  property_name: Name,
  loren_name: OptionalName,
  description: RequiredText(500),
  amount: Money('Amount'),
  income_category: Name,
});

export const RecordLorenIncomeRequest = z.strictObject({
  income_date: IsoDate('Income date'),
  property_name: Name,
  description: RequiredText(500),
  amount: Money('Amount'),
  start_date: IsoDate('Start date'),
  end_date: IsoDate('End date'),
});

export const RecordLcPaymentRequest = z.strictObject({
  payment_date: IsoDate('Payment date'),
  property_name: Name,
  loren_name: OptionalName,
  description: RequiredText(500),
  amount: Money('Amount'),
});

export const RecordPropertyExpenseRequest = z.strictObject({
  expense_date: IsoDate('Expense date'),
  expense_for_month: MonthStart('Expense for month'),
  property_name: Name,
  loren_name: OptionalName,
  description: RequiredText(500),
  amount: Money('Amount'),
  expense_category: Name,
  payer: Text(100).optional(),
});

/** The property expense charged to one investor: the same fields, plus the investor, and a payer. */
export const RecordInvestorPropertyExpenseRequest = RecordPropertyExpenseRequest.extend({
  investor: Name,
  payer: RequiredText(100),
});

export const RecordLlcExpenseRequest = z.strictObject({
  expense_date: IsoDate('Expense date'),
  llc_name: Name,
  description: RequiredText(500),
  amount: Money('Amount'),
  expense_category: Name,
  payer: RequiredText(100),
});

export const AddRentalDepositRequest = z.strictObject({
  property_name: Name,
  amount: Money('Amount'),
  date: IsoDate('Date'),
  notes: RequiredText(500),
  loren_name: OptionalName,
});

export const AddInvestmentRequest = z.strictObject({
  property_name: Name,
  investor_name: Name,
  date: IsoDate('Date'),
  amount: Money('Amount'),
});

/** What every recording call answers: the spec's success text and the new ledger row's id. */
export const RecordedResponse = z.object({ message: z.string(), id: z.number().int() });

// ---- withdrawals -------------------------------------------------------------------------------------

export const RecordCashWithdrawalRequest = z.strictObject({
  investor_name: Name,
  date: IsoDate('Date'),
  description: RequiredText(500),
  amount: Money('Amount'),
});

export const RecordInvestmentWithdrawalRequest = z.strictObject({
  investor_name: Name,
  property_name: Name,
  date: IsoDate('Date'),
  amount: Money('Amount'),
});

export const RecordDepositWithdrawalRequest = z.strictObject({
  property_name: Name,
  date: IsoDate('Date'),
  notes: RequiredText(500),
  amount: Money('Amount'),
});

export const MaxCashQuery = z.strictObject({ investor_name: Name });
export const MaxInvestmentQuery = z.strictObject({ investor_name: Name, property_name: Name });
export const MaxDepositQuery = z.strictObject({ property_name: Name });
export const MaxCashResponse = z.object({ max_cash_withdrawal: z.number() });
export const MaxInvestmentResponse = z.object({ max_investment_withdrawal: z.number() });
export const MaxDepositResponse = z.object({ max_deposit_withdrawal: z.number() });
