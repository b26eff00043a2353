import { endpoints } from '../../../../contract/endpoints';
import { useState } from 'react';
import { RecordForm, type FieldSpec, type FormValues } from '../../../components/record-form';
import { useEndpointMutation } from '../../../lib/queries';
import { adminForm } from '../shared/admin-form';
import { NewInvestorSecret } from './new-investor-secret';
import {
  date, EXPENSE_CATEGORY_USE_OPTIONS, FEE_OPTIONS, investor, llc, money, month, PROPERTY_TYPE_OPTIONS, select, TERMS, text,
} from '../shared/fields';

/** The forms that set up the books: investors, properties, categories and fees (docs/product.md "Screens"). */

const INVESTOR_FIELDS = [
  text('name', 'Name', { maxLength: 100 }),
  select('fee_percentage', 'Fee', FEE_OPTIONS, 'Select a fee', { hint: 'Share of the investor’s income kept as the management fee.' }),
  text('email', 'Email', { maxLength: 200, inputMode: 'email' }),
  text('phone', 'Phone', { maxLength: 50, inputMode: 'tel' }),
  text('address', 'Address', { wide: true, maxLength: 300 }),
  text('tax_id', 'Tax ID (optional)', { maxLength: 11, hint: 'SSN 123-45-6789 or EIN 12-3456789: kept encrypted, shown by its last four digits.' }),
];

/**
 * Add New Investor: the spec's alert gives the login secret ('New investor added successfully, login
 * secret is: {secret}'); after it, the secret stays in a panel with Copy and Print.
 */
export function AddInvestorForm() {
  const [added, setAdded] = useState<{ investor: string; secret: string } | null>(null);
  return (
    <>
      <RecordForm id="add-investor" endpoint={endpoints.addInvestor} submitLabel="Add investor" fields={INVESTOR_FIELDS}
        onSuccess={(reply, body) => setAdded({ investor: String(body.name ?? '').trim(), secret: reply.secret })} />
      {added && <NewInvestorSecret key={added.secret} {...added} onDone={() => setAdded(null)} />}
    </>
  );
}

const LC_TERMS = 'lc';
const isLandContract = (v: FormValues) => v.property_type === 'land_contract';
/** Land-contract terms: sent only when filled (the server wants all or none), the rate as a whole number. */
const LC_FIELDS = [
  date('lc_sale_date', 'Sale date', { section: LC_TERMS }),
  money('lc_sale_price', 'Sale price', { section: LC_TERMS }),
  money('lc_down_payment', 'Down payment', { section: LC_TERMS }),
  money('lc_adjusted_basis', 'Adjusted basis', { section: LC_TERMS }),
  {
    name: 'lc_rate_bps', label: 'Interest rate (basis points, 800 = 8%)', kind: 'integer', section: LC_TERMS, placeholder: '800',
  } satisfies FieldSpec<'lc_rate_bps'>,
  // Servicing terms, each optional: the installment and first due date make the schedule (Land Contracts).
  money('lc_installment', 'Monthly installment (optional)', { section: LC_TERMS, hint: 'Principal and interest the buyer pays each month.' }),
  date('lc_first_due_date', 'First due date (optional)', { section: LC_TERMS, hint: 'Later installments fall on the same day of each month.' }),
  {
    name: 'lc_grace_days', label: 'Grace days (optional)', kind: 'integer', section: LC_TERMS, placeholder: '10',
    hint: 'Days after a due date before a payment counts as late (0 to 60; 10 when empty).',
  } satisfies FieldSpec<'lc_grace_days'>,
  money('lc_assumed_mortgage', 'Assumed mortgage (optional)', { section: LC_TERMS, hint: 'A mortgage of the seller’s the buyer took over: part of the price, not owed to the seller.' }),
  text('lc_buyer_name', 'Buyer’s name (optional)', { section: LC_TERMS, maxLength: 200, hint: 'Who the payoff letter and the year-end statement are addressed to.' }),
  text('lc_buyer_address', 'Buyer’s address (optional)', { section: LC_TERMS, maxLength: 300, wide: true }),
];

export const AddInvestmentPropertyForm = adminForm(
  'add-investment-property', endpoints.addInvestmentProperty, 'Add property', ({ helpers }) => [
    text('property_name', 'Property name', { maxLength: 100 }),
    llc(helpers, 'llc'),
    text('address', 'Address', { wide: true, maxLength: 300 }),
    select('property_type', 'Property type', PROPERTY_TYPE_OPTIONS, 'Select a type', { hint: TERMS.landContract }),
    date('purchase_date', 'Purchase date'),
    money('purchase_price', 'Purchase price'),
    money('land_value', 'Land value', { hint: 'Part of the price that is land (not depreciated).' }),
    money('property_value', 'Property value'),
    text('picture_url', 'Picture URL', {
      maxLength: 2048, inputMode: 'url',
      hint: 'Optional: leave it empty and, once the property is added, upload its picture below. Until then investors see a tile with its initials.',
    }),
    ...LC_FIELDS,
  ],
  {
    sections: [
      {
        id: LC_TERMS,
        title: 'Land-contract terms',
        visible: isLandContract,
        hint: 'Fill the first five to record the sale terms now, or leave them all empty; the servicing terms after them are optional.',
      },
    ],
  },
);

export const AddExpenseCategoryForm = adminForm('add-expense-category', endpoints.addExpenseCategory, 'Add category', () => [
  text('expense_category', 'Category name', { maxLength: 100 }),
  select('scope', 'Used for', EXPENSE_CATEGORY_USE_OPTIONS, 'Select where it is used'),
], { defaults: { scope: 'property_expense' } });

const INCOME_CATEGORY_FIELDS = [
  text('expense_category', 'Category name', { maxLength: 100, hint: 'Offered under Category in Add New Income, e.g. Rent or Late Fee.' }),
];

/**
 * Add Income Category: the same call as Add Expense Category with the income use, which the expense form
 * no longer offers (an income category is not an expense). The spec's success alert is the call's own.
 */
export function AddIncomeCategoryForm() {
  const add = useEndpointMutation(endpoints.addExpenseCategory);
  return (
    <RecordForm id="add-income-category" endpoint={endpoints.addExpenseCategory} submitLabel="Add category"
      fields={INCOME_CATEGORY_FIELDS} send={(body) => add.mutateAsync({ body: { expense_category: String(body.expense_category), scope: 'income' } })} />
  );
}

export const ChangeInvestorFeeForm = adminForm('change-investor-fee', endpoints.setInvestorFee, 'Change fee', ({ helpers }) => [
  investor(helpers, 'investor_name'),
  select('fee_percentage', 'New fee', FEE_OPTIONS, 'Select a fee'),
  month('effective_month', 'Effective from month', { hint: 'The new fee applies from this month on; earlier months keep the old fee.' }),
]);
