import type { AddInvestmentPropertyRequest } from '../../../../contract/admin';
import { RecordForm, type FieldSpec, type FormValues } from '../../../components/record-form';
import { addExpenseCategory, addInvestmentProperty, addInvestor, setInvestorFee } from '../admin-api';
import {
  CATEGORY_SCOPE_OPTIONS,
  date,
  FEE_OPTIONS,
  money,
  propertyTypeOptions,
  select,
  text,
  type AdminFormProps,
} from './fields';

/** The forms that set up the books: investors, properties, categories and fees (portal-spec §2, §3, §8). */
const s = (v: FormValues, k: string): string => v[k] ?? '';

export function AddInvestorForm({ onChanged }: AdminFormProps) {
  return (
    <RecordForm
      id="add-investor"
      submitLabel="Add investor"
      fields={[
        text('name', 'Name', { maxLength: 100 }),
        select('fee_percentage', 'Fee', FEE_OPTIONS, 'Select a fee', { hint: 'Share of the investor’s income kept as the management fee.' }),
        text('email', 'Email', { maxLength: 200, inputMode: 'email' }),
        text('phone', 'Phone', { maxLength: 50, inputMode: 'tel' }),
        text('address', 'Address', { wide: true, maxLength: 300 }),
      ]}
      onSubmit={async (v) => {
        const { secret } = await addInvestor({
          name: s(v, 'name'),
          email: s(v, 'email'),
          phone: s(v, 'phone'),
          address: s(v, 'address'),
          fee_percentage: s(v, 'fee_percentage'),
        });
        return `New investor added successfully, login secret is: ${secret}`;
      }}
      onSuccess={onChanged}
    />
  );
}

const LC_TERMS = 'lc';
const isLandContract = (v: FormValues) => v.property_type === 'land_contract';
const LC_FIELDS: FieldSpec[] = [
  date('lc_sale_date', 'Sale date', { required: false, section: LC_TERMS }),
  money('lc_sale_price', 'Sale price', { required: false, section: LC_TERMS }),
  money('lc_down_payment', 'Down payment', { required: false, section: LC_TERMS }),
  money('lc_adjusted_basis', 'Adjusted basis', { required: false, section: LC_TERMS }),
  {
    name: 'lc_rate_bps',
    label: 'Interest rate (basis points, 800 = 8%)',
    kind: 'integer',
    required: false,
    section: LC_TERMS,
    placeholder: '800',
  },
];

/** The land-contract terms go out only when some are filled; the server wants all or none. */
function landContractTerms(v: FormValues): Partial<AddInvestmentPropertyRequest> {
  if (!isLandContract(v) || LC_FIELDS.every((f) => s(v, f.name).trim() === '')) return {};
  const rate = s(v, 'lc_rate_bps').trim();
  return {
    lc_sale_date: s(v, 'lc_sale_date') || undefined,
    lc_sale_price: s(v, 'lc_sale_price') || undefined,
    lc_down_payment: s(v, 'lc_down_payment') || undefined,
    lc_adjusted_basis: s(v, 'lc_adjusted_basis') || undefined,
    // Basis points are a whole number, not money: sent as a JSON number.
    lc_rate_bps: rate === '' ? undefined : Number(rate),
  };
}

export function AddInvestmentPropertyForm({ helpers, onChanged }: AdminFormProps) {
  return (
    <RecordForm
      id="add-investment-property"
      submitLabel="Add property"
      fields={[
        text('property_name', 'Property name', { maxLength: 100 }),
        select('llc', 'LLC', helpers.llcs_list, 'Select an LLC'),
        text('address', 'Address', { wide: true, maxLength: 300 }),
        select('property_type', 'Property type', propertyTypeOptions(helpers.property_types), 'Select a type'),
        date('purchase_date', 'Purchase date'),
        money('purchase_price', 'Purchase price'),
        money('land_value', 'Land value', { hint: 'Part of the price that is land (not depreciated).' }),
        money('property_value', 'Property value'),
        text('picture_url', 'Picture URL', { maxLength: 2048, inputMode: 'url', hint: 'Link to a photo, e.g. https://…/front.jpg' }),
        ...LC_FIELDS,
      ]}
      sections={[
        {
          id: LC_TERMS,
          title: 'Land-contract terms',
          visible: isLandContract,
          hint: 'Fill all five to record the sale terms now, or leave them all empty.',
        },
      ]}
      onSubmit={async (v) => {
        await addInvestmentProperty({
          property_name: s(v, 'property_name'),
          address: s(v, 'address'),
          purchase_date: s(v, 'purchase_date'),
          purchase_price: s(v, 'purchase_price'),
          land_value: s(v, 'land_value'),
          property_value: s(v, 'property_value'),
          llc: s(v, 'llc'),
          property_type: s(v, 'property_type') as AddInvestmentPropertyRequest['property_type'],
          picture_url: s(v, 'picture_url'),
          ...landContractTerms(v),
        });
        return 'New property added successfully';
      }}
      onSuccess={onChanged}
    />
  );
}

export function AddExpenseCategoryForm({ onChanged }: AdminFormProps) {
  return (
    <RecordForm
      id="add-expense-category"
      submitLabel="Add category"
      defaults={{ scope: 'property_expense' }}
      fields={[
        text('expense_category', 'Category name', { maxLength: 100 }),
        select('scope', 'Used for', CATEGORY_SCOPE_OPTIONS, 'Select where it is used'),
      ]}
      onSubmit={async (v) => {
        await addExpenseCategory({
          expense_category: s(v, 'expense_category'),
          scope: s(v, 'scope') as 'income' | 'property_expense' | 'llc_expense',
        });
        return 'New category added successfully';
      }}
      onSuccess={onChanged}
    />
  );
}

export function ChangeInvestorFeeForm({ helpers }: AdminFormProps) {
  return (
    <RecordForm
      id="change-investor-fee"
      submitLabel="Change fee"
      fields={[
        select('investor_name', 'Investor', helpers.investors_list, 'Select an investor'),
        select('fee_percentage', 'New fee', FEE_OPTIONS, 'Select a fee'),
        {
          name: 'effective_month',
          label: 'Effective from month',
          kind: 'month',
          required: true,
          hint: 'The new fee applies from this month on; earlier months keep the old fee.',
        },
      ]}
      onSubmit={async (v) => {
        await setInvestorFee({
          investor_name: s(v, 'investor_name'),
          fee_percentage: s(v, 'fee_percentage'),
          effective_month: s(v, 'effective_month'),
        });
        return 'Fee updated successfully';
      }}
    />
  );
}
