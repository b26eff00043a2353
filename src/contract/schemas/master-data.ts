import { z } from 'zod';
import { PROPERTY_TYPES } from '../values/property-types.js';
import { LandContractServicingFields } from './land-contracts.js';
import { FeeFraction, IsoDate, Money, MoneyOrZero, MonthStart, Name, OptionalPictureUrl, RequiredText, Text } from '../fields.js';

/** The master data of the back office (docs/product.md "Screens", docs/api.md): LLCs, properties, investors, categories, lorens. */

export const CATEGORY_SCOPES = ['income', 'property_expense', 'llc_expense'] as const;
export type CategoryScope = (typeof CATEGORY_SCOPES)[number];

/** An optional term left empty in a form ('') counts as not given. */
const emptyIsAbsent = <T extends z.ZodType>(schema: T) =>
  z.union([z.literal('').transform(() => undefined), schema]).optional();

export const AddInvestmentPropertyRequest = z.strictObject({
  property_name: Name,
  address: RequiredText(300),
  purchase_date: IsoDate('Purchase date'),
  purchase_price: MoneyOrZero('Purchase price'),
  land_value: MoneyOrZero('Land value'),
  property_value: MoneyOrZero('Property value'),
  llc: Name,
  property_type: z.enum(PROPERTY_TYPES, { error: 'must be one of rental, land_contract, other' }),
  // Optional: a property is added without a picture, which is uploaded later.
  picture_url: OptionalPictureUrl,
  // Extension: land-contract terms (docs/rules/ledger.md), all or none.
  lc_sale_date: emptyIsAbsent(IsoDate('Sale date')),
  lc_sale_price: emptyIsAbsent(Money('Sale price')),
  lc_down_payment: emptyIsAbsent(MoneyOrZero('Down payment')),
  lc_adjusted_basis: emptyIsAbsent(MoneyOrZero('Adjusted basis')),
  lc_rate_bps: z.number().int('must be a whole number of basis points').min(0).max(10000).optional(),
  // Optional beside the terms above (docs/rules/tax-reports.md): lowers the gross profit of the installment sale.
  lc_selling_expenses: emptyIsAbsent(MoneyOrZero('Selling expenses')),
  // Optional beside the terms (docs/product.md "Land contracts"): servicing, the assumed mortgage, the buyer.
  ...LandContractServicingFields,
});

/** An SSN (123-45-6789) or an EIN (12-3456789), dashes as written; stored encrypted, shown masked. */
export const TaxId = z
  .string()
  .trim()
  .regex(/^(\d{3}-\d{2}-\d{4}|\d{2}-\d{7})$/, 'must be an SSN (123-45-6789) or an EIN (12-3456789)');

export const AddInvestorRequest = z.strictObject({
  name: Name,
  email: Text(200),
  phone: Text(50),
  address: Text(300),
  fee_percentage: FeeFraction,
  tax_id: emptyIsAbsent(TaxId),
});

export const ChangeInvestorTaxIdRequest = z.strictObject({
  investor_name: Name,
  tax_id: TaxId,
});
/** The tax ID as an admin sees it: •••-••-6789. */
export const ChangeInvestorTaxIdResponse = z.object({ message: z.string(), tax_id: z.string() });
export const AddInvestorResponse = z.object({ message: z.string(), secret: z.string() });

export const SetInvestorFeeRequest = z.strictObject({
  investor_name: Name,
  fee_percentage: FeeFraction,
  effective_month: MonthStart('Effective month'),
});

export const AddExpenseCategoryRequest = z.strictObject({
  expense_category: Name,
  scope: z.enum(CATEGORY_SCOPES, { error: 'must be one of income, property_expense, llc_expense' }).optional(),
});

export const PropertyNotesQuery = z.strictObject({ property_name: Name });
export const PropertyNotesResponse = z.object({ notes: z.string() });
export const SetPropertyNotesRequest = z.strictObject({ property_name: Name, notes: RequiredText(5000) });

const LlcFields = {
  address: RequiredText(300),
  date_started: IsoDate('Date started'),
  principal_business_activity: RequiredText(200),
  principal_product: RequiredText(200),
  business_code_number: z.string().regex(/^\d{6}$/, 'must be six digits'),
};
export const AddLlcRequest = z.strictObject({ llc_name: Name, ...LlcFields });
export const UpdateLlcRequest = AddLlcRequest;
export const LlcQuery = z.strictObject({ llc_name: Name });

/** The period lock (docs/rules/ledger.md): closed through a date, or reopened with an empty date. */
export const SetPeriodLockRequest = z.strictObject({
  llc_name: Name,
  closed_through: z.union([z.literal('').transform(() => null), z.null(), IsoDate('Closed through')]).optional(),
});
export const SetPeriodLockResponse = z.object({ message: z.string(), closed_through: z.string().nullable() });
export const PeriodLocksResponse = z.array(z.object({ llc_name: z.string(), closed_through: z.string().nullable() }));
export const LlcResponse = z.object({
  llc_name: z.string(),
  address: z.string(),
  date_started: z.string(),
  principal_business_activity: z.string(),
  principal_product: z.string(),
  business_code_number: z.string(),
});

export const AddLorenRequest = z.strictObject({ loren_name: Name });
