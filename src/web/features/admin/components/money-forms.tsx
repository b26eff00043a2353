import { RecordForm, type FormValues } from '../../../components/record-form';
import {
  addInvestment,
  addRentalDeposit,
  recordInvestorPropertyExpense,
  recordLcPayment,
  recordLlcExpense,
  recordLorenIncome,
  recordPropertyExpense,
  recordPropertyIncome,
} from '../admin-api';
import { date, FOR_MONTH_HINT, lorenField, money, optional, select, text, when, type AdminFormProps } from './fields';

/**
 * The forms that move money (portal-spec §2 Forms, §3 field names, §5 required sets, §8 alerts).
 * Amounts go out as the decimal text typed; the server turns them into cents.
 */
const s = (v: FormValues, k: string): string => v[k] ?? '';

export function AddIncomeForm({ helpers, showLoren }: AdminFormProps) {
  return (
    <RecordForm
      id="add-income"
      submitLabel="Record income"
      fields={[
        date('income_date', 'Income date'),
        date('income_for_month', 'For month', { hint: FOR_MONTH_HINT }),
        select('property_name', 'Property', helpers.properties, 'Select a property'),
        ...when(showLoren, lorenField(helpers)),
        select('income_category', 'Category', helpers.property_income_categories, 'Select a category'),
        money('amount', 'Amount'),
        text('description', 'Description', { wide: true, maxLength: 500 }),
      ]}
      onSubmit={async (v) => {
        await recordPropertyIncome({
          income_date: s(v, 'income_date'),
          income_for_month: s(v, 'income_for_month'),
          property_name: s(v, 'property_name'),
          loren_name: optional(v.loren_name),
          description: s(v, 'description'),
          amount: s(v, 'amount'),
          income_category: s(v, 'income_category'),
        });
        return 'Income recorded successfully';
      }}
    />
  );
}

export function AddLorenIncomeForm({ helpers }: AdminFormProps) {
  return (
    <RecordForm
      id="add-loren-income"
      submitLabel="Record income"
      fields={[
        date('income_date', 'Income date'),
        select('property_name', 'Property', helpers.properties, 'Select a property'),
        date('start_date', 'Period start'),
        date('end_date', 'Period end'),
        money('amount', 'Amount'),
        text('description', 'Description', { maxLength: 500 }),
      ]}
      onSubmit={async (v) => {
        await recordLorenIncome({
          income_date: s(v, 'income_date'),
          property_name: s(v, 'property_name'),
          description: s(v, 'description'),
          amount: s(v, 'amount'),
          start_date: s(v, 'start_date'),
          end_date: s(v, 'end_date'),
        });
        return 'Income recorded successfully';
      }}
    />
  );
}

export function AddLandContractPaymentForm({ helpers, showLoren }: AdminFormProps) {
  return (
    <RecordForm
      id="add-lc-payment"
      submitLabel="Record payment"
      fields={[
        date('payment_date', 'Payment date'),
        select('property_name', 'Land-contract property', helpers.land_contract_properties, 'Select a property'),
        money('amount', 'Amount'),
        ...when(showLoren, lorenField(helpers)),
        text('description', 'Description', { wide: true, maxLength: 500 }),
      ]}
      onSubmit={async (v) => {
        await recordLcPayment({
          payment_date: s(v, 'payment_date'),
          property_name: s(v, 'property_name'),
          loren_name: optional(v.loren_name),
          description: s(v, 'description'),
          amount: s(v, 'amount'),
        });
        return 'Land contract payment recorded successfully';
      }}
    />
  );
}

export function AddPropertyExpenseForm({ helpers, showLoren }: AdminFormProps) {
  return (
    <RecordForm
      id="add-property-expense"
      submitLabel="Record expense"
      fields={[
        date('expense_date', 'Expense date'),
        date('expense_for_month', 'For month', { hint: FOR_MONTH_HINT }),
        select('property_name', 'Property', helpers.properties, 'Select a property'),
        ...when(showLoren, lorenField(helpers)),
        select('expense_category', 'Category', helpers.property_expense_categories, 'Select a category'),
        money('amount', 'Amount'),
        select('payer', 'Paid by', helpers.managers, 'Not recorded', { required: false }),
        text('description', 'Description', { wide: true, maxLength: 500 }),
      ]}
      onSubmit={async (v) => {
        await recordPropertyExpense({
          expense_date: s(v, 'expense_date'),
          expense_for_month: s(v, 'expense_for_month'),
          property_name: s(v, 'property_name'),
          loren_name: optional(v.loren_name),
          description: s(v, 'description'),
          amount: s(v, 'amount'),
          expense_category: s(v, 'expense_category'),
          payer: optional(v.payer),
        });
        return 'Expense recorded successfully';
      }}
    />
  );
}

