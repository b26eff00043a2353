import { endpoints } from '../../../../contract/endpoints';
import { adminForm } from '../shared/admin-form';
import {
  amount, category, date, dateToday, description, forMonth, investor, llc, lorenField, payer, property, select, TERMS, text,
  type AdminFormProps,
} from '../shared/fields';

/**
 * The forms that move money (docs/product.md "Screens": the forms, their field names, required sets and alerts), each a
 * write of the endpoint table. Amounts start empty and go out as the decimal text typed; the server turns
 * them into cents. The day the money moved starts at today, the month it belongs to at this month.
 */

/** Income and property expenses: a dated entry for a month of a property, with its loren, category and amount. */
const monthEntry = <D extends string, M extends string, C extends string>(
  props: AdminFormProps,
  [dateName, dateLabel]: [D, string],
  monthName: M,
  [categoryName, categories]: [C, readonly string[]],
) => [
  dateToday(dateName, dateLabel), forMonth(monthName), property(props.helpers), ...lorenField(props), category(categoryName, categories), amount,
];

export const AddIncomeForm = adminForm('add-income', endpoints.recordPropertyIncome, 'Record income', (props) => [
  ...monthEntry(props, ['income_date', 'Income date'], 'income_for_month', ['income_category', props.helpers.property_income_categories]),
  description(),
]);

export const AddLorenIncomeForm = adminForm('add-loren-income', endpoints.recordLorenIncome, 'Record income', ({ helpers }) => [
  dateToday('income_date', 'Income date'), property(helpers), date('start_date', 'Period start'), date('end_date', 'Period end'),
  amount, description(),
], { intro: TERMS.loren });

export const AddLandContractPaymentForm = adminForm('add-lc-payment', endpoints.recordLcPayment, 'Record payment', (props) => [
  dateToday('payment_date', 'Payment date'),
  select('property_name', 'Land-contract property', props.helpers.land_contract_properties, 'Select a property'),
  amount, ...lorenField(props), description(),
], { intro: TERMS.landContract });

export const AddPropertyExpenseForm = adminForm('add-property-expense', endpoints.recordPropertyExpense, 'Record expense', (props) => [
  ...monthEntry(props, ['expense_date', 'Expense date'], 'expense_for_month', ['expense_category', props.helpers.property_expense_categories]),
  payer(props.helpers, 'Not recorded'), description(),
]);

export const AddInvestorPropertyExpenseForm = adminForm(
  'add-investor-property-expense', endpoints.recordInvestorPropertyExpense, 'Record expense', (props) => [
    investor(props.helpers, 'investor'), property(props.helpers), dateToday('expense_date', 'Expense date'), forMonth('expense_for_month'),
    category('expense_category', props.helpers.property_expense_categories), amount, payer(props.helpers), ...lorenField(props),
    description(),
  ]);

export const AddLlcExpenseForm = adminForm('add-llc-expense', endpoints.recordLlcExpense, 'Record expense', ({ helpers }) => [
  dateToday('expense_date', 'Expense date'), llc(helpers, 'llc_name'), category('expense_category', helpers.llc_expense_categories),
  amount, payer(helpers), description({}),
]);

export const AddRentalDepositForm = adminForm('add-rental-deposit', endpoints.addRentalDeposit, 'Add deposit', (props) => [
  select('property_name', 'Rental property', props.helpers.rental_properties, 'Select a property'),
  dateToday('date', 'Date received'), amount, ...lorenField(props),
  text('notes', 'Notes', { wide: true, maxLength: 500, hint: 'Tenant and unit, e.g. "Security deposit, J. Smith, unit 2".' }),
], { intro: TERMS.rentalDeposit });

export const AddInvestmentForm = adminForm('add-investment', endpoints.addInvestment, 'Add investment', ({ helpers }) => [
  investor(helpers, 'investor_name'), property(helpers), dateToday('date', 'Date'), amount,
]);