export function AddInvestorPropertyExpenseForm({ helpers, showLoren }: AdminFormProps) {
  return (
    <RecordForm
      id="add-investor-property-expense"
      submitLabel="Record expense"
      fields={[
        select('investor', 'Investor', helpers.investors_list, 'Select an investor'),
        select('property_name', 'Property', helpers.properties, 'Select a property'),
        date('expense_date', 'Expense date'),
        date('expense_for_month', 'For month', { hint: FOR_MONTH_HINT }),
        select('expense_category', 'Category', helpers.property_expense_categories, 'Select a category'),
        money('amount', 'Amount'),
        select('payer', 'Paid by', helpers.managers, 'Select a payer'),
        ...when(showLoren, lorenField(helpers)),
        text('description', 'Description', { wide: true, maxLength: 500 }),
      ]}
      onSubmit={async (v) => {
        await recordInvestorPropertyExpense({
          investor: s(v, 'investor'),
          expense_date: s(v, 'expense_date'),
          expense_for_month: s(v, 'expense_for_month'),
          property_name: s(v, 'property_name'),
          loren_name: optional(v.loren_name),
          description: s(v, 'description'),
          amount: s(v, 'amount'),
          expense_category: s(v, 'expense_category'),
          payer: s(v, 'payer'),
        });
        return 'Expense recorded successfully';
      }}
    />
  );
}

export function AddLlcExpenseForm({ helpers }: AdminFormProps) {
  return (
    <RecordForm
      id="add-llc-expense"
      submitLabel="Record expense"
      fields={[
        date('expense_date', 'Expense date'),
        select('llc_name', 'LLC', helpers.llcs_list, 'Select an LLC'),
        select('expense_category', 'Category', helpers.llc_expense_categories, 'Select a category'),
        money('amount', 'Amount'),
        select('payer', 'Paid by', helpers.managers, 'Select a payer'),
        text('description', 'Description', { maxLength: 500 }),
      ]}
      onSubmit={async (v) => {
        await recordLlcExpense({
          expense_date: s(v, 'expense_date'),
          llc_name: s(v, 'llc_name'),
          description: s(v, 'description'),
          amount: s(v, 'amount'),
          expense_category: s(v, 'expense_category'),
          payer: s(v, 'payer'),
        });
        return 'Expense recorded successfully';
      }}
    />
  );
}

export function AddRentalDepositForm({ helpers, showLoren }: AdminFormProps) {
  return (
    <RecordForm
      id="add-rental-deposit"
      submitLabel="Add deposit"
      fields={[
        select('property_name', 'Rental property', helpers.rental_properties, 'Select a property'),
        date('date', 'Date received'),
        money('amount', 'Amount'),
        ...when(showLoren, lorenField(helpers)),
        text('notes', 'Notes', { wide: true, maxLength: 500, hint: 'Tenant and unit, e.g. "Security deposit, J. Smith, unit 2".' }),
      ]}
      onSubmit={async (v) => {
        await addRentalDeposit({
          property_name: s(v, 'property_name'),
          amount: s(v, 'amount'),
          date: s(v, 'date'),
          notes: s(v, 'notes'),
          loren_name: optional(v.loren_name),
        });
        return 'New deposit added successfully';
      }}
    />
  );
}

export function AddInvestmentForm({ helpers }: AdminFormProps) {
  return (
    <RecordForm
      id="add-investment"
      submitLabel="Add investment"
      fields={[
        select('investor_name', 'Investor', helpers.investors_list, 'Select an investor'),
        select('property_name', 'Property', helpers.properties, 'Select a property'),
        date('date', 'Date'),
        money('amount', 'Amount'),
      ]}
      onSubmit={async (v) => {
        await addInvestment({
          property_name: s(v, 'property_name'),
          investor_name: s(v, 'investor_name'),
          date: s(v, 'date'),
          amount: s(v, 'amount'),
        });
        return 'New investment added successfully';
      }}
    />
  );
}
